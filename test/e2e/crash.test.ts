// Scenario 4 of the fault suite: `kill -9` of `pulumi up` while it creates 20
// servers, then the recovery that the README documents:
//   pulumi cancel                             (release the lock of the dead process)
//   pulumi refresh --clear-pending-creates    (drop creates the engine never saw finish)
//   hosting-orphans --state ... --tag ...     (list servers this stack owns but does not record)
//   hosting-orphans ... --delete              (only when asked)
//   pulumi up                                 (create what is missing)
// The final fleet must be exact: 20 live servers, all in state, none left behind.
import { expect } from "chai";
import { ChildProcess, execFile, spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { promisify } from "util";
import { createPulumiEnv, PulumiEnv, REPO_ROOT } from "./pulumi-env";
import { API_KEY, SHAPES, startWorld, World } from "./fixtures";
import { packageBin } from "./support/package-bin";

const RUNNER = path.join(REPO_ROOT, "dist", "test", "e2e", "support", "fleet-runner.js");
const ORPHANS_CLI = packageBin("hosting-orphans");
const FLEET = 20;

/**
 * The dynamic-provider processes (`.../dynamic-provider/index.js`) whose environment holds
 * `marker`: the ones this test's runner started, whatever their process group (Linux /proc).
 */
function providerProcesses(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("dynamic-provider")) continue;
      if (fs.readFileSync(`/proc/${entry}/environ`, "utf8").split("\0").includes(marker)) pids.push(Number(entry));
    } catch {
      // The process ended while being read, or is not ours to read.
    }
  }
  return pids;
}

for (const shape of SHAPES) {
  describe(`faults, shape ${shape}: kill -9 in the middle of an up`, function () {
    let world: World;
    let env: PulumiEnv;
    let workDir: string;
    const stackName = `crash-${shape.toLowerCase()}`;

    before(async () => {
      world = await startWorld(shape, { provisionMs: 3000 });
      env = await createPulumiEnv();
      workDir = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-crash-"));
    });

    after(async () => {
      await world.close();
      env.dispose();
      fs.rmSync(workDir, { recursive: true, force: true });
    });

    const runnerEnv = (verb: string) => ({
      ...process.env,
      ...env.envVars,
      RUNNER_VERB: verb,
      RUNNER_COUNT: String(FLEET),
      RUNNER_STACK: stackName,
      RUNNER_WORKDIR: workDir,
      SIM_URL: world.sim.url,
      KEY: API_KEY,
    });

    async function run(verb: string): Promise<string> {
      const { stdout } = await promisify(execFile)("node", [RUNNER], { env: runnerEnv(verb), maxBuffer: 64 * 1024 * 1024 });
      return stdout;
    }

    async function orphansCli(stateFile: string, ...extra: string[]): Promise<string> {
      const { stdout } = await promisify(execFile)("node", [ORPHANS_CLI, "--state", stateFile, "--tag", `pulumi-stack:hosting-e2e/${stackName}`, ...extra], {
        env: { ...process.env, HOSTING_API_KEY: API_KEY, HOSTING_BASE_URL: world.sim.url },
      });
      return stdout;
    }

    it("4. recovers to the exact fleet: orphans are found, deleted only when asked, and up completes it", async () => {
      // Its own process group, so that kill -9 takes the CLI and the provider plugin down together.
      const child: ChildProcess = spawn("node", [RUNNER], { env: runnerEnv("up"), detached: true, stdio: "ignore" });
      while ((await world.sim.rawServers()).length < 8) await new Promise((r) => setTimeout(r, 20));
      const marker = `RUNNER_WORKDIR=${workDir}`;
      expect(providerProcesses(marker), "the provider process of this up, seen before the kill").to.not.deep.equal([]);
      process.kill(-child.pid!, "SIGKILL");
      await new Promise((r) => setTimeout(r, 500));
      const createdBeforeKill = await world.sim.rawServers();
      // README: the provider process notices within 15 s that its engine is gone and ends.
      const deadline = Date.now() + 25_000;
      while (providerProcesses(marker).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      expect(providerProcesses(marker), "no provider process is left 25 s after the kill").to.deep.equal([]);

      await run("cancel");
      await run("refresh");
      const stateFile = path.join(workDir, "state.json");
      fs.writeFileSync(stateFile, await run("export"));
      const inState = new Set<string>(
        JSON.parse(fs.readFileSync(stateFile, "utf8"))
          .deployment.resources.filter((r: any) => r.type === "pulumi-nodejs:dynamic/hosting:Server")
          .map((r: any) => r.id),
      );
      const expectedOrphans = createdBeforeKill.filter((s) => !inState.has(s.id)).map((s) => s.id).sort();
      expect(expectedOrphans.length, "the kill left servers the state does not know").to.be.greaterThan(0);

      const listing = await orphansCli(stateFile);
      const listed = [...listing.matchAll(/^orphan (\S+)/gm)].map((m) => m[1]).sort();
      expect(listed).to.deep.equal(expectedOrphans);
      expect(listing).to.include("nothing deleted");
      expect((await world.sim.liveServers()).length, "listing deletes nothing").to.equal(createdBeforeKill.length);

      const deleting = await orphansCli(stateFile, "--delete");
      expect(deleting).to.include(`deleted ${expectedOrphans.length}`);

      await run("up");
      const live = await world.sim.liveServers();
      expect(live.length).to.equal(FLEET);
      expect(new Set(live.map((s) => s.label)).size).to.equal(FLEET);
      fs.writeFileSync(stateFile, await run("export"));
      const finalIds = JSON.parse(fs.readFileSync(stateFile, "utf8"))
        .deployment.resources.filter((r: any) => r.type === "pulumi-nodejs:dynamic/hosting:Server")
        .map((r: any) => r.id)
        .sort();
      expect(finalIds).to.deep.equal(live.map((s) => s.id).sort());
      expect(await orphansCli(stateFile)).to.include("0 orphaned server(s)");

      await run("destroy");
      expect(await world.sim.liveServers()).to.deep.equal([]);
    });
  });
}
