// Shape B's tag window under the rate limit, through the real CLI on both faces: `kill -9` of a
// 100-member Fleet's `up` while at least 20 servers carry no tags yet, in a create and in a roll,
// then the guide's recovery leaves exactly the declared members and nothing for hosting-orphans.
//
// The CLI runs the packed tarball: the plugin face from Pulumi YAML, the dynamic face from a
// JavaScript program. A Fleet of 100 on the default tier (a burst of 100 requests, then 1 a
// second) sends its POSTs in the burst and each member's tag PATCH after its POST, one a second.
// `kill -9` of the whole `pulumi up` (CLI, language host, provider) while at least 20 servers the
// API made carry no tags yet, once during the create and once during a roll (maxSurge 100: one
// batch of 100 POSTs), then the recovery docs/guide/recovery.md gives ("A killed up"):
//   pulumi cancel --yes
//   pulumi refresh --clear-pending-creates --yes
//   pulumi up --yes
// and the account must hold exactly the declared members: every server the API ever made is a
// member or deleted, no member has two servers, the next preview shows no change, and
// hosting-orphans finds nothing. After each kill's refresh, hosting-orphans (by state and tag)
// lists exactly the servers the state lacks: a killed create's, untagged ones among them; none
// after a killed roll, whose servers the refresh records as the Fleet's leftovers.
// Each killed run starts with the key's bucket full (a tier change starts it full, as an idle
// minute or two of a real runner refills it), so it sends its burst and then meets the limit.
// The recovery runs on the default tier too, as a real runner's would: at 1 request a second
// after the burst, its deletes, POSTs, tag PATCHes and waits take a case a few minutes (under 5
// on a 2-core machine), within the suite's 10-minute time-out per test.
// The simulator's server table (deleted servers included) is the evidence, never the CLI's word.
import { expect } from "chai";
import { execFile } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { promisify } from "util";
import { API_KEY, startWorld, type World } from "./fixtures";
import { fleetIdIn, fleetIn } from "./support/fleet-state";
import { killWhen } from "./support/kill-run";
import { releaseKilledRun } from "./support/killed-recovery";
import { packageBin } from "./support/package-bin";
import { createPluginProject, type PluginProject } from "./support/plugin-project";
import { OS_ID } from "./support/os-images";
import { given } from "./support/given";

const ORPHANS_CLI = packageBin("hosting-orphans");
const STACK = "burst-b";
const MEMBERS = 100;
const UNTAGGED_AT_KILL = 20;
// The kill is sent once the simulator lists this many more untagged servers: between that list
// and the kill taking effect, PATCHes already sent (1 a second) may still tag a few.
const KILL_MARGIN = 5;
// Each POST's answer is held 1.5 s after the server exists (a slow API answer; the simulator's
// delay fault), so a member's tag PATCH, which waits for that answer, cannot take the burst's
// tokens before the other members' POSTs: the burst ends with most servers untagged, whatever the
// machine's speed, instead of a count that depends on how fast answers come back.
const SLOW_POST_ANSWERS = { rules: [{ route: "POST /v1/servers", delayRate: 1, delayMs: 1500 }] };

const YAML = `name: fleet-burst
runtime: yaml
config:
  os: { type: string, default: ubuntu-24.04 }
resources:
  fleet:
    type: hosting:index:Fleet
    properties:
      maxSurge: 100
      defaults:
        plan: vc2-1c-1gb
        os: \${os}
      groups:
        - name: web
          regions: [ewr, fra]
          count: ${MEMBERS / 2}
`;

const NODE_PROGRAM = `const pulumi = require("@pulumi/pulumi");
const hosting = require("pulumi-hosting");
const config = new pulumi.Config();
new hosting.Fleet("fleet", {
  maxSurge: 100,
  defaults: { plan: "vc2-1c-1gb", os: config.get("os") || "ubuntu-24.04" },
  groups: [{ name: "web", regions: ["ewr", "fra"], count: ${MEMBERS / 2} }],
});
`;

// `provider` matches the command line of the process that runs the Fleet's code on that face.
const FACES = [
  { face: "plugin face (Pulumi YAML)", project: "fleet-burst", yaml: YAML, files: {} as Record<string, string>, provider: /\/pulumi-resource-hosting /u },
  { face: "dynamic face (JavaScript)", project: "fleet-burst-node", yaml: "name: fleet-burst-node\nruntime: nodejs\nmain: index.js\n", files: { "index.js": NODE_PROGRAM }, provider: /@pulumi\/pulumi\/cmd\/dynamic-provider/u },
];

for (const { face, project: projectName, yaml, files, provider } of FACES) {
  describe(`Fleet, shape B, 100 members on the default tier, ${face}: kill -9 while servers are untagged, then the documented recovery`, function () {
    let world: World;
    let project: PluginProject;
    let started = 0;

    before(async () => {
      started = Date.now();
      world = await startWorld("B", { keys: [{ key: API_KEY, permission: "full", tier: "default" }] });
      project = await createPluginProject(STACK, yaml, files);
      await project.config({ "hosting:baseUrl": world.sim.url }, { "hosting:apiKey": API_KEY });
    });
    after(async () => {
      await tier("pro");
      await project?.pulumi("destroy", "--yes", "--skip-preview").catch(() => undefined);
      project?.dispose();
      await world?.close();
      console.log(`      fleet-burst, ${face}: ${Math.round((Date.now() - started) / 1000)} s in all`);
    });

    const raw = (): Promise<any[]> => world.sim.rawServers();
    const untagged = (servers: any[]) => servers.filter((s) => s.deleted_at === null && (s.tags ?? []).length === 0);
    /** The key's tier (its bucket starts full). */
    const tier = (name: "default" | "pro") => world?.sim.admin("PATCH", `/keys/${API_KEY}`, { tier: name });

    /** Starts `pulumi up`, waits until `ready` holds for the simulator's servers, then kills it all, the face's provider among them. */
    async function killDuring(what: string, ready: (servers: any[]) => boolean): Promise<void> {
      const ended = await killWhen(project, STACK, ["up", "--yes", "--skip-preview"], what, async () => ready(await raw()));
      expect(ended.some((command) => provider.test(command)), `the provider among the processes killed:\n${ended.join("\n")}`).to.equal(true);
    }

    async function orphansByState(): Promise<string> {
      const stateFile = path.join(project.dir, "state.json");
      fs.writeFileSync(stateFile, await project.pulumi("stack", "export"));
      const { stdout } = await promisify(execFile)("node", [ORPHANS_CLI, "--state", stateFile, "--tag", `pulumi-stack:${projectName}/${STACK}`, "--tag", `hosting-fleet:${projectName}/${STACK}/fleet`], {
        env: { ...process.env, HOSTING_API_KEY: API_KEY, HOSTING_BASE_URL: world.sim.url },
      });
      return stdout;
    }

    /** After a kill: the untagged servers carry the fleet's pending label (an update's names `instance`), and hosting-orphans lists exactly the unrecorded servers. */
    async function afterKill(recorded: Set<string>, instance?: string): Promise<string[]> {
      await world.sim.admin("PUT", "/faults", { rules: [] });
      const left = untagged(await raw());
      expect(left.length, "servers untagged at the kill").to.be.at.least(UNTAGGED_AT_KILL);
      // A create's POSTs carry the create's pending label, an update's (a roll's) the update's.
      const label = instance !== undefined ? `hosting-pending:${projectName}/${STACK}/fleet#${instance}` : `hosting-pending-new:${projectName}/${STACK}/fleet`;
      expect(left.every((s) => s.label === label), `every untagged server carries the pending label ${label}`).to.equal(true);
      await releaseKilledRun(project, STACK);
      await project.pulumi("refresh", "--clear-pending-creates", "--yes", "--skip-preview");
      // The refresh of a recorded Fleet records what its killed run made as leftovers; a killed create's are in no state.
      const fleet = fleetIn(await project.pulumi("stack", "export"));
      const inState = new Set([...Object.values(fleet?.members ?? {}), ...Object.values(fleet?.leftovers ?? {})].map((m) => m.id));
      const unrecorded = (await raw()).filter((s) => s.deleted_at === null && !inState.has(s.id)).map((s) => s.id).sort();
      if (recorded.size > 0) expect(unrecorded, "the refresh records every server the killed roll made").to.deep.equal([]);
      const byState = await orphansByState();
      expect([...byState.matchAll(/^orphan (\S+)/gm)].map((m) => m[1]).sort(), byState).to.deep.equal(unrecorded);
      await project.pulumi("up", "--yes", "--skip-preview");
      return left.map((s) => s.id);
    }

    /** The account holds exactly the 100 members on `os`, all in the state, nothing else; then no change and no orphan. */
    async function expectExact(os: keyof typeof OS_ID): Promise<string[]> {
      const live = await world.sim.liveServers();
      expect(live.length, "live servers").to.equal(MEMBERS);
      expect(new Set(live.map((s) => s.label)).size, "one server per member").to.equal(MEMBERS);
      expect(live.every((s) => s.os_id === OS_ID[os]), `every member on ${os}`).to.equal(true);
      const fleet = fleetIn(await project.pulumi("stack", "export"))!;
      const members = Object.values(fleet.members).map((m) => m.id).sort();
      expect(members, "the state's members are the live servers").to.deep.equal(live.map((s) => s.id).sort());
      expect(fleet.leftovers).to.deep.equal({});
      for (const s of await raw()) expect(s.deleted_at !== null || members.includes(s.id), `server ${s.id} is a member or deleted`).to.equal(true);
      await project.pulumi("preview", "--expect-no-changes");
      expect(await orphansByState()).to.include("0 orphaned server(s)");
      return members;
    }

    /** The fleet's 100 members exist (after the first case's recovery, this up changes nothing). */
    const made = given(async () => void (await project.pulumi("up", "--yes", "--skip-preview")));

    it("a create killed with at least 20 servers untagged: the recovery takes them over and ends with exactly the 100 members", async () => {
      const t0 = Date.now();
      await world.sim.admin("PUT", "/faults", SLOW_POST_ANSWERS);
      await killDuring(`${UNTAGGED_AT_KILL + KILL_MARGIN} servers POSTed and untagged`, (servers) => untagged(servers).length >= UNTAGGED_AT_KILL + KILL_MARGIN);
      const left = await afterKill(new Set());
      const members = await expectExact("ubuntu-24.04");
      expect(left.filter((id) => !members.includes(id)), "every untagged server is a member, none made again").to.deep.equal([]);
      console.log(`      ${face}: create killed with ${left.length} untagged server(s); recovered in ${Math.round((Date.now() - t0) / 1000)} s`);
    });

    it("a roll killed with at least 20 new servers untagged: the recovery ends with exactly the 100 members, rolled", async () => {
      await made();
      const t0 = Date.now();
      const before = new Set((await world.sim.liveServers()).map((s) => s.id));
      const instance = fleetIdIn(await project.pulumi("stack", "export"));
      expect(instance, "the Fleet's id in the state").to.match(/^fleet-/);
      await project.pulumi("config", "set", "os", "debian-12");
      await tier("default");
      await world.sim.admin("PUT", "/faults", SLOW_POST_ANSWERS);
      await killDuring(`${UNTAGGED_AT_KILL + KILL_MARGIN} new servers POSTed and untagged`, (servers) => untagged(servers).filter((s) => !before.has(s.id)).length >= UNTAGGED_AT_KILL + KILL_MARGIN);
      const left = await afterKill(before, instance);
      const members = await expectExact("debian-12");
      expect(members.some((id) => before.has(id)), "no old server is a member").to.equal(false);
      expect(left.filter((id) => !members.includes(id)), "every untagged new server is a member, none made again").to.deep.equal([]);
      console.log(`      ${face}: roll killed with ${left.length} untagged server(s); recovered in ${Math.round((Date.now() - t0) / 1000)} s`);
    });
  });
}
