// Scenario 9: the package as users get it. The packed tarball installed with a
// plain `npm install` (no flags) into a fresh project that already has the SDK of
// this lane (the repository's 3.248 in the oldest lane, the newest 3.x in the
// current lane: scripts/lanes.json), then up, refresh, a no-change preview and
// destroy through the real CLI, in a separate process on this lane's Node.
import { expect } from "chai";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { createPulumiEnv, PulumiEnv, TOOLS_DIR } from "./pulumi-env";
import { API_KEY, SHAPES, startWorld, World } from "./fixtures";
import { npmIn, packedTarball, runUser, writeUserProject } from "./support/user-project";

describe("end to end: the packed tarball installed into a fresh project", function () {
  const sdkVersion: string = require("@pulumi/pulumi/package.json").version;
  let project: string;
  let env: PulumiEnv;
  let installLog = "";

  before(async function () {
    this.timeout(300_000);
    project = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-tarball-"));
    const tarball = packedTarball(project);
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

  it("ships only dist/provider, dist/simulator, README and package.json", () => {
    const files = fs.readdirSync(path.join(project, "node_modules", "pulumi-hosting", "dist"));
    expect(files.sort()).to.deep.equal(["provider", "simulator"]);
  });

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
