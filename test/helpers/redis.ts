// A throw-away Redis server for a test suite (scripts/redis.sh): installed from Debian's package
// when missing, on a free loopback port with its files in a temporary folder, stopped and
// removed by `stop()`; `useRedisClient` gives a suite one with a client on it.
import { Redis } from "ioredis";
import { startThrowawayServer, type ThrowawayServer } from "../../scripts/throwaway-server";

export type TestRedis = ThrowawayServer;

/** `url` is redis://127.0.0.1:<port>/0. */
export function startRedis(): Promise<TestRedis> {
  return startThrowawayServer("redis.sh", "redis://");
}

/**
 * A throw-away Redis and one client on it for the enclosing `describe`: started before its tests
 * and stopped after them. Call the returned function inside tests.
 */
export function useRedisClient(): () => { redis: TestRedis; client: Redis } {
  let redis: TestRedis | undefined;
  let client: Redis | undefined;
  before(async function () {
    this.timeout(300_000);
    redis = await startRedis();
    client = new Redis(redis.url);
  });
  after(async () => {
    client?.disconnect();
    await redis?.stop();
  });
  return () => {
    if (!redis || !client) throw new Error("useRedisClient: the suite's Redis has not started");
    return { redis, client };
  };
}
