// The benchmark's naive mode (HOSTING_NAIVE_MODE=1): per-server GET polling and an unpaced
// client, switched on only by the environment; the default stays the shared waiter and the
// paced client. Asserted on what the simulator saw.
import { expect } from "chai";
import { createClient, resetClients } from "../../../provider/api";
import { api } from "../../../provider/core/client";
import { NAIVE_MODE_ENV, NaiveWaiter, naiveMode } from "../../../provider/core/naive-waiter";
import { StatusWaiter } from "../../../provider/core/status-waiter";
import { waiterFor } from "../../../provider/core/waiters";
import { SHAPES, countRequests, forgetSettings, startWorld, useSim } from "../harness";
import type { TestSimulator } from "../../helpers/simulator";

describe("naive mode switch", () => {
  afterEach(() => {
    delete process.env[NAIVE_MODE_ENV];
    resetClients();
  });

  it("is on only for HOSTING_NAIVE_MODE=1", () => {
    expect(naiveMode({})).to.equal(false);
    expect(naiveMode({ [NAIVE_MODE_ENV]: "0" })).to.equal(false);
    expect(naiveMode({ [NAIVE_MODE_ENV]: "true" })).to.equal(false);
    expect(naiveMode({ [NAIVE_MODE_ENV]: "1" })).to.equal(true);
  });
});

for (const shape of SHAPES) {
  describe(`naive mode against the simulator, shape ${shape}`, () => {
    let sim: TestSimulator;

    before(async () => {
      sim = await startWorld(shape);
    });
    after(async () => {
      delete process.env[NAIVE_MODE_ENV];
      resetClients();
      forgetSettings();
      await sim.close();
    });
    beforeEach(async () => {
      delete process.env[NAIVE_MODE_ENV];
      resetClients();
      useSim(sim);
      await sim.reset();
    });

    it("by default the provider waits with the shared StatusWaiter and a pacing client", () => {
      const client = api();
      expect(waiterFor(client)).to.be.an.instanceOf(StatusWaiter);
      expect((client as any).options.pacing).to.equal(true);
    });

    it("with the switch on, the provider waits with a NaiveWaiter and an unpaced client", () => {
      process.env[NAIVE_MODE_ENV] = "1";
      const client = api();
      expect(waiterFor(client)).to.be.an.instanceOf(NaiveWaiter);
      expect((client as any).options.pacing).to.equal(false);
    });

    it("the naive waiter polls each server with its own GET /v1/servers/:id and never lists", async () => {
      const client = api();
      const made = await Promise.all([1, 2, 3].map((n) => client.createServer({ region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: `naive-${n}` })));
      await sim.admin("POST", "/stats/reset");
      const waiter = new NaiveWaiter(client, 20);
      const goal = (s: { status: string } | undefined) => (s?.status === "active" ? "done" : "wait") as "done" | "wait";
      const outcomes = await Promise.all(made.map(({ server }) => waiter.wait({ id: server.id, goal, timeoutMs: 5000 })));
      expect(outcomes.map((o) => o.outcome)).to.deep.equal(["done", "done", "done"]);
      const stats = await sim.stats();
      expect(countRequests(stats, "GET /v1/servers")).to.equal(0);
      expect(countRequests(stats, "GET /v1/servers/:id")).to.equal(waiter.polls);
      expect(waiter.polls).to.be.at.least(3);
    });

    it("pacing: false sends past the bucket and meets 429s; the default pacing meets none", async () => {
      const burstOf = async (key: string, pacing?: boolean) => {
        await sim.addKey({ key, permission: "full", tier: "custom", limit: 6000, burst: 2 });
        const client = createClient({ baseUrl: sim.url, apiKey: key, minRetryDelayMs: 5, maxRetryDelayMs: 50, pacing });
        await sim.admin("POST", "/stats/reset");
        await Promise.all(Array.from({ length: 8 }, () => client.getAccount()));
        return (await sim.stats()).rateLimited;
      };
      expect(await burstOf("naive-unpaced-key-0001", false)).to.be.greaterThan(0);
      expect(await burstOf("naive-paced-key-00002")).to.equal(0);
    });
  });
}
