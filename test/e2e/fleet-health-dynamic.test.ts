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
import { expect } from "chai";
import { SHAPES, type World } from "./fixtures";
import type { PluginProject } from "./support/plugin-project";
import { closeWorldProject, openWorldProject } from "./support/world-project";
import { expectSampledRoll, sampleHealth, watchHealth } from "./support/health-watch";

const UBUNTU = 2284;
const DEBIAN = 2136;
const ROCKY = 1869;
const ALMA = 1868;

const NODE_PROGRAM = `const pulumi = require("@pulumi/pulumi");
const hosting = require("pulumi-hosting");
const config = new pulumi.Config();
const rollback = config.getBoolean("rollback");
const fleet = new hosting.Fleet("fleet", {
  maxSurge: 2,
  defaults: { plan: "vc2-1c-1gb", os: config.get("os") || "ubuntu-24.04" },
  groups: [{ name: "web", regions: ["ewr"], count: 8 }],
  healthCheck: { url: config.require("healthUrl"), intervalSeconds: 0.2, timeoutSeconds: 1, deadlineSeconds: 3 },
  ...(rollback === undefined ? {} : { rollback }),
});
exports.members = fleet.members;
`;

const PROJECT = "name: fleet-health-node\nruntime: nodejs\nmain: index.js\n";

const fleetOutputs = (exported: string) => JSON.parse(exported).deployment.resources.find((r: any) => /Fleet$/.test(r.type)).outputs;

for (const shape of SHAPES) {
  describe(`Fleet health-gated roll on the dynamic face (a Node program), shape ${shape}`, function () {
    let world: World;
    let project: PluginProject;

    before(async function () {
      ({ world, project } = await openWorldProject(shape, "fleet-health-node", PROJECT, { "index.js": NODE_PROGRAM }));
      await project.pulumi("config", "set", "healthUrl", `${world.sim.url}/_health/{id}`);
    });
    after(() => closeWorldProject(world, project, true));

    const live = () => world.sim.liveServers();
    const liveIds = async () => (await live()).map((s) => s.id).sort();
    /** Servers made since `before` (ids of rawServers()), deleted ones included. */
    const madeSince = async (before: Set<string>) => (await world.sim.rawServers()).filter((s) => !before.has(s.id));
    const everIds = async () => new Set<string>((await world.sim.rawServers()).map((s) => s.id));
    async function roll(os: string): Promise<string> {
      await project.pulumi("config", "set", "os", os);
      try {
        await project.pulumi("up", "--yes", "--skip-preview");
      } catch (e) {
        return (e as Error).message;
      }
      return "";
    }

    it("up makes 8 members, each healthy", async () => {
      await project.pulumi("up", "--yes", "--skip-preview");
      const sample = await sampleHealth(world.sim);
      expect(sample).to.deep.equal({ servers: 8, healthy: 8 });
    });

    it("a roll to an image healthy 1 s after active never has fewer than 8 healthy members nor more than 10 servers at any sample", async () => {
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
      expect(outs.heldRoll.members).to.deep.equal(["web-ewr-1", "web-ewr-2"]);
    });

    it("with rollback: false the roll stops after the first batch: the 8 old servers stay members and the failed batch is recorded as leftovers", async () => {
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
  });
}
