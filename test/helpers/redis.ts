// A throw-away Redis server for a test suite (scripts/redis.sh): installed from Debian's package
// when missing, on a free loopback port with its files in a temporary folder, stopped and
// removed by `stop()`.
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { promisify } from "util";

const SCRIPT = path.resolve(__dirname, "..", "..", "..", "scripts", "redis.sh");

export interface TestRedis {
  /** redis://127.0.0.1:port/0 */
  url: string;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<TestRedis> {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-redis-"));
  const dir = path.join(parent, "server");
  const run = (verb: string) => promisify(execFile)("bash", [SCRIPT, verb, dir], { timeout: 300_000 });
  try {
    const { stdout } = await run("start");
    const url = stdout.trim().split("\n").pop() ?? "";
    if (!url.startsWith("redis://")) throw new Error(`scripts/redis.sh start printed no URL: ${stdout}`);
    return {
      url,
      stop: async () => {
        await run("stop");
        fs.rmSync(parent, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await run("stop").catch(() => undefined);
    fs.rmSync(parent, { recursive: true, force: true });
    throw e;
  }
}
