// The opt-in Redis coordinator against a real Redis and the simulator: K processes on one key take
// every token from Redis and stay inside the key's limit, a lost Redis costs one warning and
// nothing else, and without the setting ioredis does not load.
//
// The opt-in Redis coordinator (provider/api/pacing/redis-coordinator.ts) against a real Redis
// (Debian's redis-server, scripts/redis.sh) and the simulator: K processes on one key take
// every token from Redis and stay inside the key's limit; an unreachable or lost Redis costs
// one warning and nothing else; without the setting ioredis does not load.
import type { KeySpec } from "../../../simulator";
import { expect } from "chai";
import { execFile } from "child_process";
import { createHash } from "crypto";
import * as net from "net";
import * as path from "path";
import { Redis } from "ioredis";
import { FAST_KEY, startClientSimulator, UBUNTU_SLUG, useClientSimulator, type ClientSimulator } from "../../helpers/client-simulator";
import { startRedis, type TestRedis } from "../../helpers/redis";
import { SHAPES } from "../../helpers/simulator";
import { runTogether, startWorker, type WorkerResult } from "../../../bench/soak/workers";

const K = 3;
const M = 12;
// 120/min, burst 20: the coordinator grants 17 at once (a reserve of 3: gcra-plan.ts), then 2 a
// second (about 13 s for the 36 creates and each process's catalogue reads); pacing alone,
// three processes would each spend the burst.
const TIER: Omit<KeySpec, "key" | "permission"> = { tier: "custom", limit: 120, burst: 20 };

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

for (const shape of SHAPES) {
  describe(`Redis rate-limit coordinator, shape ${shape}`, () => {
    const world = useClientSimulator(shape);
    let redis: TestRedis;
    let sim: ClientSimulator;

    before(async function () {
      this.timeout(300_000);
      redis = await startRedis();
    });
    after(() => redis?.stop());
    beforeEach(() => (sim = world()));

    it(`${K} processes creating ${M} servers each: every server once, no 429, the key never in Redis`, async function () {
      this.timeout(120_000);
      const key = `coordinated-${shape}-key-0123456789`;
      await sim.addKey({ key, permission: "full", ...TIER });
      await sim.resetStats();
      // The bucket's key expires once it is full again, so the names are sampled while the processes run.
      const client = new Redis(redis.url);
      const names = new Set<string>();
      let running = true;
      const sampling = (async () => {
        while (running) {
          for (const n of await client.keys("*")) names.add(n);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      let results: WorkerResult[];
      try {
        results = await runTogether(Array.from({ length: K }, (_, k) => startWorker(sim.url, key, `r${k}-`, M, true, redis.url)));
      } finally {
        running = false;
        await sampling;
        client.disconnect();
      }
      const labels = (await sim.rawServers()).filter((s) => !s.deleted_at).map((s) => s.label);
      const expected = Array.from({ length: K }, (_, k) => Array.from({ length: M }, (_, i) => `r${k}-${i}`)).flat();
      expect([...labels].sort()).to.deep.equal([...expected].sort());
      const stats = await sim.stats();
      expect(stats.total, "requests the API saw").to.be.at.least(K * M);
      expect(stats.rateLimited, "429s with the coordinator").to.be.at.most(Math.floor(0.01 * stats.total));
      expect(results.map((r) => r.coordinated), "every process still coordinated").to.deep.equal([true, true, true]);

      const budget = createHash("sha256").update(`${sim.url}|${key}`).digest("hex");
      expect([...names].some((n) => n.endsWith(budget)), `a key named by the budget's hash in ${[...names].join(", ")}`).to.equal(true);
      for (const n of names) expect(n).not.to.contain(key);
    });

    it("falls back to header pacing with one warning when Redis cannot be reached", async function () {
      this.timeout(60_000);
      const key = `unreachable-${shape}-key-0123456789`;
      await sim.addKey({ key, permission: "full", ...TIER });
      const url = `redis://:s3cret-pass@127.0.0.1:${await closedPort()}/0`;
      const warnings: string[] = [];
      const client = sim.client({ apiKey: key, rateLimitRedis: url, onWarning: (m) => warnings.push(m) });
      expect(client.rateLimitState().coordinated).to.equal(true);
      const created = await Promise.all(
        Array.from({ length: 5 }, (_, i) => client.createServer({ region: "ewr", plan: "vc2-1c-1gb", os: UBUNTU_SLUG, label: `u-${i}` })),
      );
      expect(created.map((c) => c.server.label).sort()).to.deep.equal(["u-0", "u-1", "u-2", "u-3", "u-4"]);
      expect(warnings, warnings.join("\n")).to.have.length(1);
      expect(warnings[0]).to.contain("HOSTING_RATE_LIMIT_REDIS").and.to.contain("pacing from the API's rate-limit headers");
      expect(warnings[0]).not.to.contain("s3cret-pass");
      expect(client.rateLimitState().coordinated).to.equal(false);
    });

    it("falls back with one warning when Redis goes away mid-run", async function () {
      this.timeout(60_000);
      const key = `lost-redis-${shape}-key-0123456789`;
      await sim.addKey({ key, permission: "full", ...TIER });
      const own = await startRedis();
      const warnings: string[] = [];
      const client = sim.client({ apiKey: key, rateLimitRedis: own.url, onWarning: (m) => warnings.push(m) });
      await client.getAccount();
      expect(client.rateLimitState().coordinated, "coordinated while Redis runs").to.equal(true);
      await own.stop();
      await Promise.all(Array.from({ length: 4 }, () => client.getAccount()));
      expect(warnings, warnings.join("\n")).to.have.length(1);
      expect(warnings[0]).to.contain("HOSTING_RATE_LIMIT_REDIS");
      expect(client.rateLimitState().coordinated).to.equal(false);
    });
  });
}

describe("Redis rate-limit coordinator, loading", () => {
  let sim: ClientSimulator;
  let redis: TestRedis;
  before(async function () {
    this.timeout(300_000);
    redis = await startRedis();
    sim = await startClientSimulator("A");
  });
  after(async () => {
    await sim?.close();
    await redis?.stop();
  });

  /** Makes one request in a fresh Node process; prints whether ioredis got loaded. */
  const loaded = (redisUrl: string) => {
    const script = `
      const { createClient } = require(${JSON.stringify(path.resolve(__dirname, "../../../provider/api"))});
      const c = createClient({ baseUrl: ${JSON.stringify(sim.url)}, apiKey: ${JSON.stringify(FAST_KEY)}, rateLimitRedis: ${JSON.stringify(redisUrl)} });
      c.getAccount().then(() => {
        const names = Object.keys(require.cache);
        console.log(JSON.stringify(["/ioredis/"].map((m) => names.some((n) => n.includes(m)))));
      }, (e) => { console.error(e.message); process.exit(1); });
    `;
    return new Promise<boolean[]>((resolve, reject) =>
      execFile(process.execPath, ["-e", script], { timeout: 20_000 }, (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(JSON.parse(stdout)))),
    );
  };

  it("does not load ioredis without the setting, and does with it", async function () {
    this.timeout(30_000);
    expect(await loaded("")).to.deep.equal([false]);
    expect(await loaded(redis.url)).to.deep.equal([true]);
  });
});
