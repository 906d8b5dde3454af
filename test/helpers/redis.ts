// A throw-away Redis server for a test suite (scripts/redis.sh): installed from Debian's package
// when missing, on a free loopback port with its files in a temporary folder, stopped and
// removed by `stop()`.
import { startThrowawayServer, type ThrowawayServer } from "../../scripts/throwaway-server";

export type TestRedis = ThrowawayServer;

/** `url` is redis://127.0.0.1:<port>/0. */
export function startRedis(): Promise<TestRedis> {
  return startThrowawayServer("redis.sh", "redis://");
}
