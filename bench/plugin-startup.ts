// The standalone plugin's costs (issue 27): the size of its archive and executable, and the time
// from start to the port handshake (the first line on stdout, which the engine waits for before
// any call), against the Node script the npm package runs (node dist/provider/plugin/main.js).
// Runs alternate between the two forms so that load on the machine falls on both alike.
//
//   npm run bench:plugin-startup -- [--runs 20] [--executable PATH]
// Without --executable it builds one (npm run release -- --targets linux-amd64 --no-sdks) into
// a temporary folder. Prints the median and 90th percentile of each form and the ratio of the
// medians against its bound: the executable starts no slower than the Node script (≤ 1.0×).

import { execFileSync, spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { release } from "../scripts/release/main";

const BOUND = 1.0;

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

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const arg = (name: string) => (argv.indexOf(name) >= 0 ? argv[argv.indexOf(name) + 1] : undefined);
  const runs = Number(arg("--runs") ?? 20);
  const repoRoot = path.resolve(__dirname, "..", "..");
  let exe = arg("--executable");
  let archiveBytes: number | undefined;
  if (!exe) {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-startup-"));
    const result = await release({ repoRoot, outDir: path.join(out, "release"), targets: ["linux-amd64"], sdks: false, log: () => undefined });
    const archive = path.join(out, "release", result.files[0]!.name);
    archiveBytes = fs.statSync(archive).size;
    execFileSync("tar", ["-xzf", archive, "-C", out]);
    exe = path.join(out, "pulumi-resource-hosting");
    console.log(`archive ${result.files[0]!.name}: ${(archiveBytes / 1e6).toFixed(1)} MB; bundle ${(result.bundleBytes / 1e6).toFixed(2)} MB`);
  }
  console.log(`executable: ${(fs.statSync(exe).size / 1e6).toFixed(1)} MB`);
  const script = path.join(repoRoot, "dist", "provider", "plugin", "main.js");
  const times = { script: [] as number[], executable: [] as number[] };
  for (let i = 0; i < runs; i++) {
    times.script.push(await handshakeMs(process.execPath, [script]));
    times.executable.push(await handshakeMs(exe, []));
  }
  for (const [form, xs] of Object.entries(times)) {
    console.log(`${form.padEnd(10)} start to handshake: median ${quantile(xs, 0.5).toFixed(0)} ms, p90 ${quantile(xs, 0.9).toFixed(0)} ms (${runs} runs)`);
  }
  const ratio = quantile(times.executable, 0.5) / quantile(times.script, 0.5);
  console.log(`executable/script median: ${ratio.toFixed(2)}× (bound ≤ ${BOUND.toFixed(1)}×): ${ratio <= BOUND ? "met" : "UNMET"}`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
