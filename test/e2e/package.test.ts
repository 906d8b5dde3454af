// Scenario 9: the package as users get it. The packed tarball installed with a
// plain `npm install` (no flags) into a fresh project that already has the SDK of
// this lane (the repository's 3.248 in the oldest lane, the newest 3.x in the
// current lane: scripts/lanes.json), then up, refresh, a no-change preview and
// destroy through the real CLI, in a separate process on this lane's Node.
import { expect } from "chai";
import { execFileSync, spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { createPulumiEnv, PulumiEnv, TOOLS_DIR } from "./pulumi-env";
import { API_KEY, SHAPES, startWorld, World } from "./fixtures";
import { npmIn, packedTarball, runUser, writeUserProject } from "./support/user-project";

/** What the package may hold: package.json, README and compiled provider/protocol/simulator code. */
const SHIPPED = /^(package\.json|README\.md|LICENSE|schema\.json|dist\/(provider|protocol|simulator)\/[\w./-]+\.(js|d\.ts))$/;

/** Every file below `dir`, as a relative POSIX path, sorted. */
function listFiles(dir: string, prefix = ""): string[] {
  return fs.readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]))
    .sort();
}

describe("end to end: the packed tarball installed into a fresh project", function () {
  const sdkVersion: string = require("@pulumi/pulumi/package.json").version;
  let project: string;
  let env: PulumiEnv;
  let installLog = "";
  let packed: string[];

  before(async function () {
    this.timeout(300_000);
    project = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-tarball-"));
    const tarball = packedTarball(project);
    // What `npm pack` put in the tarball (every entry sits under `package/`).
    packed = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).split("\n").filter(Boolean).map((f) => f.replace(/^package\//, ""));
    writeUserProject(project);
    npmIn(project, ["install", `@pulumi/pulumi@${sdkVersion}`]);
    // What a user types: no --legacy-peer-deps, no --force. npm's warnings go to stderr, so both are kept.
    installLog = npmIn(project, ["install", tarball, "--loglevel=warn"]);
    env = await createPulumiEnv();
  });

  after(() => {
    env?.dispose();
    if (project) fs.rmSync(project, { recursive: true, force: true });
  });

  it(`installs into a project on @pulumi/pulumi ${sdkVersion} with plain npm install: no peer or engine warning`, () => {
    expect(installLog).to.not.match(/peer|ERESOLVE|EBADENGINE|Unsupported engine/i);
    expect(fs.lstatSync(path.join(project, "node_modules", "pulumi-hosting")).isSymbolicLink(), "installed, not linked").to.equal(false);
    const installed = require(path.join(project, "node_modules", "@pulumi", "pulumi", "package.json")).version;
    expect(installed, "the install kept the project's SDK").to.equal(sdkVersion);
  });

  it("ships only the compiled provider, protocol and simulator (.js, .d.ts), README, package.json and the plugin's schema.json", () => {
    const installed = listFiles(path.join(project, "node_modules", "pulumi-hosting"));
    expect(installed.filter((f) => !SHIPPED.test(f)), "files outside the allowed set").to.deep.equal([]);
    expect(installed.filter((f) => !packed.includes(f)), "installed but not in `npm pack`").to.deep.equal([]);
    for (const needed of ["package.json", "README.md", "schema.json", "dist/provider/plugin/main.js", "dist/provider/index.js", "dist/protocol/events.js", "dist/simulator/cli.js", "dist/provider/server/provider.js"]) {
      expect(installed, needed).to.include(needed);
    }
  });

  // The command-line conventions of every bin the package installs, run as a user runs them
  // (node_modules/.bin, the lane's Node first on PATH): --help, --version, an unknown flag.
  const BINS = ["hosting-gitops", "hosting-orphans", "hosting-import", "hosting-simulator", "pulumi-resource-hosting"];
  for (const bin of BINS) {
    it(`${bin} from the tarball: --help exits 0 with the usage on stdout, --version prints the package version, an unknown flag exits 2 naming it`, () => {
      const file = path.join(project, "node_modules", ".bin", bin);
      const version: string = require(path.join(project, "node_modules", "pulumi-hosting", "package.json")).version;
      // A bin that started serving instead of answering is killed by the time-out: status null, not 0.
      const run = (arg: string) => spawnSync(file, [arg], { cwd: project, encoding: "utf8", timeout: 30_000 });
      const help = run("--help");
      expect(help.status, help.stderr).to.equal(0);
      expect(help.stdout).to.match(new RegExp(`^usage: ${bin}`)).and.to.match(/exit codes:/);
      expect(help.stderr).to.equal("");
      const shown = run("--version");
      expect(shown.status, shown.stderr).to.equal(0);
      expect(shown.stdout).to.equal(`${version}\n`);
      const bad = run("--no-such-flag");
      expect(bad.status).to.equal(2);
      expect(bad.stderr).to.equal(`${bin}: unknown flag --no-such-flag (see ${bin} --help)\n`);
      expect(bad.stdout).to.equal("");
    });
  }

  // Bad input: the installed package beside a stand-in SDK whose every module throws, so a
  // message from deep inside the SDK shows that the check came too late or not at all.
  const badSdks: Array<[string, Record<string, unknown>, string]> = [
    ["an SDK below the peer range", { version: "3.200.0", engines: { node: ">=18" } }, "needs @pulumi/pulumi >=3.248.0 <4.0.0; this project has 3.200.0"],
    ["an SDK that needs a newer Node", { version: "3.999.0", engines: { node: ">=99" } }, `@pulumi/pulumi 3.999.0 needs Node.js >=99; this is Node.js ${process.version}`],
  ];
  for (const [what, sdkPackage, message] of badSdks) {
    it(`loading it with ${what} stops with one message naming the versions, no stack trace`, () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-bad-sdk-"));
      try {
        fs.cpSync(path.join(project, "node_modules", "pulumi-hosting"), path.join(dir, "node_modules", "pulumi-hosting"), { recursive: true });
        const sdk = path.join(dir, "node_modules", "@pulumi", "pulumi");
        fs.mkdirSync(sdk, { recursive: true });
        fs.writeFileSync(path.join(sdk, "package.json"), JSON.stringify({ name: "@pulumi/pulumi", ...sdkPackage }));
        fs.writeFileSync(path.join(sdk, "index.js"), 'throw new Error("deep inside the SDK");');
        const run = spawnSync(process.execPath, ["-e", 'require("pulumi-hosting")'], { cwd: dir, encoding: "utf8" });
        expect(run.status).to.equal(1);
        expect(run.stderr).to.include(message).and.to.include("README: Tested with");
        expect(run.stderr).to.not.include("deep inside the SDK");
        expect(run.stderr, "no stack frames").to.not.match(/^\s+at /m);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  for (const shape of SHAPES) {
    it(`shape ${shape}: up, refresh, a no-change preview and destroy on Node ${process.versions.node}`, async () => {
      const world: World = await startWorld(shape);
      try {
        const vars = { ...env.envVars, TOOLS_DIR, STACK: `tarball-${shape}`, KEY: API_KEY, SIM_URL: world.sim.url };
        const up = await runUser(project, "up", vars);
        expect(up.result).to.equal("succeeded");
        expect([up.node, up.sdk]).to.deep.equal([process.version, sdkVersion]);
        expect(up.outputs!.status).to.equal("active");
        const live = await world.sim.liveServers();
        expect(live.map((s) => s.id)).to.deep.equal([up.outputs!.id]);
        expect(live[0].label).to.equal("from-tarball");
        const refresh = await runUser(project, "refresh", vars);
        expect(refresh.changes).to.not.have.any.keys("update", "delete");
        const preview = await runUser(project, "preview", vars);
        expect(preview.changes).to.not.have.any.keys("create", "update", "replace", "delete");
        const down = await runUser(project, "destroy", vars);
        expect(down.result).to.equal("succeeded");
        expect(await world.sim.liveServers()).to.deep.equal([]);
      } finally {
        await world.close();
      }
    });
  }
});
