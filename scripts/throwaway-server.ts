// A throw-away server started by one of this repository's scripts (scripts/postgres.sh,
// scripts/redis.sh: `start <dir>` prints the URL, `stop <dir>` stops it and removes <dir>),
// for tests and benchmarks: its files in a fresh temporary folder, removed by `stop()`.
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { promisify } from "util";

/** The scripts folder of the repository (this file runs from dist/scripts). */
const SCRIPTS = path.resolve(__dirname, "..", "..", "scripts");

export interface ThrowawayServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Runs `scripts/<script> start` in a folder under a new temporary one and checks that the URL it
 * printed has `scheme`. `parentMode` opens the temporary folder to another user (PostgreSQL runs
 * as `postgres` when we are root).
 */
export async function startThrowawayServer(script: string, scheme: string, parentMode?: number): Promise<ThrowawayServer> {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), `hosting-${path.basename(script, ".sh")}-`));
  if (parentMode !== undefined) fs.chmodSync(parent, parentMode);
  const dir = path.join(parent, "server");
  const run = (verb: string) => promisify(execFile)("bash", [path.join(SCRIPTS, script), verb, dir], { timeout: 300_000 });
  const remove = async () => {
    await run("stop").catch(() => undefined);
    fs.rmSync(parent, { recursive: true, force: true });
  };
  try {
    const { stdout } = await run("start");
    const url = stdout.trim().split("\n").pop() ?? "";
    if (!url.startsWith(scheme)) throw new Error(`scripts/${script} start printed no ${scheme} URL: ${stdout}`);
    return {
      url,
      stop: async () => {
        await run("stop");
        fs.rmSync(parent, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await remove();
    throw e;
  }
}
