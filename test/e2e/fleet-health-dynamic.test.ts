// A Fleet's health-gated roll on the dynamic face through the real CLI, both shapes: a roll to a
// healthy image never drops below 8 healthy members, one to a never-healthy image is rolled back
// (or recorded with `rollback: false`), and a canary makes exactly one new server.
//
// A Fleet's health-gated roll through the real CLI on the packed tarball, on the dynamic face (a
// Node.js program requiring "pulumi-hosting"), in both shapes: 8 members whose health check is
// the simulator's health route, `maxSurge: 2`.
// - A roll to an image healthy 1 s after `active`, sampled every 150 ms while the `up` runs:
//   never fewer than 8 healthy members, never more than 10 servers (a roll that took `active`
//   for healthy would delete old servers while their replacements still fail the check).
// - A roll to an image whose servers never pass: the `up` fails after the first batch naming the
//   members and the check; the rollback leaves exactly the 8 old-spec servers, all healthy, and
//   no new one (only the first batch's 2 were ever made).
// - The same with `rollback: false`: the 8 old servers stay members (maxUnavailable 0) and the
//   failed batch's 2 new servers are recorded as leftovers: the state holds exactly what exists.
// - A canary of 1 held 20 s (`canaryPauseSeconds`) to a never-healthy image: exactly 1 new server
//   was ever made.
// - A flapping check with `healthyThreshold: 3` (support/flapping-roll.ts): no old server goes
//   before every new one passed 3 times in a row.
// The health check goes through a relay that logs every probe (support/health-watch.ts). Ctrl-C
// in a health wait is fleet-health-roll.test.ts's: this face's host forwards no Cancel.
import { expect } from "chai";
import { SHAPES, type World } from "./fixtures";
import type { PluginProject } from "./support/plugin-project";
import { expectFlappingRoll, FLAPPING_IMAGE } from "./support/flapping-roll";
import { accountOf, closeHealthProject, expectSampledRoll, openHealthProject, sampleHealth, watchHealth, type ProbeRelay } from "./support/health-watch";
import { fleetOutputs } from "./support/fleet-state";
import { ALMA, DEBIAN, FEDORA, ROCKY, UBUNTU } from "./support/os-images";
import { given } from "./support/given";


const NODE_PROGRAM = `const pulumi = require("@pulumi/pulumi");
const hosting = require("pulumi-hosting");
const config = new pulumi.Config();
const rollback = config.getBoolean("rollback");
const fleet = new hosting.Fleet("fleet", {
  maxSurge: config.getNumber("maxSurge") ?? 2,
  canary: config.getNumber("canary") ?? 0,
  canaryPauseSeconds: config.getNumber("canaryPauseSeconds") ?? 0,
  defaults: { plan: "vc2-1c-1gb", os: config.get("os") || "ubuntu-24.04" },
  groups: [{ name: "web", regions: ["ewr"], count: 8 }],
  healthCheck: {
    url: config.require("healthUrl"),
    intervalSeconds: 0.2,
    timeoutSeconds: 1,
    healthyThreshold: config.getNumber("healthyThreshold") ?? 1,
    deadlineSeconds: config.getNumber("deadlineSeconds") ?? 3,
  },
  ...(rollback === undefined ? {} : { rollback }),
});
exports.members = fleet.members;
`;

const PROJECT = "name: fleet-health-node\nruntime: nodejs\nmain: index.js\n";


for (const shape of SHAPES) {
  describe(`Fleet health-gated roll on the dynamic face (a Node program), shape ${shape}`, function () {
    let world: World;
    let project: PluginProject;
    let relay: ProbeRelay;

    before(async function () {
      ({ world, project, relay } = await openHealthProject(shape, "fleet-health-node", PROJECT, { "index.js": NODE_PROGRAM }));
    });
    after(() => closeHealthProject({ world, project, relay }));

    const { live, liveIds, everIds, madeSince } = accountOf(() => world.sim);
    async function roll(os: string): Promise<string> {
      await project.pulumi("config", "set", "os", os);
      try {
        await project.pulumi("up", "--yes", "--skip-preview");
      } catch (e) {
        return (e as Error).message;
      }
      return "";
    }

    /** The first up, which every later case stands on. */
    const upped = given(() => project.pulumi("up", "--yes", "--skip-preview"));

    it("up makes 8 members, each healthy", async () => {
      await upped();
      const sample = await sampleHealth(world.sim);
      expect(sample).to.deep.equal({ servers: 8, healthy: 8 });
    });

    it("a roll to an image healthy 1 s after active never has fewer than 8 healthy members nor more than 10 servers at any sample", async () => {
      await upped();
      await world.sim.admin("PUT", "/health", { rules: [{ image: "debian-12", mode: "after", afterSeconds: 1 }] });
      const watch = watchHealth(world.sim, 150);
      const failure = await roll("debian-12");
      const samples = await watch.stop();
      expect(failure).to.equal("");
      expectSampledRoll(samples, 8, 2, `shape ${shape}`);
      const servers = await live();
      expect(servers.map((s) => s.os_id)).to.deep.equal(Array(8).fill(DEBIAN));
      expect((await world.sim.rawServers()).filter((s) => s.os_id === UBUNTU).every((s) => s.deleted_at)).to.equal(true);
    });

    it("a roll to a never-healthy image fails after the first batch naming the members and the check; rollback leaves exactly the 8 old-spec servers, all healthy", async () => {
      await upped();
      const before = await liveIds();
      const ever = await everIds();
      await world.sim.admin("PUT", "/health", { rules: [{ image: "rocky-9", mode: "never" }] });
      const failure = await roll("rocky-9");
      expect(failure).to.match(/member web-ewr-1: server \S+ is active but not healthy: health check \(GET http:\/\/127\.0\.0\.1:\d+\/_health\/\S+\) did not pass within deadlineSeconds 3/);
      expect(failure).to.match(/member web-ewr-2: server \S+ is active but not healthy/);
      expect(failure).to.match(/× status 503/);
      expect(failure).to.match(/rolled back/);
      const made = await madeSince(ever);
      expect(made.map((s) => s.os_id), "only the first batch was ever made").to.deep.equal([ROCKY, ROCKY]);
      expect(made.every((s) => s.deleted_at), "no new server is left").to.equal(true);
      expect(await liveIds(), "exactly the 8 old servers").to.deep.equal(before);
      expect((await live()).every((s) => s.os_id === DEBIAN)).to.equal(true);
      expect(await sampleHealth(world.sim), "all of them healthy").to.deep.equal({ servers: 8, healthy: 8 });
      const outs = fleetOutputs(await project.pulumi("stack", "export"));
      expect(Object.values(outs.members).map((m: any) => m.id).sort()).to.deep.equal(before);
      expect(Object.values(outs.members).every((m: any) => m.os === "debian-12")).to.equal(true);
      expect(outs.leftovers).to.deep.equal({});
      expect(outs.heldRoll?.members).to.deep.equal(["web-ewr-1", "web-ewr-2"]);
    });

    it("with rollback: false the roll stops after the first batch: the 8 old servers stay members and the failed batch is recorded as leftovers", async () => {
      await upped();
      const before = await liveIds();
      const ever = await everIds();
      await project.pulumi("config", "set", "rollback", "false");
      await world.sim.admin("PUT", "/health", { rules: [{ image: "almalinux-9", mode: "never" }] });
      const failure = await roll("almalinux-9");
      expect(failure).to.match(/member web-ewr-1: server \S+ is active but not healthy: health check \(GET http:\/\/127\.0\.0\.1:\d+\/_health\/\S+\) did not pass within deadlineSeconds 3/);
      expect(failure).to.match(/member web-ewr-2: /);
      expect(failure).to.not.match(/rolled back/);
      const made = await madeSince(ever);
      expect(made.map((s) => s.os_id), "only the first batch was ever made").to.deep.equal([ALMA, ALMA]);
      const liveNow = await liveIds();
      expect(liveNow, "the 8 old servers and the failed batch's 2").to.deep.equal([...before, ...made.map((s) => s.id)].sort());
      const outs = fleetOutputs(await project.pulumi("stack", "export"));
      expect(Object.values(outs.members).map((m: any) => m.id).sort(), "the old servers are the members").to.deep.equal(before);
      expect(Object.keys(outs.leftovers).sort(), "the failed batch is recorded").to.deep.equal(made.map((s) => s.id).sort());
      expect(outs.heldRoll ?? null, "no roll is held without a rollback").to.equal(null);
    });

    it("a canary of 1 held 20 s to a never-healthy image makes exactly 1 new server; the 8 old servers are left, all healthy", async () => {
      await upped();
      const before = fleetOutputs(await project.pulumi("stack", "export")).members as Record<string, { id: string }>;
      const ever = await everIds();
      await world.sim.admin("PUT", "/health", { rules: [{ image: "fedora-40", mode: "never" }] });
      await project.config({ rollback: "true", canary: "1", canaryPauseSeconds: "20" });
      const failure = await roll("fedora-40");
      expect(failure).to.match(/member web-ewr-1: server \S+ is active but not healthy: health check \(GET http:\/\/127\.0\.0\.1:\d+\/_health\/\S+\) did not pass within deadlineSeconds 3/);
      expect(failure).to.not.match(/member web-ewr-2:/);
      expect(failure).to.match(/rolled back/);
      const made = (await madeSince(ever)).filter((s) => s.os_id === FEDORA);
      expect(made, "exactly 1 new server was ever made").to.have.length(1);
      const old = Object.values(before).map((m) => m.id).sort();
      expect(await liveIds(), "the 8 old servers (the leftovers of the last roll deleted)").to.deep.equal(old);
      expect(await sampleHealth(world.sim)).to.deep.equal({ servers: 8, healthy: 8 });
      const outs = fleetOutputs(await project.pulumi("stack", "export"));
      expect(outs.leftovers).to.deep.equal({});
      expect(outs.heldRoll?.members).to.deep.equal(["web-ewr-1"]);
      await project.config({ canary: "0", canaryPauseSeconds: "0" });
    });

    it("a flapping check is not healthy before its passes in a row: with healthyThreshold 3, no old server goes before every new one passed 3 times in a row", async () => {
      await upped();
      await project.config({ os: FLAPPING_IMAGE.slug, maxSurge: "8", healthyThreshold: "3", deadlineSeconds: "30" });
      await expectFlappingRoll(world, relay, () => project.start("up", "--yes", "--skip-preview"));
    });
  });
}
