// How this Linux machine runs the windows-amd64 executable, for the end-to-end test
// (test/e2e/release-windows.test.ts) and the start-up benchmark (bench/plugin-startup.ts): under
// Debian's Wine (wine.sh installs it), in a throw-away Windows 10 prefix. Its standard output and error go to files, not pipes: under
// Wine, Node opens a Unix pipe as a Windows one and ends at start-up with `Error: open EBADF`
// (createWritableStdioStream), so the port handshake is read from the file.
import { execFileSync, spawn, type ChildProcess } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

export interface WinePrefix {
  env: NodeJS.ProcessEnv;
  /** Seconds it took to make the prefix. */
  setupSeconds: number;
  /** Ends this prefix's wineserver (and with it every process of the prefix) and removes it. */
  dispose(): void;
}

/** The `wine` command, installed by the repository's script when missing (needs root). */
export function wineCommand(repoRoot: string): string {
  return execFileSync("bash", [path.join(repoRoot, "scripts", "release", "wine.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();
}

/** A new prefix set to Windows 10, with no display and without Mono's and Gecko's install prompts. */
export function makeWinePrefix(wine: string): WinePrefix {
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-wine-"));
  const env: NodeJS.ProcessEnv = { ...process.env, WINEPREFIX: dir, WINEDEBUG: "-all", WINEDLLOVERRIDES: "mscoree,mshtml=" };
  delete env.DISPLAY;
  const run = (...args: string[]) => execFileSync(wine, args, { env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  run("wineboot", "--init");
  run("reg", "add", "HKCU\\Software\\Wine", "/v", "Version", "/d", "win10", "/f");
  const version = run("reg", "query", "HKCU\\Software\\Wine", "/v", "Version");
  if (!/Version\s+REG_SZ\s+win10/.test(version)) throw new Error(`the Wine prefix ${dir} is not set to Windows 10: ${version}`);
  return {
    env,
    setupSeconds: (Date.now() - started) / 1000,
    dispose: () => {
      try {
        execFileSync("wineserver", ["-k"], { env, stdio: "ignore" });
      } catch {
        // No wineserver left to end.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface StartedUnderWine {
  child: ChildProcess;
  port: number;
  /** Milliseconds from the start to the port line in the stdout file. */
  handshakeMs: number;
  /** Resolves when the process has ended. */
  exited: Promise<void>;
  stdout(): string;
  stderr(): string;
  stop(): void;
}

/** Starts `exe args` under Wine and waits (polling its stdout file) for the first line: the port. */
export async function startUnderWine(wine: string, prefix: WinePrefix, exe: string, args: string[], timeoutMs = 120_000): Promise<StartedUnderWine> {
  const logs = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-wine-out-"));
  const [out, err] = [path.join(logs, "stdout"), path.join(logs, "stderr")];
  const [outFd, errFd] = [fs.openSync(out, "w"), fs.openSync(err, "w")];
  const started = process.hrtime.bigint();
  const child = spawn(wine, [exe, ...args], { env: prefix.env, cwd: path.dirname(exe), stdio: ["ignore", outFd, errFd] });
  fs.closeSync(outFd);
  fs.closeSync(errFd);
  const read = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, "utf8") : "");
  const stop = () => {
    child.kill();
    fs.rmSync(logs, { recursive: true, force: true });
  };
  let exited: string | undefined;
  const ended = new Promise<void>((resolve) => child.once("exit", (code, signal) => {
    exited = `exit code ${code}, signal ${signal}`;
    resolve();
  }));
  for (;;) {
    const line = /^(\d+)\r?\n/.exec(read(out));
    if (line) {
      const handshakeMs = Number(process.hrtime.bigint() - started) / 1e6;
      return { child, port: Number(line[1]), handshakeMs, exited: ended, stdout: () => read(out), stderr: () => read(err), stop };
    }
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    if (exited || elapsed > timeoutMs) {
      const why = exited ? `ended (${exited})` : `printed no port line in ${timeoutMs} ms`;
      const text = `stdout: ${JSON.stringify(read(out))}\nstderr: ${read(err)}`;
      stop();
      throw new Error(`${path.basename(exe)} under Wine ${why}\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}
