// A Fleet's Ctrl-C and `customTimeouts` on the plugin face through the real CLI, both shapes:
// SIGINT in a roll's pause or while a batch provisions ends `up` within 5 s, a time-out fails
// within 10 s naming it, and the next `up` finishes the roll with every server in the state.
//
// A Fleet's share of the engine's contract, on the plugin face through the real CLI
// and Pulumi YAML, both shapes: a fleet of 4 (web × ewr, fra × 2), rolled in batches of 2.
// - SIGINT in a roll's pauseSeconds (60 s) ends `pulumi up` within 5 s;
// - SIGINT while a batch's new servers provision ends it within 5 s;
// - `customTimeouts: { update: 5s }` on a roll whose servers take 20 s fails within 10 s of the
//   batch's POSTs, naming the time-out;
// and after each, every server of the account is in the state (members or leftovers) and the
// next `up` finishes the roll with a POST only for the members that have no new server yet.
// The dynamic face's host forwards neither Cancel nor time-outs (docs/guide/recovery.md), so these run on
// the plugin face only. The simulator's servers and request counts are the evidence.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { countRequests } from "../helpers/simulator";
import { until } from "../helpers/wait";
import { API_KEY, SHAPES, startWorld, type World } from "./fixtures";
import { createPluginProject, type PluginProject } from "./support/plugin-project";
import { fleetOutputs } from "./support/fleet-state";
import { DEBIAN, UBUNTU } from "./support/os-images";
import { given } from "./support/given";


const yaml = (options = "") => `name: fleet-cancel
runtime: yaml
config:
  os: { type: string, default: ubuntu-24.04 }
resources:
  fleet:
    type: hosting:index:Fleet
    properties:
      maxSurge: 2
      pauseSeconds: 60
      defaults:
        plan: vc2-1c-1gb
        os: \${os}
      groups:
        - name: web
          regions: [ewr, fra]
          count: 2
${options}`;

for (const shape of SHAPES) {
  describe(`Fleet: Ctrl-C and customTimeouts on the plugin face, shape ${shape}`, function () {
    let world: World;
    let project: PluginProject;

    before(async () => {
      world = await startWorld(shape, { provisionMs: 2000 });
      project = await createPluginProject(`cancel-${shape.toLowerCase()}`, yaml());
      await project.config({ "hosting:baseUrl": world.sim.url }, { "hosting:apiKey": API_KEY });
      await project.pulumi("up", "--yes", "--skip-preview");
    });
    after(async () => {
      await project?.pulumi("destroy", "--yes", "--skip-preview").catch(() => undefined);
      project?.dispose();
      await world?.close();
    });

    const live = () => world.sim.liveServers();
    /** Every live server is in the state, as a member or a leftover. */
    async function expectAllRecorded(): Promise<void> {
      const fleet = fleetOutputs(await project.pulumi("stack", "export"));
      const recorded = [...Object.values(fleet.members), ...Object.values(fleet.leftovers)].map((m: any) => m.id).sort();
      const servers = await live();
      const seen = JSON.stringify({ members: fleet.members, leftovers: fleet.leftovers, live: servers.map((s) => [s.id, s.label, s.os_id, s.status]) });
      expect(recorded, `the state holds every server of the account: ${seen}`).to.deep.equal(servers.map((s) => s.id).sort());
    }
    /** The next `up` finishes: 4 members on `osId`, no leftover, `posts` POSTs, then no change. */
    async function expectFinished(osId: number, posts: number): Promise<void> {
      await world.sim.resetStats();
      await project.pulumi("up", "--yes", "--skip-preview");
      expect(countRequests(await world.sim.stats(), "POST /v1/servers 20"), "POSTs of the finishing up").to.equal(posts);
      const servers = await live();
      expect(servers.length).to.equal(4);
      expect(servers.every((s) => s.os_id === osId)).to.equal(true);
      await expectAllRecorded();
      await project.pulumi("preview", "--expect-no-changes");
    }
    async function interrupt(what: string, ready: (servers: any[]) => boolean, settleMs = 0): Promise<number> {
      const up = project.start("up", "--yes", "--skip-preview");
      await until(what, async () => ready(await world.sim.rawServers()), { timeoutMs: 120_000, intervalMs: 50 });
      await new Promise((r) => setTimeout(r, settleMs));
      const sent = Date.now();
      up.child.kill("SIGINT");
      const { code } = await up.exited;
      expect(code, "the interrupted up fails").to.not.equal(0);
      return Date.now() - sent;
    }

    /** The fleet has rolled to debian-12 (after the first case's finished roll, this up changes nothing). */
    const onDebian = given(async () => {
      await project.pulumi("config", "set", "os", "debian-12");
      await project.pulumi("up", "--yes", "--skip-preview");
    });

    it("SIGINT in a roll's 60 s pause ends the up within 5 s; the state holds every server, and the next up finishes the roll", async () => {
      await project.pulumi("config", "set", "os", "debian-12");
      // The first batch is done once its old servers are gone from the API's list (the roll waits
      // for that); 2 s more, for the roll to see it, and the 60 s pause has begun.
      const tookMs = await interrupt(
        "the first batch done",
        (servers) => servers.filter((s) => s.os_id === DEBIAN && s.status === "active").length === 2 && servers.filter((s) => s.os_id === UBUNTU && s.gone).length === 2,
        2000,
      );
      console.log(`      shape ${shape}: the up ended ${tookMs} ms after SIGINT in the pause`);
      expect(tookMs).to.be.below(5000);
      await expectAllRecorded();
      await expectFinished(DEBIAN, 2);
    });

    it("SIGINT while a batch's servers provision ends the up within 5 s; the next up takes them over with no second POST", async () => {
      await onDebian();
      await world.sim.setConfig({ provisionMs: 15_000 });
      await project.pulumi("config", "set", "os", "ubuntu-24.04");
      const before = (await world.sim.rawServers()).length;
      const tookMs = await interrupt("the first batch's POSTs", (servers) => servers.length === before + 2);
      console.log(`      shape ${shape}: the up ended ${tookMs} ms after SIGINT in a batch's wait`);
      expect(tookMs).to.be.below(5000);
      await expectAllRecorded();
      await world.sim.setConfig({ provisionMs: 2000 });
      await expectFinished(UBUNTU, 2);
    });

    it("customTimeouts: { update: 5s } on a roll whose servers take 20 s fails within 10 s of the POSTs, naming it; nothing is orphaned and the next up finishes", async () => {
      await world.sim.setConfig({ provisionMs: 20_000 });
      fs.writeFileSync(path.join(project.dir, "Pulumi.yaml"), `${yaml("    options:\n      customTimeouts:\n        update: 5s\n")}plugins:\n  providers:\n    - name: hosting\n      path: ./node_modules/.bin\n`);
      await project.pulumi("config", "set", "os", "debian-12");
      const before = (await world.sim.rawServers()).length;
      const up = project.start("up", "--yes", "--skip-preview");
      await until("the first batch's POSTs", async () => (await world.sim.rawServers()).length === before + 2, { timeoutMs: 120_000, intervalMs: 50 });
      const posted = Date.now();
      const { code, output } = await up.exited;
      const tookMs = Date.now() - posted;
      console.log(`      shape ${shape}: the up failed ${tookMs} ms after the batch's POSTs`);
      expect(code).to.not.equal(0);
      expect(tookMs).to.be.below(10_000);
      expect(output).to.match(/customTimeouts\.update of 5s, which overrides waitTimeoutSeconds/);
      await expectAllRecorded();
      fs.writeFileSync(path.join(project.dir, "Pulumi.yaml"), `${yaml()}plugins:\n  providers:\n    - name: hosting\n      path: ./node_modules/.bin\n`);
      await world.sim.setConfig({ provisionMs: 2000 });
      await expectFinished(DEBIAN, 2);
    });
  });
}
