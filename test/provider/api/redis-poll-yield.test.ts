// Across processes, status polls yield to waiting mutations (provider/api/pacing/redis-coordinator.ts
// over mutation-marker.ts): two coordinators on one budget stand for two processes on one key,
// against a real Redis (Debian's redis-server, scripts/redis.sh). When each poll goes is proven
// to the virtual millisecond in pacing/mutation-marker.test.ts; here only what Redis itself must
// do, asserted on what Redis holds and in which order things happened, never on a stopwatch:
// the marker's key and TTL, polls that go only once it is gone, and a crashed process's marker
// expiring on Redis's clock.
import { expect } from "chai";
import { spawn } from "child_process";
import * as path from "path";
import { mutationMarkerKey, RedisCoordinator } from "../../../provider/api/pacing/redis-coordinator";
import { useRedisClient } from "../../helpers/redis";
import { until } from "../../helpers/wait";

describe("Redis coordinator: status polls yield to other processes' mutations (real Redis)", () => {
  const server = useRedisClient();
  let budget = 0;

  /** The marker's TTL in ms while it lives, else undefined. */
  const liveTtl = async (key: string) => {
    const left = await server().client.pttl(key);
    return left > 0 ? left : undefined;
  };

  /** Two processes' coordinators on a fresh budget of a roomy tier (tokens are never short here). */
  const pair = (markerTtlMs: number) => {
    const name = `poll-yield-${++budget}`;
    const make = () => new RedisCoordinator({ url: server().redis.url, budget: name, perMinute: 6000, burst: 1000, warn: (m) => expect.fail(m), markerTtlMs });
    return { key: mutationMarkerKey(name), mutating: make(), polling: make() };
  };

  it("keeps a waiting mutation's marker in Redis with its TTL; reads and mutations are granted while it lives", async function () {
    this.timeout(20_000);
    // A marker that lives a minute: a read or a mutation that yielded to it would outlast the test.
    const { key, mutating, polling } = pair(60_000);
    await mutating.take("mutation"); // connects, so the marker is written at once
    const done = mutating.mutationWaiting();
    try {
      const left = await until("the marker", () => liveTtl(key));
      expect(left).to.be.within(1, 60_000);
      for (const priority of ["read", "mutation"] as const) expect(await polling.take(priority), priority).to.equal("granted");
      expect(await server().client.pttl(key), "the marker still lives: nothing waited for it").to.be.greaterThan(0);
    } finally {
      done();
    }
  });

  it("a poll goes only once the marker is gone, and with no marker at once", async function () {
    this.timeout(20_000);
    const fresh = pair(300);
    expect(await server().client.exists(fresh.key)).to.equal(0);
    expect(await fresh.polling.take("poll")).to.equal("granted");

    const { key, mutating, polling } = pair(300);
    await mutating.take("mutation");
    await polling.take("read"); // connected: the poll below looks at once
    const done = mutating.mutationWaiting();
    await until("the marker", async () => (await server().client.pttl(key)) > 0);
    // The marker is left to expire (another process's mutations may be waiting too); done()
    // resolves once no heartbeat SET is on its way, so none can revive it after the poll's look
    // (mutation-marker.test.ts proves that order on virtual time).
    await done();
    const poll = polling.take("poll");
    expect(await poll).to.equal("granted");
    expect(await server().client.exists(key), "the poll went after the marker expired").to.equal(0);
  });

  it("a crashed process's marker expires on Redis's clock: the survivors' polls go", async function () {
    this.timeout(30_000);
    const ttl = 300;
    const { key, polling } = pair(ttl);
    const name = key.slice(mutationMarkerKey("").length);
    const script = `
      const { RedisCoordinator } = require(${JSON.stringify(path.resolve(__dirname, "../../../provider/api/pacing/redis-coordinator"))});
      const c = new RedisCoordinator({ url: ${JSON.stringify(server().redis.url)}, budget: ${JSON.stringify(name)}, perMinute: 6000, burst: 1000, warn: () => undefined, markerTtlMs: ${ttl} });
      c.take("mutation").then(() => { c.mutationWaiting(); console.log("marked"); setInterval(() => undefined, 1000); });
    `;
    const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      await new Promise<void>((resolve) => child.stdout.on("data", (d) => String(d).includes("marked") && resolve()));
      const left = await until("the live process's marker", () => liveTtl(key));
      expect(left, "the live process's marker").to.be.within(1, ttl);
      const poll = polling.take("poll");
      child.kill("SIGKILL");
      expect(await poll).to.equal("granted");
      expect(await server().client.exists(key), "the dead process's marker is gone").to.equal(0);
    } finally {
      child.kill("SIGKILL");
    }
  });
});
