// A throw-away Redis for the benchmark's "redis" variant (scripts/redis.sh: Debian's
// redis-server on a free loopback port), one per run so no budget carries over.

import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { promisify } from "util";
import { Redis } from "ioredis";

export interface BenchRedis {
  url: string;
  /** The keys in Redis now: the coordinator's windows, so 0 after a run means it was not used. */
  keyCount(): Promise<number>;
  stop(): Promise<void>;
}

export async function startBenchRedis(repoRoot: string): Promise<BenchRedis> {
  const script = path.join(repoRoot, "scripts", "redis.sh");
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "hosting-bench-redis-")), "server");
  const run = (verb: string) => promisify(execFile)("bash", [script, verb, dir], { timeout: 300_000 });
  const { stdout } = await run("start");
  const url = stdout.trim().split("\n").pop() ?? "";
  if (!url.startsWith("redis://")) throw new Error(`scripts/redis.sh start printed no URL: ${stdout}`);
  return {
    url,
    keyCount: async () => {
      const client = new Redis(url);
      try {
        return await client.dbsize();
      } finally {
        client.disconnect();
      }
    },
    stop: async () => {
      await run("stop");
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    },
  };
}
