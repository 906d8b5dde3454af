// The standalone plugin's costs per target: the size of each archive and
// executable, and the time from start to the port handshake (the first line on stdout, which the
// engine waits for before any call) where the target runs here: linux-amd64 natively, against
// the Node script the npm package runs (node dist/provider/plugin/main.js), and windows-amd64
// under Wine. The first run's figures (a quiet machine, bench/runs/2026-11-26-standalone-plugin.md) are printed beside, as a reference.
// Native runs alternate between the two forms so that load on the machine falls on both alike.
//
//   npm run bench:plugin-startup -- [--runs 20] [--wine-runs 10] [--executable PATH]
// Without --executable it builds every target's archive (npm run release -- --no-sdks) into a
// temporary folder; with it, only that linux-amd64 executable is timed. --wine-runs 0 skips Wine
// (scripts/release/wine.sh installs it). Prints the median and 90th percentile of each form and
// the ratio of the native medians against its bound: the executable starts no slower than the
// Node script (≤ 1.0×).

import { execFileSync, spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { release } from "../scripts/release/main";
import { TARGETS } from "../scripts/release/targets";
import { makeWinePrefix, startUnderWine, wineCommand } from "../scripts/release/wine-run";

const BOUND = 1.0;

/** The reference run (commit 1a51fcb, Node 22.23.3, a quiet machine): bytes per target, and handshake medians / p90s. */
const ISSUE_27 = {
  archive: { "linux-amd64": 42_375_762, "linux-arm64": 42_283_696, "darwin-amd64": 37_921_137, "windows-amd64": 33_744_203 } as Record<string, number>,
  executable: { "linux-amd64": 128_322_752, "linux-arm64": 125_701_248, "darwin-amd64": 117_709_556, "windows-amd64": 90_548_224 } as Record<string, number>,
  script: "median 488 ms, p90 499 ms",
  native: "median 118 ms, p90 122 ms",
};

function handshakeMs(cmd: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "ignore"] });
    child.stdout.once("data", () => {
      resolve(Number(process.hrtime.bigint() - start) / 1e6);
      child.kill();
    });
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`${cmd} exited (${code}) before its handshake`)));
  });
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const figures = (xs: number[]) => `median ${quantile(xs, 0.5).toFixed(0)} ms, p90 ${quantile(xs, 0.9).toFixed(0)} ms (${xs.length} runs)`;
const bytes = (n: number | undefined) => (n === undefined ? "-" : n.toLocaleString("en-US"));

/** Builds every target; prints archive and executable sizes beside the reference run's; returns the executables. */
async function buildAll(repoRoot: string, out: string): Promise<Map<string, string>> {
  const dir = path.join(out, "release");
  const result = await release({ repoRoot, outDir: dir, targets: [], sdks: false, log: () => undefined });
  const executables = new Map<string, string>();
  console.log(`| target | archive bytes | executable bytes | reference archive | reference executable |`);
  console.log(`|---|---:|---:|---:|---:|`);
  for (const t of TARGETS) {
    const archive = path.join(dir, `pulumi-resource-hosting-v${result.version}-${t.name}.tar.gz`);
    fs.mkdirSync(path.join(out, t.name));
    execFileSync("tar", ["-xzf", archive, "-C", path.join(out, t.name)]);
    const exe = path.join(out, t.name, t.executable);
    executables.set(t.name, exe);
    console.log(`| ${t.name} | ${bytes(fs.statSync(archive).size)} | ${bytes(fs.statSync(exe).size)} | ${bytes(ISSUE_27.archive[t.name])} | ${bytes(ISSUE_27.executable[t.name])} |`);
  }
  console.log(`bundle: ${bytes(result.bundleBytes)} bytes of JavaScript`);
  return executables;
}

/** Start to handshake of the windows-amd64 executable under Wine, the prefix's wineserver kept running. */
async function underWine(repoRoot: string, exe: string, runs: number): Promise<void> {
  const wine = wineCommand(repoRoot);
  const prefix = makeWinePrefix(wine);
  try {
    console.log(`Wine prefix (Windows 10) made in ${prefix.setupSeconds.toFixed(1)} s`);
    // A persistent wineserver: every run then pays for Wine's process start, not the server's.
    // prefix.dispose() ends it with the prefix's other processes (wineserver -k).
    spawn("wineserver", ["-p", "-f"], { env: prefix.env, stdio: "ignore" });
    const times: number[] = [];
    for (let i = 0; i <= runs; i++) {
      const started = await startUnderWine(wine, prefix, exe, []);
      started.stop();
      await started.exited;
      times.push(started.handshakeMs);
    }
    console.log(`windows-amd64 under Wine, start to handshake: first run ${times[0]!.toFixed(0)} ms; then ${figures(times.slice(1))}`);
  } finally {
    prefix.dispose();
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const arg = (name: string) => (argv.indexOf(name) >= 0 ? argv[argv.indexOf(name) + 1] : undefined);
  const runs = Number(arg("--runs") ?? 20);
  const wineRuns = Number(arg("--wine-runs") ?? 10);
  const repoRoot = path.resolve(__dirname, "..", "..");
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-startup-"));
  // Start-up times move with the machine's load: the run says what it ran under.
  console.log(`load average ${os.loadavg().map((n) => n.toFixed(2)).join(", ")} on ${os.cpus().length} cores, Node ${process.version} for the script`);
  try {
    let exe = arg("--executable");
    let executables: Map<string, string> | undefined;
    if (!exe) {
      executables = await buildAll(repoRoot, out);
      exe = executables.get("linux-amd64")!;
    }
    const script = path.join(repoRoot, "dist", "provider", "plugin", "main.js");
    const times = { script: [] as number[], executable: [] as number[] };
    for (let i = 0; i < runs; i++) {
      times.script.push(await handshakeMs(process.execPath, [script]));
      times.executable.push(await handshakeMs(exe, []));
    }
    console.log(`script (node main.js), start to handshake: ${figures(times.script)}; reference: ${ISSUE_27.script}`);
    console.log(`linux-amd64 executable, natively, start to handshake: ${figures(times.executable)}; reference: ${ISSUE_27.native}`);
    const ratio = quantile(times.executable, 0.5) / quantile(times.script, 0.5);
    console.log(`executable/script median: ${ratio.toFixed(2)}× (bound ≤ ${BOUND.toFixed(1)}×): ${ratio <= BOUND ? "met" : "UNMET"}`);
    if (executables && wineRuns > 0) await underWine(repoRoot, executables.get("windows-amd64")!, wineRuns);
    console.log("linux-arm64, darwin-amd64 and darwin-arm64 do not run on this machine: sizes only.");
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
