// Ctrl-C and customTimeouts on the plugin face through the real CLI, both shapes: SIGINT while 10
// servers provision ends `up` within 15 s with every created server in the state, a create time-out
// fails within 10 s naming it, and the next `up` finishes them with no POST.
//
// Ctrl-C and customTimeouts on the plugin face (provider/core/operation.ts), through the real
// CLI and Pulumi YAML, in both shapes, on a simulator whose servers take 20 s to provision:
// - SIGINT to `pulumi up` while 10 servers provision ends the command within 15 s (the engine's
//   Cancel ends every wait), the state holds every server the API created (each a partial
//   create), and the next `up` finishes them with no POST and leaves no orphan;
// - `customTimeouts: { create: 5s }` fails its server within 10 s of its POST, naming the
//   time-out, and keeps it, so the next `up` finishes it with no POST.
// What the simulator saw (its request stats and its servers) is the evidence, never the CLI's word.
import { expect } from "chai";
import { countRequests } from "../helpers/simulator";
import { until } from "../helpers/wait";
import { API_KEY, SHAPES, startWorld, type World } from "./fixtures";
import { createPluginProject, type PluginProject } from "./support/plugin-project";

const PROVISION_MS = 20_000;
const FLEET = 10;

/** A Pulumi YAML program of `servers` (name to extra properties), with `options` for each. */
function program(name: string, servers: string[], options = ""): string {
  const resources = servers
    .map((s) => `  ${s}:\n    type: hosting:index:Server\n    properties: { region: ewr, plan: vc2-1c-1gb, os: ubuntu-24.04, label: ${s} }\n${options}`)
    .join("");
  return `name: ${name}\nruntime: yaml\nplugins:\n  providers:\n    - name: hosting\n      path: ./node_modules/.bin\nresources:\n${resources}`;
}

for (const shape of SHAPES) {
  describe(`Ctrl-C and customTimeouts on the plugin face, shape ${shape}`, function () {
    let world: World;
    const projects: PluginProject[] = [];
    const posts = async () => countRequests(await world.sim.stats(), "POST /v1/servers 20");
    const liveIds = async () => (await world.sim.liveServers()).map((s) => s.id).sort();
    const stateIds = async (project: PluginProject) => {
      const state = JSON.parse(await project.pulumi("stack", "export")) as { deployment: { resources?: { type: string; id?: string }[] } };
      return (state.deployment.resources ?? []).filter((r) => r.type === "hosting:index:Server").map((r) => r.id).sort();
    };
    const project = async (name: string, yaml: string) => {
      const p = await createPluginProject(`${name}-${shape.toLowerCase()}`, yaml);
      projects.push(p);
      await p.config({ "hosting:baseUrl": world.sim.url }, { "hosting:apiKey": API_KEY });
      return p;
    };

    before(async () => {
      world = await startWorld(shape, { provisionMs: PROVISION_MS });
    });
    beforeEach(() => world.sim.resetStats());
    after(async () => {
      for (const p of projects) p.dispose();
      await world?.close();
    });

    it(`SIGINT while ${FLEET} servers provision: ends within 15 s, every server the API created is in the state, and the next up finishes them with 0 POSTs and 0 orphans`, async () => {
      const fleet = await project("cancel", program("cancel-fleet", Array.from({ length: FLEET }, (_, i) => `web-${i}`)));
      // --parallel: the CLI's default is 4 per core (8 here), which would start 2 of the 10 late.
      const up = fleet.start("up", "--yes", "--skip-preview", "--parallel", String(FLEET));
      await until(`${FLEET} creates answered`, async () => (await posts()) === FLEET, { timeoutMs: 120_000, intervalMs: 100 });
      const interrupted = Date.now();
      up.child.kill("SIGINT");
      const { code, output } = await up.exited;
      const tookMs = Date.now() - interrupted;
      expect(code, output).to.not.equal(0);
      expect(tookMs, `the command ended ${tookMs} ms after SIGINT`).to.be.below(15_000);
      // Every server was still provisioning when the command ended: the waits were cancelled, not waited out.
      expect((await world.sim.liveServers()).map((s) => s.status).filter((s) => s === "active"), "none active yet").to.deep.equal([]);
      const created = await liveIds();
      // The engine prints each partial create's reason under its resource.
      for (const id of created) expect(output).to.include(`server ${id} was created and is still provisioning; the operation was cancelled by the engine (Ctrl-C)`);
      expect(created).to.have.length(FLEET);
      expect(await stateIds(fleet), "every server the API created is in the state").to.deep.equal(created);

      await world.sim.resetStats();
      await fleet.pulumi("up", "--yes", "--skip-preview");
      expect(await posts(), "no server created twice").to.equal(0);
      expect(await liveIds(), "no orphan, none missing").to.deep.equal(created);
      expect(await stateIds(fleet)).to.deep.equal(created);
      expect((await world.sim.liveServers()).every((s) => s.status === "active")).to.equal(true);
      console.log(`      shape ${shape}: the command ended ${tookMs} ms after SIGINT`);
    });

    it("customTimeouts: { create: 5s } on a server that takes 20 s fails it within 10 s, naming the time-out, and the next up finishes it", async () => {
      const earlier = await liveIds();
      const newIds = async () => (await liveIds()).filter((id) => !earlier.includes(id));
      const one = await project("timeout", program("timeout-one", ["slow"], "    options:\n      customTimeouts:\n        create: 5s\n"));
      const up = one.start("up", "--yes", "--skip-preview");
      await until("the create's POST", async () => (await posts()) === 1, { timeoutMs: 120_000, intervalMs: 100 });
      const posted = Date.now();
      const { code, output } = await up.exited;
      const tookMs = Date.now() - posted;
      expect(code, output).to.not.equal(0);
      expect(tookMs, `failed ${tookMs} ms after its POST`).to.be.below(10_000);
      expect(output).to.match(/did not become active within 5 s \(customTimeouts\.create of 5s, which overrides waitTimeoutSeconds\)/);
      const created = await newIds();
      expect(created).to.have.length(1);
      expect(await stateIds(one), "kept in the state as a partial create").to.deep.equal(created);

      await world.sim.resetStats();
      await one.pulumi("up", "--yes", "--skip-preview");
      expect(await posts()).to.equal(0);
      expect(await newIds()).to.deep.equal(created);
      console.log(`      shape ${shape}: the server failed ${tookMs} ms after its POST`);
    });
  });
}
