// Across processes, status polls yield to waiting mutations (provider/api/pacing/redis-coordinator.ts):
// two coordinators on one budget stand for two processes on one key, against a real Redis
// (Debian's redis-server, scripts/redis.sh). No API is needed: only the coordinators' grants.
import { expect } from "chai";
import { spawn } from "child_process";
import * as path from "path";
import { Redis } from "ioredis";
import { mutationMarkerKey, RedisCoordinator } from "../../provider/api/pacing/redis-coordinator";
import { startRedis, type TestRedis } from "../helpers/redis";

const MARKER_TTL_MS = 300;

describe("Redis coordinator: status polls yield to other processes' mutations", () => {
  let redis: TestRedis;
  let budget = 0;
  before(async function () {
    this.timeout(300_000);
    redis = await startRedis();
  });
  after(() => redis?.stop());

  /** Two processes' coordinators on a fresh budget of a roomy tier (tokens are never short here). */
  const pair = (maxYieldMs = 60_000) => {
    const name = `poll-yield-${++budget}`;
    const make = () => new RedisCoordinator({ url: redis.url, budget: name, perMinute: 6000, burst: 1000, warn: (m) => expect.fail(m), markerTtlMs: MARKER_TTL_MS, maxYieldMs });
    return { name, mutating: make(), polling: make() };
  };

  /** Milliseconds until `take` resolves, and its answer. */
  const timed = async (p: Promise<string>) => {
    const start = Date.now();
    const answer = await p;
    return { answer, ms: Date.now() - start };
  };

  it("a poll waits while the other process has a mutation waiting, and goes once its marker expires", async function () {
    this.timeout(20_000);
    const { mutating, polling } = pair();
    await mutating.take("mutation"); // connects, so the marker is written at once
    const done = mutating.mutationWaiting();
    const poll = timed(polling.take("poll"));
    await new Promise((resolve) => setTimeout(resolve, 1500)); // five marker lives: the heartbeat keeps it
    done();
    const { answer, ms } = await poll;
    expect(answer).to.equal("granted");
    expect(ms, "the poll waited for the mutation, then for the marker to expire").to.be.within(1500, 1500 + MARKER_TTL_MS + 400);
  });

  it("reads and mutations do not yield; a poll with no mutation waiting goes at once", async function () {
    this.timeout(20_000);
    const { mutating, polling } = pair();
    await mutating.take("mutation");
    const done = mutating.mutationWaiting();
    try {
      for (const priority of ["read", "mutation"] as const) {
        const { answer, ms } = await timed(polling.take(priority));
        expect(answer).to.equal("granted");
        expect(ms, `a ${priority} while a mutation waits elsewhere`).to.be.below(250);
      }
    } finally {
      done();
    }
    await new Promise((resolve) => setTimeout(resolve, MARKER_TTL_MS + 100));
    const { ms } = await timed(polling.take("poll"));
    expect(ms, "a poll once no mutation waits").to.be.below(250);
  });

  it("a poll yields at most maxYieldMs, so a long run of mutations never starves it", async function () {
    this.timeout(20_000);
    const { mutating, polling } = pair(800);
    await mutating.take("mutation");
    const done = mutating.mutationWaiting();
    try {
      const { answer, ms } = await timed(polling.take("poll"));
      expect(answer).to.equal("granted");
      expect(ms).to.be.within(750, 800 + 400);
    } finally {
      done();
    }
  });

  it("a crashed process's marker expires on Redis's clock: the survivors' polls go", async function () {
    this.timeout(30_000);
    const { name, polling } = pair();
    const script = `
      const { RedisCoordinator } = require(${JSON.stringify(path.resolve(__dirname, "../../provider/api/pacing/redis-coordinator"))});
      const c = new RedisCoordinator({ url: ${JSON.stringify(redis.url)}, budget: ${JSON.stringify(name)}, perMinute: 6000, burst: 1000, warn: () => undefined, markerTtlMs: ${MARKER_TTL_MS} });
      c.take("mutation").then(() => { c.mutationWaiting(); setTimeout(() => console.log("marked"), 100); setInterval(() => undefined, 1000); });
    `;
    const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((resolve) => child.stdout.on("data", (d) => String(d).includes("marked") && resolve()));
    const client = new Redis(redis.url);
    try {
      expect(await client.pttl(mutationMarkerKey(name)), "the live process's marker").to.be.within(1, MARKER_TTL_MS);
      const poll = timed(polling.take("poll"));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const killedAt = Date.now();
      child.kill("SIGKILL");
      await poll;
      expect(Date.now() - killedAt, "the poll went once the dead process's marker expired").to.be.below(MARKER_TTL_MS + 400);
      expect(await client.exists(mutationMarkerKey(name))).to.equal(0);
    } finally {
      child.kill("SIGKILL");
      client.disconnect();
    }
  });
});
