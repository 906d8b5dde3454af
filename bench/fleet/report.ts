// The summary of a run: the table rows, the table and the target checks. Also a command that
// merges the JSON of several runs (e.g. N=100 and N=500 run apart) into one table:
//   node dist/bench/fleet/report.js bench/results/<a>.json bench/results/<b>.json

import * as fs from "fs";
import type { ScenarioResult } from "./scenario";
import { buildRows, formatTable, type FleetRow } from "./table";
import { checkTargets, type TargetCheck } from "./targets";

export interface Summary {
  rows: FleetRow[];
  table: string;
  targets: TargetCheck[];
  /** Largest `__provider` of our provider's resources, in bytes. */
  providerBytesMax?: number;
}

export function summarize(results: ScenarioResult[], provisionMs: number): Summary {
  const rows = buildRows(results, provisionMs);
  const ours = results.filter((r) => r.mode === "ours" && r.state);
  const providerBytesMax = ours.length ? Math.max(...ours.map((r) => r.state!.providerBytesMax)) : undefined;
  return { rows, table: formatTable(rows), targets: checkTargets(rows, providerBytesMax, provisionMs), providerBytesMax };
}

export function printSummary(summary: Summary, results: ScenarioResult[], print: (line: string) => void): void {
  print(`\n${summary.table}\n`);
  for (const r of results.filter((x) => x.state)) {
    const s = r.state!;
    print(`state ${r.mode} shape ${r.shape} N=${r.n}: export ${(s.exportedBytes / 1024).toFixed(0)} KiB, ${s.bytesPerServer} B per server, __provider ${s.providerBytesMax} bytes ×${s.providerCopiesPerResource} per resource`);
  }
  print("\ntargets:");
  for (const t of summary.targets) print(`  ${t.met ? "met  " : "UNMET"} ${t.target}: ${t.measured}`);
}

if (require.main === module) {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    console.error("usage: node dist/bench/fleet/report.js <results.json>...");
    process.exit(2);
  }
  const runs = files.map((f) => JSON.parse(fs.readFileSync(f, "utf8")));
  const provisionMs = new Set(runs.map((r) => r.options.provisionMs));
  if (provisionMs.size > 1) throw new Error(`the runs used different provisioning delays: ${[...provisionMs].join(", ")}`);
  const scenarios: ScenarioResult[] = runs.flatMap((r) => r.scenarios);
  printSummary(summarize(scenarios, runs[0].options.provisionMs), scenarios, (l) => console.log(l));
}
