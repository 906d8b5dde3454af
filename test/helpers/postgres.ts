// A throw-away PostgreSQL server for a test suite (scripts/postgres.sh): installed from Debian's
// package when missing, initialised in a temporary folder, on a free loopback port, stopped and
// removed by `stop()`. Its URL is a Pulumi DIY backend URL (postgres://...).
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { promisify } from "util";

const SCRIPT = path.resolve(__dirname, "..", "..", "..", "scripts", "postgres.sh");

export interface TestPostgres {
  /** postgres://user:password@127.0.0.1:port/db?sslmode=disable */
  url: string;
  stop(): Promise<void>;
}

export async function startPostgres(): Promise<TestPostgres> {
  // The server runs as the `postgres` user when we are root: it must reach the folder.
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-pg-"));
  fs.chmodSync(parent, 0o711);
  const dir = path.join(parent, "cluster");
  const run = (verb: string) => promisify(execFile)("bash", [SCRIPT, verb, dir], { timeout: 300_000 });
  try {
    const { stdout } = await run("start");
    const url = stdout.trim().split("\n").pop() ?? "";
    if (!url.startsWith("postgres://")) throw new Error(`scripts/postgres.sh start printed no URL: ${stdout}`);
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
