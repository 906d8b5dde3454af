// A Fleet's health-gated roll in Pulumi YAML on the plugin face through the real CLI, both shapes,
// with every probe logged: never fewer than 8 healthy members, a canary makes exactly one server,
// `rollback: false` records the failed batch, and SIGINT during a health wait ends `up` within 5 s.
//
// A Fleet's health-gated roll through the real CLI on the packed tarball, in Pulumi YAML on the
// plugin face, in both shapes: 8 members (`maxSurge: 2`) whose health check goes through a relay
// on loopback (support/health-watch.ts) to the simulator's health route, so every probe the
// provider makes is logged with its answer and time. One stack per shape, one roll per case:
// - to an image healthy 1 s after `active`, sampled every 150 ms: never fewer than 8 healthy
//   members, never more than 10 servers;
// - a canary of 1 held 20 s (`canaryPauseSeconds`) to a never-healthy image: exactly 1 new
//   server was ever made, and the 8 old servers are left;
// - `rollback: false` to a never-healthy image: the 8 old servers stay members, the failed
//   batch's 2 are recorded as leftovers;
// - SIGINT to `pulumi up` while the first batch waits for its health check: the `up` ends within
//   5 s, every server of the account is in the state, and the next `up` finishes the roll;
// - a flapping check (pass, fail, pass, ...) with `healthyThreshold: 3`, made healthy for good
//   only after 6 probes of each new server (support/flapping-roll.ts): no old server is deleted
//   before every new one has passed 3 times in a row, though each had passed 3 times before that.
// The never-healthy roll with rollback and the held roll are fleet-health.test.ts's.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { until } from "../helpers/wait";
import { SHAPES, type World } from "./fixtures";
import { TOOLS_DIR } from "./pulumi-env";
import { accountOf, closeHealthProject, expectSampledRoll, openHealthProject, sampleHealth, watchHealth, type ProbeRelay } from "./support/health-watch";
import { expectFlappingRoll, FLAPPING_IMAGE } from "./support/flapping-roll";
import type { PluginProject } from "./support/plugin-project";
import { fleetOutputs } from "./support/fleet-state";
import { ALMA, DEBIAN, FEDORA, ROCKY } from "./support/os-images";
import { given } from "./support/given";


// No plugins block: createPluginProject links the tarball's plugin.
const YAML = `name: fleet-health-roll
runtime: yaml
config:
  os: { type: string, default: ubuntu-24.04 }
  healthUrl: { type: string }
  maxSurge: { type: integer, default: 2 }
  canary: { type: integer, default: 0 }
  canaryPauseSeconds: { type: integer, default: 0 }
  rollback: { type: boolean, default: true }
  healthyThreshold: { type: integer, default: 1 }
  deadlineSeconds: { type: integer, default: 3 }
resources:
  fleet:
    type: hosting:index:Fleet
    properties:
      maxSurge: \${maxSurge}
      canary: \${canary}
      canaryPauseSeconds: \${canaryPauseSeconds}
      rollback: \${rollback}
      defaults:
        plan: vc2-1c-1gb
        os: \${os}
      groups:
        - name: web
          regions: [ewr]
          count: 8
      healthCheck:
        url: \${healthUrl}
        intervalSeconds: 0.2
        timeoutSeconds: 1
        healthyThreshold: \${healthyThreshold}
        deadlineSeconds: \${deadlineSeconds}
outputs:
  members: \${fleet.members}
`;


for (const shape of SHAPES) {
  describe(`Fleet health-gated roll, canary, Ctrl-C and flapping in Pulumi YAML on the plugin face, shape ${shape}`, function () {
    let world: World;
    let project: PluginProject;
    let relay: ProbeRelay;

    before(async function () {
      if (!fs.existsSync(path.join(TOOLS_DIR, "bin", "pulumi-language-yaml"))) throw new Error("pulumi-language-yaml is not in .tools/bin: run `npm run setup:pulumi`");
      ({ world, project, relay } = await openHealthProject(shape, "fleet-health-roll", YAML));
    });
    after(() => closeHealthProject({ world, project, relay }));

    const { live, liveIds, everIds, madeSince } = accountOf(() => world.sim);
    const setHealth = (rules: unknown[]) => world.sim.admin("PUT", "/health", { rules });
    const up = async (): Promise<string> => {
      try {
        await project.pulumi("up", "--yes", "--skip-preview");
      } catch (e) {
        return (e as Error).message;
      }
      return "";
    };
    const recorded = async () => {
      const outs = fleetOutputs(await project.pulumi("stack", "export"));
      return { outs, members: Object.values(outs.members).map((m: any) => m.id).sort() as string[], leftovers: Object.keys(outs.leftovers).sort() };
    };

    /** The first up, which every later case stands on; "" when it succeeded. */
    const upped = given(up);

    it("up makes 8 members, each healthy, each probed through the relay", async () => {
      expect(await upped()).to.equal("");
      expect(await sampleHealth(world.sim)).to.deep.equal({ servers: 8, healthy: 8 });
      for (const id of await liveIds()) expect(relay.of(id).length, `probes of ${id}`).to.be.above(0);
    });

    it("a roll to an image healthy 1 s after active never has fewer than 8 healthy members nor more than 10 servers at any sample", async () => {
      await upped();
      await setHealth([{ image: "debian-12", mode: "after", afterSeconds: 1 }]);
      await project.pulumi("config", "set", "os", "debian-12");
      const watch = watchHealth(world.sim, 150);
      const failure = await up();
      const samples = await watch.stop();
      expect(failure).to.equal("");
      expectSampledRoll(samples, 8, 2, `shape ${shape}`);
      expect((await live()).map((s) => s.os_id)).to.deep.equal(Array(8).fill(DEBIAN));
    });

    it("a canary of 1 held 20 s to a never-healthy image makes exactly 1 new server; the 8 old servers are left", async () => {
      await upped();
      const before = await liveIds();
      const ever = await everIds();
      await setHealth([{ image: "rocky-9", mode: "never" }]);
      await project.config({ os: "rocky-9", canary: "1", canaryPauseSeconds: "20" });
      const failure = await up();
      expect(failure).to.match(/member web-ewr-1: server \S+ is active but not healthy: health check \(GET http:\/\/127\.0\.0\.1:\d+\/_health\/\S+\) did not pass within deadlineSeconds 3/);
      expect(failure).to.not.match(/member web-ewr-2:/);
      expect(failure).to.match(/rolled back/);
      const made = await madeSince(ever);
      expect(made.map((s) => s.os_id), "exactly 1 new server was ever made").to.deep.equal([ROCKY]);
      expect(await liveIds(), "exactly the 8 old servers").to.deep.equal(before);
      expect(await sampleHealth(world.sim)).to.deep.equal({ servers: 8, healthy: 8 });
      const { outs, members, leftovers } = await recorded();
      expect(members).to.deep.equal(before);
      expect(leftovers).to.deep.equal([]);
      expect(outs.heldRoll?.members).to.deep.equal(["web-ewr-1"]);
      await project.config({ canary: "0", canaryPauseSeconds: "0" });
    });

    it("with rollback: false a roll to a never-healthy image stops after the first batch: the 8 old servers stay members, the failed batch is recorded as leftovers", async () => {
      await upped();
      const before = await liveIds();
      const ever = await everIds();
      await setHealth([{ image: "almalinux-9", mode: "never" }]);
      await project.config({ os: "almalinux-9", rollback: "false" });
      const failure = await up();
      expect(failure).to.match(/member web-ewr-1: server \S+ is active but not healthy: health check \(GET http:\/\/127\.0\.0\.1:\d+\/_health\/\S+\) did not pass within deadlineSeconds 3/);
      expect(failure).to.match(/member web-ewr-2: /);
      expect(failure).to.not.match(/rolled back/);
      const made = await madeSince(ever);
      expect(made.map((s) => s.os_id), "only the first batch was ever made").to.deep.equal([ALMA, ALMA]);
      expect(await liveIds()).to.deep.equal([...before, ...made.map((s) => s.id)].sort());
      const { outs, members, leftovers } = await recorded();
      expect(members, "the old servers are the members").to.deep.equal(before);
      expect(leftovers, "the failed batch is recorded").to.deep.equal(made.map((s) => s.id).sort());
      expect(outs.heldRoll ?? null).to.equal(null);
      await project.config({ rollback: "true" });
    });

    it("SIGINT while the first batch waits for its health check ends the up within 5 s; the state holds every server, and the next up finishes the roll", async () => {
      await upped();
      await setHealth([{ image: "fedora-40", mode: "never" }]);
      await project.config({ os: "fedora-40", deadlineSeconds: "60" });
      const ever = await everIds();
      const running = project.start("up", "--yes", "--skip-preview");
      // The batch's 2 new servers are active and have each been probed (and failed) twice: the roll is in their health wait.
      const batch = await until("the first batch in its health wait", async () => {
        const fresh = (await madeSince(ever)).filter((s) => s.os_id === FEDORA && s.status === "active");
        return fresh.length === 2 && fresh.every((s) => relay.of(s.id).length >= 2) ? fresh : false;
      }, { timeoutMs: 120_000, intervalMs: 50 });
      const sent = Date.now();
      running.child.kill("SIGINT");
      const { code } = await running.exited;
      const tookMs = Date.now() - sent;
      console.log(`      shape ${shape}: the up ended ${tookMs} ms after SIGINT in a health wait`);
      expect(code, "the interrupted up fails").to.not.equal(0);
      expect(tookMs).to.be.below(5000);
      expect(batch.every((s) => relay.of(s.id).every((p) => p.status === 503)), "the batch never passed").to.equal(true);
      const { members, leftovers } = await recorded();
      const servers = await liveIds();
      expect([...members, ...leftovers].sort(), "every live server is a member or a leftover").to.deep.equal(servers);
      await setHealth([]);
      await project.config({ deadlineSeconds: "3" });
      expect(await up()).to.equal("");
      const after = await recorded();
      expect(after.leftovers).to.deep.equal([]);
      expect(after.members).to.deep.equal(await liveIds());
      expect((await live()).map((s) => s.os_id)).to.deep.equal(Array(8).fill(FEDORA));
      await project.pulumi("preview", "--expect-no-changes");
    });

    it("a flapping check is not healthy before its passes in a row: with healthyThreshold 3, no old server goes before every new one passed 3 times in a row", async () => {
      await upped();
      await project.config({ os: FLAPPING_IMAGE.slug, maxSurge: "8", healthyThreshold: "3", deadlineSeconds: "30" });
      await expectFlappingRoll(world, relay, () => project.start("up", "--yes", "--skip-preview"));
    });
  });
}
