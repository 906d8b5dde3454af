// `kill -9` of `pulumi up` while it creates 20 servers, then the documented recovery, tagless
// (`hosting-orphans --stack`, `--adopt`) and tagged (`--tag`), leaves exactly the 20 declared
// servers, each once, all in state, none left behind.
//
// Scenario 4 of the fault suite: `kill -9` of `pulumi up` while it creates 20 servers, then
// the recovery that the README documents, in two forms:
//   pulumi cancel                             (release the lock of the dead process)
//   pulumi refresh --clear-pending-creates    (drop creates the engine never saw finish)
// tagless, with ownerTag unset (shape B's default servers carry no tag):
//   hosting-orphans --stack <stack> --cwd <project>           (preview; pair planned creates with untracked servers)
//   hosting-orphans --stack <stack> --cwd <project> --adopt   (record them in hosting:adopt)
//   pulumi up                                                  (adopt them, create the rest)
// tagged, with ownerTag declared (the opt-in of shape B):
//   hosting-orphans --state ... --tag ...     (list servers this stack owns but does not record)
//   hosting-orphans ... --delete              (only when asked)
//   pulumi up                                 (create what is missing)
// The final fleet must be exact: 20 live servers, each declared server once, all in state,
// none left behind.
import { expect } from "chai";
import { ChildProcess, execFile, spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { promisify } from "util";
import { createPulumiEnv, PulumiEnv, REPO_ROOT, TOOLS_DIR } from "./pulumi-env";
import { API_KEY, SHAPES, startWorld, World } from "./fixtures";
import { packageBin } from "./support/package-bin";
import { countRequests } from "../helpers/simulator";
import { cancelAfterKill } from "./support/killed-recovery";

const RUNNER = path.join(REPO_ROOT, "dist", "test", "e2e", "support", "fleet-runner.js");
const ORPHANS_CLI = packageBin("hosting-orphans");
const FLEET = 20;
const SERVER_TYPE = "pulumi-nodejs:dynamic/hosting:Server";

/**
 * The processes whose command line contains `program` (e.g. `dynamic-provider`) and whose
 * environment holds `marker`: the ones this test's runner started, whatever their process
 * group (Linux /proc).
 */
function processesOf(program: string, marker: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(program)) continue;
      if (fs.readFileSync(`/proc/${entry}/environ`, "utf8").split("\0").includes(marker)) pids.push(Number(entry));
    } catch {
      // The process ended while being read, or is not ours to read.
    }
  }
  return pids;
}

const serverIds = (exported: string): string[] =>
  JSON.parse(exported).deployment.resources.filter((r: any) => r.type === SERVER_TYPE).map((r: any) => r.id).sort();

for (const shape of SHAPES) {
  for (const ownerTag of ["default", "declared"] as const) {
    const mode = ownerTag === "default" ? "tagless recovery, ownerTag unset" : "tagged recovery, ownerTag declared";
    describe(`faults, shape ${shape}: kill -9 in the middle of an up (${mode})`, function () {
      let world: World;
      let env: PulumiEnv;
      let workDir: string;
      const stackName = `crash-${shape.toLowerCase()}-${ownerTag}`;

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
        ...(ownerTag === "declared" ? { RUNNER_OWNER_TAG: "declared" } : {}),
        SIM_URL: world.sim.url,
        KEY: API_KEY,
      });

      async function run(verb: string): Promise<string> {
        const { stdout } = await promisify(execFile)("node", [RUNNER], { env: runnerEnv(verb), maxBuffer: 64 * 1024 * 1024 });
        return stdout;
      }

      async function taggedCli(stateFile: string, ...extra: string[]): Promise<string> {
        const { stdout } = await promisify(execFile)("node", [ORPHANS_CLI, "--state", stateFile, "--tag", `pulumi-stack:hosting-e2e/${stackName}`, ...extra], {
          env: { ...process.env, HOSTING_API_KEY: API_KEY, HOSTING_BASE_URL: world.sim.url },
        });
        return stdout;
      }

      /** The tagless mode, as a user runs it in the project: key and base URL from the stack config. */
      async function taglessCli(...extra: string[]): Promise<string> {
        const { stdout } = await promisify(execFile)("node", [ORPHANS_CLI, "--stack", stackName, "--cwd", workDir, ...extra], {
          env: { ...process.env, ...env.envVars, PATH: `${path.join(TOOLS_DIR, "bin")}:${process.env.PATH}` },
          maxBuffer: 64 * 1024 * 1024,
        });
        return stdout;
      }

      it("4. recovers to the exact fleet: orphans are found, acted on only when asked, and up completes it", async () => {
        // Its own process group, so that kill -9 takes the CLI and the provider plugin down together.
        const child: ChildProcess = spawn("node", [RUNNER], { env: runnerEnv("up"), detached: true, stdio: "ignore" });
        while ((await world.sim.rawServers()).length < 8) await new Promise((r) => setTimeout(r, 20));
        const marker = `RUNNER_WORKDIR=${workDir}`;
        const providerProcesses = () => processesOf("dynamic-provider", marker);
        expect(providerProcesses(), "the provider process of this up, seen before the kill").to.not.deep.equal([]);
        process.kill(-child.pid!, "SIGKILL");
        await new Promise((r) => setTimeout(r, 500));
        const createdBeforeKill = await world.sim.rawServers();
        // README: the provider process notices within 15 s that its engine is gone and ends.
        const deadline = Date.now() + 25_000;
        while (providerProcesses().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
        expect(providerProcesses(), "no provider process is left 25 s after the kill").to.deep.equal([]);
        // The CLI starts the program's language host (this repository's stand-in,
        // scripts/language-host) in a process group of its own, which the kill does not reach
        // and which never learns that its engine is gone: end it here, as a CI runner's end would.
        for (const pid of processesOf("language-host", marker)) process.kill(pid, "SIGKILL");

        await cancelAfterKill(() => run("cancel"), env.backendDir, stackName);
        await run("refresh");
        const stateFile = path.join(workDir, "state.json");
        fs.writeFileSync(stateFile, await run("export"));
        const inState = new Set(serverIds(fs.readFileSync(stateFile, "utf8")));
        const expectedOrphans = createdBeforeKill.filter((s) => !inState.has(s.id)).map((s) => s.id).sort();
        expect(expectedOrphans.length, "the kill left servers the state does not know").to.be.greaterThan(0);
        if (shape === "B" && ownerTag === "default") {
          expect(createdBeforeKill.every((s) => (s.tags ?? []).length === 0), "shape B's default servers carry no tag").to.equal(true);
        }

        if (ownerTag === "default") {
          const listing = await taglessCli();
          console.log(`      shape ${shape}: ${expectedOrphans.length} orphan(s); hosting-orphans --stack said:\n        ${listing.trim().split("\n").slice(-2).join("\n        ")}`);
          const matched = [...listing.matchAll(/^match (\S+) for /gm)].map((m) => m[1]).sort();
          expect(matched).to.deep.equal(expectedOrphans);
          expect(listing).to.not.match(/^ambiguous /m);
          expect(listing).to.match(new RegExp(`^${expectedOrphans.length} match\\(es\\), 0 ambiguous, 0 unmatchable; 0 other server`, "m"));
          expect(listing).to.include("nothing changed");
          expect((await world.sim.liveServers()).length, "listing changes nothing").to.equal(createdBeforeKill.length);
          const unconfirmed = await taglessCli("--delete").then(() => undefined, (e) => e);
          expect(unconfirmed?.stderr, "--delete with no terminal and no --yes").to.include("--delete needs a confirmation: run it in a terminal, or add --yes");
          expect((await world.sim.liveServers()).length, "an unconfirmed --delete deletes nothing").to.equal(createdBeforeKill.length);
          expect(await taglessCli("--adopt")).to.include(`recorded ${expectedOrphans.length} adoption(s) in hosting:adopt of stack ${stackName}`);
        } else {
          const listing = await taggedCli(stateFile);
          const listed = [...listing.matchAll(/^orphan (\S+)/gm)].map((m) => m[1]).sort();
          expect(listed).to.deep.equal(expectedOrphans);
          expect(listing).to.include("nothing deleted");
          expect((await world.sim.liveServers()).length, "listing deletes nothing").to.equal(createdBeforeKill.length);
          expect(await taggedCli(stateFile, "--delete")).to.include(`deleted ${expectedOrphans.length}`);
        }

        await world.sim.resetStats();
        await run("up");
        const stats = await world.sim.stats();
        const live = await world.sim.liveServers();
        expect(live.length).to.equal(FLEET);
        expect(live.map((s) => s.label).sort()).to.deep.equal(Array.from({ length: FLEET }, (_, i) => `crash-${i + 1}`).sort());
        const finalIds = serverIds(await run("export"));
        expect(finalIds).to.deep.equal(live.map((s) => s.id).sort());
        if (ownerTag === "default") {
          // The adopted orphans are the servers of their resources: none created twice, none patched.
          for (const id of expectedOrphans) expect(finalIds).to.include(id);
          expect(countRequests(stats, "POST /v1/servers")).to.equal(FLEET - inState.size - expectedOrphans.length);
          expect(countRequests(stats, "PATCH /v1/servers/:id")).to.equal(0);
          expect(await taglessCli()).to.match(/^0 match\(es\), 0 ambiguous, 0 unmatchable; 0 other server/m);
        } else {
          fs.writeFileSync(stateFile, await run("export"));
          expect(await taggedCli(stateFile)).to.include("0 orphaned server(s)");
        }

        await run("destroy");
        expect(await world.sim.liveServers()).to.deep.equal([]);
      });
    });
  }
}
