// No crash forks a fleet, through the real CLI on the packed tarball, both shapes, on
// both faces (the plugin face from Pulumi YAML, the dynamic face from a JavaScript program):
// a fleet of 8 (web × ewr, fra × 4, maxSurge 4: a roll is 2 batches), servers 3 s to provision.
// `kill -9` of the whole `pulumi up` (CLI, language host, plugin) at each of: mid-create,
// after a roll's first batch, during a roll's deletes, during a count-down, mid-destroy; then the
// recovery docs/guide/recovery.md gives ("A killed up"):
//   pulumi cancel --yes
//   pulumi refresh --clear-pending-creates --yes
//   pulumi up --yes                     (pulumi destroy --yes after a killed destroy)
// and the account must hold exactly the declared members: every server the API ever created is
// a member or deleted, no member has two servers, no server was made twice, the next preview
// shows no change, and hosting-orphans finds nothing. After the killed create, hosting-orphans
// (by state and tag, and by preview) must list exactly the servers the state lacks.
// The simulator's server table (deleted servers included) is the evidence, never the CLI's word.
import { expect } from "chai";
import { execFile } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { promisify } from "util";
import { countRequests } from "../helpers/simulator";
import { API_KEY, SHAPES, startWorld, type World } from "./fixtures";
import { TOOLS_DIR } from "./pulumi-env";
import { fleetIn } from "./support/fleet-state";
import { killWhen } from "./support/kill-run";
import { recoverKilledRun } from "./support/killed-recovery";
import { packageBin } from "./support/package-bin";
import { createPluginProject, type PluginProject } from "./support/plugin-project";
import { DEBIAN, UBUNTU } from "./support/os-images";
import { given } from "./support/given";

const PROVISION_MS = 3000;
const ORPHANS_CLI = packageBin("hosting-orphans");

const YAML = `name: fleet-crash
runtime: yaml
config:
  os: { type: string, default: ubuntu-24.04 }
  count: { type: integer, default: 4 }
resources:
  fleet:
    type: hosting:index:Fleet
    properties:
      maxSurge: 4
      defaults:
        plan: vc2-1c-1gb
        os: \${os}
        tags: [e2e]
      groups:
        - name: web
          regions: [ewr, fra]
          count: \${count}
`;

const NODE_PROGRAM = `const pulumi = require("@pulumi/pulumi");
const hosting = require("pulumi-hosting");
const config = new pulumi.Config();
const fleet = new hosting.Fleet("fleet", {
  maxSurge: 4,
  defaults: { plan: "vc2-1c-1gb", os: config.get("os") || "ubuntu-24.04", tags: ["e2e"] },
  groups: [{ name: "web", regions: ["ewr", "fra"], count: config.getNumber("count") ?? 4 }],
});
exports.members = fleet.members;
`;

const FACES = [
  { face: "plugin face (Pulumi YAML)", project: "fleet-crash", yaml: YAML, files: {} as Record<string, string> },
  { face: "dynamic face (JavaScript)", project: "fleet-crash-node", yaml: "name: fleet-crash-node\nruntime: nodejs\nmain: index.js\n", files: { "index.js": NODE_PROGRAM } },
];

for (const { face, project: projectName, yaml, files } of FACES) {
  for (const shape of SHAPES) {
    describe(`Fleet crash safety, ${face}, shape ${shape}: kill -9 at every step, then the documented recovery`, function () {
      let world: World;
      let project: PluginProject;
      const stack = `crash-${shape.toLowerCase()}`;

      before(async () => {
        world = await startWorld(shape, { provisionMs: PROVISION_MS });
        project = await createPluginProject(stack, yaml, files);
        await project.config({ "hosting:baseUrl": world.sim.url }, { "hosting:apiKey": API_KEY });
      });
      after(async () => {
        await project?.pulumi("destroy", "--yes", "--skip-preview").catch(() => undefined);
        project?.dispose();
        await world?.close();
      });

      const raw = () => world.sim.rawServers();
      const exported = () => project.pulumi("stack", "export");

      /** Starts `pulumi <verb>`, waits until `ready` holds for the simulator's servers, then kills it all. */
      const killDuring = (verb: string, what: string, ready: (servers: any[]) => boolean) =>
        killWhen(project, stack, [verb, "--yes", "--skip-preview"], what, async () => ready(await raw()));

      const recover = (finish: "up" | "destroy") => recoverKilledRun(project, stack, finish);
      const up = () => project.pulumi("up", "--yes", "--skip-preview");
      /** The fleet's members exist (after the first case's recovery, this up changes nothing). */
      const members = given(async () => void (await up()));
      /** The fleet has rolled to debian-12 (after the roll case's recovery, this up changes nothing). */
      const onDebian = given(async () => {
        await members();
        await project.pulumi("config", "set", "os", "debian-12");
        await up();
      });

      /** The account holds exactly `count` members on `osId`, all in the state, nothing else; then no change and no orphan. */
      async function expectExact(count: number, osId: number): Promise<void> {
        const live = await world.sim.liveServers();
        expect(live.length, "live servers").to.equal(count);
        expect(new Set(live.map((s) => s.label)).size, "one server per member").to.equal(count);
        expect(live.every((s) => s.os_id === osId), "every member on the declared OS").to.equal(true);
        const state = exported();
        const fleet = fleetIn(await state)!;
        const members = Object.values(fleet.members).map((m) => m.id).sort();
        expect(members, "the state's members are the live servers").to.deep.equal(live.map((s) => s.id).sort());
        expect(fleet.leftovers).to.deep.equal({});
        for (const s of await raw()) expect(s.deleted_at !== null || members.includes(s.id), `server ${s.id} is a member or deleted`).to.equal(true);
        await project.pulumi("preview", "--expect-no-changes");
        const stateFile = path.join(project.dir, "state.json");
        fs.writeFileSync(stateFile, await state);
        expect(await orphansByState(stateFile)).to.include("0 orphaned server(s)");
      }

      async function orphansByState(stateFile: string, ...extra: string[]): Promise<string> {
        const { stdout } = await promisify(execFile)("node", [ORPHANS_CLI, "--state", stateFile, "--tag", `pulumi-stack:${projectName}/${stack}`, "--tag", `hosting-fleet:${projectName}/${stack}/fleet`, ...extra], {
          env: { ...process.env, HOSTING_API_KEY: API_KEY, HOSTING_BASE_URL: world.sim.url },
        });
        return stdout;
      }

      async function orphansByPreview(...extra: string[]): Promise<string> {
        const { stdout } = await promisify(execFile)("node", [ORPHANS_CLI, "--stack", stack, "--cwd", project.dir, ...extra], {
          env: { ...process.env, ...project.env.envVars, PATH: `${path.join(TOOLS_DIR, "bin")}:${process.env.PATH}` },
          maxBuffer: 64 * 1024 * 1024,
        });
        return stdout;
      }

      it("mid-create (members POSTed, none active): hosting-orphans lists exactly the unrecorded servers, and the recovery takes every one over with no second POST", async () => {
        // Killed once 3 members are POSTed and tagged, with more POSTs in flight. In shape B a server
        // is tagged by a PATCH after its POST: one killed before its PATCH carries no tags, only the
        // fleet's pending label (docs/guide/ownership.md), and the recovery takes it over for a
        // member it fits by region, plan and image, as it takes over a tagged one.
        await killDuring("up", "members POSTed", (servers) => servers.length >= 3 && servers.every((s) => (s.tags ?? []).some((t: string) => t.startsWith("hosting-member:"))));
        const made = await raw();
        const untagged = made.filter((s) => (s.tags ?? []).length === 0).map((s) => s.id);
        if (shape === "A") expect(untagged, "shape A's create tags the server").to.deep.equal([]);
        expect(made.filter((s) => untagged.includes(s.id)).every((s) => s.label === `hosting-pending-new:${projectName}/${stack}/fleet`), "an untagged server carries the create's pending label").to.equal(true);
        expect(made.every((s) => s.status !== "active"), "none active at the kill").to.equal(true);
        await project.pulumi("cancel", "--yes");
        await project.pulumi("refresh", "--clear-pending-creates", "--yes", "--skip-preview");
        const stateFile = path.join(project.dir, "state.json");
        fs.writeFileSync(stateFile, await exported());
        const unrecorded = (await raw()).map((s) => s.id).sort();
        const byState = await orphansByState(stateFile);
        expect([...byState.matchAll(/^orphan (\S+)/gm)].map((m) => m[1]).sort(), byState).to.deep.equal(unrecorded);
        const byPreview = await orphansByPreview();
        expect([...byPreview.matchAll(/^fleet-member (\S+): (?:member web-\w+-\d|an untagged server) of fleet /gm)].map((m) => m[1]).sort(), byPreview).to.deep.equal(unrecorded);
        expect(byPreview).to.match(/^0 match\(es\), 0 ambiguous, 0 unmatchable/m);
        expect(await orphansByPreview("--adopt")).to.include(`nothing to record for ${unrecorded.length} fleet server(s)`);
        await world.sim.resetStats();
        await project.pulumi("up", "--yes", "--skip-preview");
        const posts = countRequests(await world.sim.stats(), "POST /v1/servers 20");
        console.log(`      ${face}, shape ${shape}: ${unrecorded.length} server(s) made before the kill, ${untagged.length} untagged; the recovery's up sent ${posts} POST(s)`);
        expect(posts, "a POST only for the members the killed run never reached").to.equal(8 - unrecorded.length);
        expect((await raw()).length, "no server made twice").to.equal(8);
        expect((await raw()).filter((s) => untagged.includes(s.id)).every((s) => s.deleted_at === null), "every untagged server kept, as a member").to.equal(true);
        await expectExact(8, UBUNTU);
      });

      it("after a roll's first batch: the recovery takes over the new servers, replaces the rest, and made no server twice", async () => {
        await members();
        await project.pulumi("config", "set", "os", "debian-12");
        await killDuring("up", "the second batch started", (servers) => servers.filter((s) => s.os_id === DEBIAN).length >= 5);
        await recover("up");
        expect((await raw()).filter((s) => s.os_id === DEBIAN).length, "8 debian servers made in all").to.equal(8);
        await expectExact(8, DEBIAN);
      });

      it("during a roll's deletes: the recovery deletes what is left, and made no server twice", async () => {
        await onDebian();
        await project.pulumi("config", "set", "os", "ubuntu-24.04");
        const before = (await raw()).length;
        await killDuring("up", "the first batch's deletes sent", (servers) => servers.some((s) => s.os_id === DEBIAN && s.deleted_at !== null));
        await recover("up");
        expect((await raw()).length - before, "8 new servers in all").to.equal(8);
        await expectExact(8, UBUNTU);
      });

      it("during a count-down: the recovery ends with the 4 declared members", async () => {
        await members();
        await project.pulumi("config", "set", "count", "2");
        const deleted = async () => (await raw()).filter((s) => s.deleted_at !== null).length;
        const already = await deleted();
        await killDuring("up", "the count-down's first delete", (servers) => servers.filter((s) => s.deleted_at !== null).length > already);
        await recover("up");
        expect(await deleted(), "only the 4 members no longer declared went").to.equal(already + 4);
        await expectExact(4, UBUNTU);
      });

      it("mid-destroy: the recovery's destroy leaves no server", async () => {
        await members();
        const live = (await world.sim.liveServers()).length;
        await killDuring("destroy", "the destroy's first delete", (servers) => servers.filter((s) => s.deleted_at === null).length < live);
        await recover("destroy");
        expect(await world.sim.liveServers()).to.deep.equal([]);
      });
    });
  }
}
