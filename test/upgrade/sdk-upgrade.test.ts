// The upgrade a user makes: a stack written by the oldest lane (SDK 3.248 on Node 20),
// then the same program with the newest SDK on this lane's Node. The serialized provider
// (`__provider`) is the SDK's closure serialization of our provider object; measured on
// 3.248 (Node 20) and 3.270 (Node 24) its text is byte for byte the same, since it
// captures no module (only functions that `require` by package name), so the pnpm
// path rewriting of 3.26x does not reach it. A later SDK may still change it, so the
// test marks the old state's `__provider` as written elsewhere (a trailing comment, still
// valid code) and checks that the newest SDK shows no change, writes nothing to the API,
// and leaves its own serialization in state. Runs in the current lane
// (scripts/run-lane.sh passes the oldest lane's Node and SDK, and the tarball).
import { expect } from "chai";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { createPulumiEnv, PulumiEnv, TOOLS_DIR } from "../e2e/pulumi-env";
import { API_KEY, SHAPES, startWorld, World } from "../e2e/fixtures";
import { npmIn, packedTarball, runUser, UserRun, writeUserProject } from "../e2e/support/user-project";

const SERVER_TYPE = "pulumi-nodejs:dynamic/hosting:Server";

function lane(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: this suite runs in the current lane (bash scripts/run-lane.sh current)`);
  return value;
}

function serverIn(state: any): any {
  return state.deployment.resources.find((r: any) => r.type === SERVER_TYPE);
}

function serializedProvider(exported: UserRun): string {
  return serverIn(exported.state).inputs.__provider;
}

/** Appends `suffix` to the server's `__provider` (inputs and outputs) in `state`; returns the new text. */
function markProvider(state: any, suffix: string): string {
  const server = serverIn(state);
  server.inputs.__provider += suffix;
  if (server.outputs?.__provider) server.outputs.__provider += suffix;
  return server.inputs.__provider;
}

describe(`upgrade: a stack written by the oldest SDK on Node 20, then the newest SDK on Node ${process.versions.node}`, function () {
  const newSdk: string = require("@pulumi/pulumi/package.json").version;
  let oldNodeBin: string;
  let oldSdk: string;
  let oldProject: string;
  let newProject: string;
  let env: PulumiEnv;

  before(async function () {
    this.timeout(600_000);
    oldNodeBin = lane("HOSTING_OLDEST_NODE_BIN");
    oldSdk = lane("HOSTING_OLDEST_SDK");
    oldProject = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-upgrade-old-"));
    newProject = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-upgrade-new-"));
    const tarball = packedTarball(oldProject);
    for (const [dir, sdk, nodeBin] of [[oldProject, oldSdk, oldNodeBin], [newProject, newSdk, undefined]] as const) {
      writeUserProject(dir);
      npmIn(dir, ["install", "--no-audit", "--no-fund", `@pulumi/pulumi@${sdk}`, tarball], nodeBin);
    }
    env = await createPulumiEnv();
  });

  after(() => {
    env?.dispose();
    for (const dir of [oldProject, newProject]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const shape of SHAPES) {
    it(`shape ${shape}: preview --expect-no-changes and up after the upgrade change nothing`, async () => {
      const world: World = await startWorld(shape);
      try {
        const vars = { ...env.envVars, TOOLS_DIR, STACK: `upgrade-${shape}`, KEY: API_KEY, SIM_URL: world.sim.url };
        const up = await runUser(oldProject, "up", vars, oldNodeBin);
        expect([up.result, up.sdk], "the first up ran on the oldest SDK").to.deep.equal(["succeeded", oldSdk]);
        expect(up.node, "the first up ran on Node 20").to.match(/^v20\./);
        const exported = await runUser(oldProject, "export", vars, oldNodeBin);
        const marked = markProvider(exported.state, `\n// serialized by @pulumi/pulumi ${oldSdk} on Node ${up.node}\n`);
        const stateFile = path.join(oldProject, "state.json");
        fs.writeFileSync(stateFile, JSON.stringify(exported.state));
        await runUser(oldProject, "import", { ...vars, STATE_FILE: stateFile }, oldNodeBin);
        expect(serializedProvider(await runUser(oldProject, "export", vars, oldNodeBin))).to.equal(marked);
        await world.sim.resetStats();

        const preview = await runUser(newProject, "preview", vars);
        expect([preview.node, preview.sdk]).to.deep.equal([process.version, newSdk]);
        expect(preview.changes).to.not.have.any.keys("create", "update", "replace", "delete");
        const again = await runUser(newProject, "up", vars);
        expect(again.changes).to.not.have.any.keys("create", "update", "replace", "delete");
        expect(again.outputs!.id).to.equal(up.outputs!.id);
        const stats = await world.sim.stats();
        expect(Object.keys(stats.byRoute).filter((k) => !k.startsWith("GET ")), "no write reached the API").to.deep.equal([]);

        // The no-change up wrote the newest SDK's own serialization over the marked one.
        const after = serializedProvider(await runUser(newProject, "export", vars));
        expect(after, "the state holds the newest SDK's serialization").to.not.equal(marked);
        expect(after, "a whole serialized provider").to.match(/^exports\.handler = /);
        const down = await runUser(newProject, "destroy", vars);
        expect(down.result).to.equal("succeeded");
        expect(await world.sim.liveServers()).to.deep.equal([]);
      } finally {
        await world.close();
      }
    });
  }
});
