// A throw-away Redis for the benchmark's "redis" variant (scripts/redis.sh: Debian's
// redis-server on a free loopback port), one per run so no budget carries over.

import { Redis } from "ioredis";
import { startThrowawayServer } from "../../scripts/throwaway-server";

export interface BenchRedis {
  url: string;
  /**
   * Commands Redis has run (INFO's total_commands_processed), the start's ping and this count's
   * own connection included: a handful means no provider used it.
   */
  commandCount(): Promise<number>;
  stop(): Promise<void>;
}

export async function startBenchRedis(): Promise<BenchRedis> {
  const server = await startThrowawayServer("redis.sh", "redis://");
  const commandCount = async () => {
    const client = new Redis(server.url);
    try {
      const m = /total_commands_processed:(\d+)/.exec(await client.info("stats"));
      return m ? Number(m[1]) : NaN;
    } finally {
      client.disconnect();
    }
  };
  return { ...server, commandCount };
}
