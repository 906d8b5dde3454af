// The fault suite through the real engine, each scenario judged on the
// simulator's raw server table: nothing created twice, nothing orphaned, nothing
// lost. FAULT_SERVERS sets the fleet size of the flaky-network scenario (50).
import { expect } from "chai";
import { E2EStack } from "./e2e-stack";
import { createStack, ProgramSpec, programOf, SHAPES, stackConfig, startWorld, World } from "./fixtures";

const FLEET = Number(process.env.FAULT_SERVERS ?? 50);
const SERVER_TYPE = "pulumi-nodejs:dynamic/hosting:Server";

function fleetOf(count: number, prefix: string): ProgramSpec {
  const servers: ProgramSpec["servers"] = {};
  for (let i = 1; i <= count; i++) servers[`${prefix}${i}`] = { label: `${prefix}-${i}`, tags: ["fault-suite"] };
  return { servers };
}

/** The injected faults the simulator dealt out: answers with 5xx, resets and lost answers. */
function injected(stats: { byRoute: Record<string, number> }): { errors: number; resets: number; lost: number } {
  const sum = (test: (suffix: string) => boolean) =>
    Object.entries(stats.byRoute).filter(([k]) => test(k.slice(k.lastIndexOf(" ") + 1))).reduce((n, [, v]) => n + v, 0);
  return { errors: sum((s) => /^5\d\d$/.test(s)), resets: sum((s) => s === "reset"), lost: sum((s) => s === "lost") };
}

for (const shape of SHAPES) {
  describe(`faults, shape ${shape}`, function () {
    let world: World;
    let stack: E2EStack | undefined;

    beforeEach(async () => {
      world = await startWorld(shape, { seed: 11 });
    });

    afterEach(async () => {
      await stack?.dispose();
      stack = undefined;
      await world.close();
    });

    it(`1. a flaky network (10% 5xx, 5% resets, 2% lost answers) on ${FLEET} servers: the FIRST up makes exactly ${FLEET}, none twice; the FIRST destroy leaves none`, async () => {
      await world.sim.setFaults([{ route: "/v1/*", errorRate: 0.1, resetRate: 0.05, lostAnswerRate: 0.02 }]);
      stack = await createStack(world, () => fleetOf(FLEET, "flaky"));
      // No rerun: the client's retries (Idempotency-Key on every POST) must absorb the faults.
      const up = await stack.up();
      expect(up.summary.result).to.equal("succeeded");
      const raw = await world.sim.rawServers();
      expect(raw.length, "servers ever created").to.equal(FLEET);
      expect(new Set(raw.map((s) => s.label)).size).to.equal(FLEET);
      expect(raw.every((s) => s.status === "active")).to.equal(true);
      const stateIds = (await stack.resources(SERVER_TYPE)).map((r) => r.id).sort();
      expect(stateIds).to.deep.equal(raw.map((s) => s.id).sort());
      const duringUp = injected(await world.sim.stats());
      expect(duringUp.errors + duringUp.resets + duringUp.lost, "faults were dealt").to.be.greaterThan(0);

      await world.sim.resetStats();
      const destroyed = await stack.destroy();
      expect(destroyed.summary.result).to.equal("succeeded");
      expect(await world.sim.liveServers()).to.deep.equal([]);
      const duringDestroy = injected(await world.sim.stats());
      console.log(`      shape ${shape}: first up absorbed ${JSON.stringify(duringUp)}, first destroy ${JSON.stringify(duringDestroy)}`);
    });

    it("2. a 429 storm (burst 5) converges without failing", async () => {
      const key = "storm-key";
      await world.sim.addKey({ key, permission: "full", tier: "custom", limit: 300, burst: 5 });
      stack = await E2EStack.create({ program: programOf(() => fleetOf(10, "storm")), config: stackConfig(world, key) });
      await stack.up();
      const stats = await world.sim.stats();
      expect((await world.sim.liveServers()).length).to.equal(10);
      expect((await world.sim.rawServers()).length).to.equal(10);
      // The client corrects its bucket from the first answers' headers; a few 429s may
      // come before that, and each is honoured, not fatal.
      expect(stats.rateLimited, "429s").to.be.at.most(10);
      await stack.destroy();
    });

    it("3. 20% of creates provision into error: each is named, kept in state, replaced by the next up", async () => {
      await world.sim.setConfig({ errorRate: 0.2 });
      stack = await createStack(world, () => fleetOf(10, "err"));
      let message = "";
      try {
        await stack.up();
      } catch (err) {
        message = String((err as Error).message);
      }
      const failed = (await world.sim.rawServers()).filter((s) => s.status === "error");
      expect(failed.length, "the seed makes some creates fail").to.be.greaterThan(0);
      for (const server of failed) expect(message, `names ${server.label}`).to.include(server.id);
      const inState = (await stack.resources(SERVER_TYPE)).map((r) => r.id);
      for (const server of failed) expect(inState, "a failed server stays in state").to.include(server.id);

      await world.sim.setConfig({ errorRate: 0 });
      const result = await stack.up();
      expect(Object.values(result.outputs).every((o: any) => o.value.status === "active")).to.equal(true);
      const live = await world.sim.liveServers();
      expect(live.length).to.equal(10);
      for (const server of failed) expect(live.map((s) => s.id)).to.not.include(server.id);
      await stack.destroy();
      expect(await world.sim.liveServers()).to.deep.equal([]);
    });

    it("5. the API key revoked in the middle of an up: a clear 401 naming the key's source; nothing lost", async () => {
      const key = "revoked-key";
      await world.sim.addKey({ key, permission: "full", tier: "enterprise" });
      await world.sim.setConfig({ provisionMs: 1500 });
      stack = await E2EStack.create({ program: programOf(() => fleetOf(6, "rev")), config: stackConfig(world, key) });
      const revoke = (async () => {
        while ((await world.sim.rawServers()).length === 0) await new Promise((r) => setTimeout(r, 20));
        await world.sim.revokeKey(key);
      })();
      let message = "";
      try {
        await stack.up();
      } catch (err) {
        message = String((err as Error).message);
      }
      await revoke;
      expect(message).to.match(/401/).and.to.include("hosting:apiKey");
      expect(message).to.not.include(key);
      const created = await world.sim.rawServers();
      const inState = new Set((await stack.resources(SERVER_TYPE)).map((r) => r.id));
      for (const server of created) expect(inState.has(server.id), `server ${server.label} is in state`).to.equal(true);

      await world.sim.addKey({ key, permission: "full", tier: "enterprise" });
      await world.sim.setConfig({ provisionMs: 400 });
      await stack.up();
      expect((await world.sim.liveServers()).length).to.equal(6);
      expect((await world.sim.rawServers()).length, "none created twice").to.equal(6);
      await stack.destroy();
    });
  });
}

