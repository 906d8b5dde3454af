// One Fleet beside per-server resources, each kind on a fresh simulator process:
//   servers  N `hosting.Server`: up, destroy
//   fleet    one `hosting.Fleet` of N members (one group in ewr): up, preview, refresh, a rolling
//            OS change with maxSurge S, destroy
// Printed per operation: wall time, the API's requests and 429s and its own answer time; the
// state's bytes per member; then the Fleet's targets (resource/targets.ts), each PASS or FAIL,
// with exit status 1 on any FAIL. The JSON goes to bench/results/ (git-ignored).
//   node dist/bench/fleet/fleet-resource.js --suite targets      (both configurations in one run)
//   node dist/bench/fleet/fleet-resource.js --n 20 --provision-ms 2000 --shape A --surge 5

import * as path from "path";
import { describeMachine } from "./machine";
import { writeResults } from "./results";
import { parseFleetBenchArgs } from "./resource/args";
import { runConfig } from "./resource/run-config";
import { fleetTargets, type Check, type ConfigResult } from "./resource/targets";

const REPO_ROOT = path.resolve(__dirname, "..", "..", "..");

async function main(): Promise<void> {
  const { configs, outDir } = parseFleetBenchArgs(process.argv.slice(2));
  const startedAt = new Date();
  const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
  const results: ConfigResult[] = [];
  const checks: Check[] = [];
  for (const c of configs) {
    const r = await runConfig(c, log);
    results.push(r);
    checks.push(...fleetTargets(r));
  }
  console.log("\nThe Fleet's targets:");
  for (const c of checks) console.log(`  ${c.note ? "NOTE" : c.met ? "PASS" : "FAIL"}  ${c.target}: ${c.measured}`);
  const file = writeResults(outDir ?? path.join(REPO_ROOT, "bench", "results"), startedAt, { bench: "fleet-resource", machine: describeMachine(REPO_ROOT), results, checks });
  console.log(`\nresults: ${file}`);
  if (checks.some((c) => !c.met && !c.note)) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
