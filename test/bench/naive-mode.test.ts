// The benchmark's naive baseline (bench/naive/): per-server GET polling and an unpaced client,
// loaded into the provider only through HOSTING_WAITER_MODULE; the default stays the shared
// waiter and the paced client. Asserted on what the simulator saw.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { createClient, resetClients } from "../../provider/api";
import { api } from "../../provider/core/client";
import { StatusWaiter } from "../../provider/core/status-waiter";
import { WAITER_MODULE_ENV, waiterModule } from "../../provider/core/waiter-module";
import { waiterFor } from "../../provider/core/waiters";
import { NAIVE_HOOKS } from "../../bench/naive/hooks";
import { NaiveWaiter } from "../../bench/naive/naive-waiter";
import { Unpaced } from "../../bench/naive/unpaced";
import { SHAPES, countRequests, forgetSettings, startWorld, useSim } from "../provider/harness";
import type { TestSimulator } from "../helpers/simulator";

describe("waiter module hook", () => {
  it("loads nothing while HOSTING_WAITER_MODULE is unset or empty", () => {
    const load = () => {
      throw new Error("must not load");
    };
    expect(waiterModule({}, load)).to.equal(undefined);
    expect(waiterModule({ [WAITER_MODULE_ENV]: "" }, load)).to.equal(undefined);
  });

  it("loads the file it names", () => {
    const seen: string[] = [];
    const mod = { clientOptions: { retries: 1 } };
    expect(waiterModule({ [WAITER_MODULE_ENV]: "/x/hooks.js" }, (f) => (seen.push(f), mod))).to.equal(mod);
    expect(seen).to.deep.equal(["/x/hooks.js"]);
  });

  it("the product ships no naive baseline: no file under provider/ names it", () => {
    const root = path.resolve(__dirname, "../../../provider");
    const walk = (d: string): string[] => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
    const naming = walk(root).filter((f) => f.endsWith(".ts") && /NaiveWaiter|Unpaced|naive-waiter/.test(fs.readFileSync(f, "utf8").replace(/^\s*(\/\/|\*|\/\*\*).*$/gm, "")));
    expect(naming).to.deep.equal([]);
  });
});

for (const shape of SHAPES) {
  describe(`naive baseline against the simulator, shape ${shape}`, () => {
    let sim: TestSimulator;

    before(async () => {
      sim = await startWorld(shape);
    });
    after(async () => {
      delete process.env[WAITER_MODULE_ENV];
      resetClients();
      forgetSettings();
      await sim.close();
    });
    beforeEach(async () => {
      delete process.env[WAITER_MODULE_ENV];
      resetClients();
      useSim(sim);
      await sim.reset();
    });

    it("by default the provider waits with the shared StatusWaiter and a pacing client", () => {
      const client = api();
      expect(waiterFor(client)).to.be.an.instanceOf(StatusWaiter);
      expect((client as any).rateLimitState().unlimited).to.equal(false);
    });

    it("with HOSTING_WAITER_MODULE naming bench/naive/hooks, the provider waits with a NaiveWaiter and an unpaced client", () => {
      process.env[WAITER_MODULE_ENV] = NAIVE_HOOKS;
      const client = api();
      expect(waiterFor(client)).to.be.an.instanceOf(NaiveWaiter);
      expect((client as any).rateLimitState()).to.include({ unlimited: true, inFlight: 0 });
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

    it("the unpaced pacer sends past the bucket and meets 429s; the default pacing meets none", async () => {
      const burstOf = async (key: string, unpaced: boolean) => {
        await sim.addKey({ key, permission: "full", tier: "custom", limit: 6000, burst: 2 });
        const client = createClient({ baseUrl: sim.url, apiKey: key, minRetryDelayMs: 5, maxRetryDelayMs: 50, pacer: unpaced ? () => new Unpaced() : undefined });
        await sim.admin("POST", "/stats/reset");
        await Promise.all(Array.from({ length: 8 }, () => client.getAccount()));
        return (await sim.stats()).rateLimited;
      };
      expect(await burstOf("naive-unpaced-key-0001", true)).to.be.greaterThan(0);
      expect(await burstOf("naive-paced-key-00002", false)).to.equal(0);
    });
  });
}
