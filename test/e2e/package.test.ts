// Scenario 9: the package as users get it. `npm pack`, install the tarball into
// a fresh temporary project (no links into this repository), and run `up` and
// `destroy` there with that project's own @pulumi/pulumi, in a separate process.
import { expect } from "chai";
import { execFile, execFileSync } from "child_process";
import { promisify } from "util";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { createPulumiEnv, PulumiEnv, REPO_ROOT, TOOLS_DIR } from "./pulumi-env";
import { API_KEY, SHAPES, startWorld, World } from "./fixtures";

const RUNNER = `// Written by test/e2e/package.test.ts: a user's program, run inline.
const { LocalWorkspace, PulumiCommand } = require("@pulumi/pulumi/automation");
const hosting = require("pulumi-hosting");

(async () => {
  const command = await PulumiCommand.get({ root: process.env.TOOLS_DIR, skipVersionCheck: true });
  const program = async () => {
    const s = new hosting.Server("web", { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: "from-tarball" });
    return { id: s.id, status: s.status };
  };
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: process.env.STACK, projectName: "tarball-user", program },
    { workDir: __dirname, pulumiCommand: command, projectSettings: { name: "tarball-user", runtime: "nodejs", main: __dirname } },
  );
  await stack.setAllConfig({
    "hosting:apiKey": { value: process.env.KEY, secret: true },
    "hosting:baseUrl": { value: process.env.SIM_URL },
  });
  const result = process.argv[2] === "up" ? await stack.up() : await stack.destroy();
  const outputs = {};
  for (const [k, v] of Object.entries(result.outputs || {})) outputs[k] = v.value;
  console.log(JSON.stringify({ result: result.summary.result, outputs }));
})().catch((err) => { console.error(String(err && err.message || err)); process.exit(1); });
`;

/** What the package may hold: package.json, README and compiled provider/protocol/simulator code. */
const SHIPPED = /^(package\.json|README\.md|LICENSE|dist\/(provider|protocol|simulator)\/[\w./-]+\.(js|d\.ts))$/;

/** Every file below `dir`, as a relative POSIX path, sorted. */
function listFiles(dir: string, prefix = ""): string[] {
  return fs.readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]))
    .sort();
}

describe("end to end: the packed tarball installed into a fresh project", function () {
  let project: string;
  let env: PulumiEnv;
  let packed: string[];

  before(async function () {
    this.timeout(300_000);
    project = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-tarball-"));
    const packOutput = execFileSync("npm", ["pack", "--json", "--pack-destination", project], { cwd: REPO_ROOT, encoding: "utf8" });
    const tarball = path.join(project, JSON.parse(packOutput)[0].filename);
    packed = (JSON.parse(packOutput)[0].files as { path: string }[]).map((f) => f.path);
    const sdkVersion = require("@pulumi/pulumi/package.json").version;
    fs.writeFileSync(
      path.join(project, "package.json"),
      JSON.stringify({ name: "tarball-user", private: true, dependencies: { "pulumi-hosting": `file:${tarball}`, "@pulumi/pulumi": sdkVersion } }),
    );
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], { cwd: project, stdio: "inherit" });
    expect(fs.lstatSync(path.join(project, "node_modules", "pulumi-hosting")).isSymbolicLink(), "installed, not linked").to.equal(false);
    fs.writeFileSync(path.join(project, "run.js"), RUNNER);
    env = await createPulumiEnv();
  });

  after(() => {
    env?.dispose();
    if (project) fs.rmSync(project, { recursive: true, force: true });
  });

  it("ships only the compiled provider, protocol and simulator (.js, .d.ts), README and package.json", () => {
    const installed = listFiles(path.join(project, "node_modules", "pulumi-hosting"));
    expect(installed.filter((f) => !SHIPPED.test(f)), "files outside the allowed set").to.deep.equal([]);
    expect(installed.filter((f) => !packed.includes(f)), "installed but not in `npm pack`").to.deep.equal([]);
    for (const needed of ["package.json", "README.md", "dist/provider/index.js", "dist/protocol/events.js", "dist/simulator/cli.js", "dist/provider/server/provider.js"]) {
      expect(installed, needed).to.include(needed);
    }
  });

  for (const shape of SHAPES) {
    it(`shape ${shape}: up creates the server and destroy removes it`, async () => {
      const world: World = await startWorld(shape);
      try {
        // Asynchronous: this process serves the simulator, so it must not block while the runner calls it.
        const run = async (verb: string) => {
          const { stdout } = await promisify(execFile)("node", ["run.js", verb], {
            cwd: project,
            encoding: "utf8",
            env: { ...process.env, ...env.envVars, TOOLS_DIR, STACK: `tarball-${shape}`, KEY: API_KEY, SIM_URL: world.sim.url },
          });
          return JSON.parse(stdout.trim().split("\n").pop()!);
        };
        const up = await run("up");
        expect(up.result).to.equal("succeeded");
        expect(up.outputs.status).to.equal("active");
        const live = await world.sim.liveServers();
        expect(live.map((s) => s.id)).to.deep.equal([up.outputs.id]);
        expect(live[0].label).to.equal("from-tarball");
        const down = await run("destroy");
        expect(down.result).to.equal("succeeded");
        expect(await world.sim.liveServers()).to.deep.equal([]);
      } finally {
        await world.close();
      }
    });
  }
});
