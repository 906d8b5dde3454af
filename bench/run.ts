// The fleet-scale benchmark: the real Pulumi CLI against the simulator in real time
// on the default tier, for each shape and fleet size: the lower bound (no-op resources), our
// provider and its naive mode. Prints one table and writes the results as JSON.
//   npm run bench -- --n 20 --provision-ms 2000          (a quick run)
//   node dist/bench/run.js --n 100,500 --shapes A,B --modes bound,ours,naive --naive-n 100
// Flags and their environment variables: bench/README.md.

import * as path from "path";
import { describeMachine } from "./fleet/machine";
import { parseOptions } from "./fleet/options";
import { writeResults } from "./fleet/results";
import { runScenario, type ScenarioResult } from "./fleet/scenario";
import { printSummary, summarize } from "./fleet/report";
import { runMultiStack, type MultiStackResult } from "./fleet/multi-stack";
import { checkMultiTargets, formatMultiTable, multiRows } from "./fleet/multi-table";

const REPO_ROOT = path.resolve(__dirname, "..", "..");

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2), process.env, REPO_ROOT);
  const startedAt = new Date();
  const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
  log(`fleet benchmark: scenarios=${opts.scenarios.join(",")} N=${opts.sizes.join(",")} shapes=${opts.shapes.join(",")} modes=${opts.modes.join(",")} ` +
    `naive N=${opts.naiveSizes.join(",")} fleets=${opts.fleets.map((f) => `${f.k}x${f.m}`).join(",")} ` +
    `cooperation=${opts.cooperation.join(",")} provisioning=${opts.provisionMs} ms parallel=${opts.parallel}`);
  const machineBefore = describeMachine(REPO_ROOT);
  const results: ScenarioResult[] = [];
  const multi: MultiStackResult[] = [];
  const save = (extra: Record<string, unknown>) =>
    writeResults(opts.outDir, startedAt, { startedAt: startedAt.toISOString(), options: opts, machine: machineBefore, scenarios: results, multi, ...extra });
  for (const shape of opts.scenarios.includes("single") ? opts.shapes : []) {
    for (const n of opts.sizes) {
      for (const mode of opts.modes) {
        if (mode === "naive" && !opts.naiveSizes.includes(n)) continue;
        log(`${mode} shape ${shape} N=${n}`);
        results.push(await runScenario(REPO_ROOT, opts, shape, n, mode, log));
        // Written after every scenario, so a run cut short still leaves its measurements.
        save({ partial: true });
      }
    }
  }
  const totals = [...new Set(opts.fleets.map((f) => f.k * f.m))];
  for (const shape of opts.scenarios.includes("multi") ? opts.shapes : []) {
    for (const pacing of opts.cooperation) {
      for (const run of [...totals.map((t) => ({ k: 1, m: t })), ...opts.fleets]) {
        log(`many stacks, one key: ${run.k} × ${run.m}, shape ${shape}, cooperation ${pacing}`);
        multi.push(await runMultiStack(REPO_ROOT, opts, shape, run.k, run.m, pacing, log));
        save({ partial: true });
      }
    }
  }
  const summary = summarize(results, opts.provisionMs);
  printSummary(summary, results, (line) => console.log(line));
  const rows = multiRows(multi);
  const multiTable = formatMultiTable(rows);
  const multiTargets = checkMultiTargets(rows, multi);
  if (multi.length) {
    console.log(`\nmany stacks, one key:\n${multiTable}\n`);
    for (const t of multiTargets) console.log(`  ${t.met ? "met  " : "UNMET"} ${t.target}: ${t.measured}`);
  }
  const machine = { ...machineBefore, loadAverageAfter: describeMachine(REPO_ROOT).loadAverage };
  const file = save({
    finishedAt: new Date().toISOString(),
    machine,
    rows: summary.rows,
    table: summary.table,
    targets: summary.targets,
    multiTable,
    multiTargets,
  });
  console.log(`\nresults: ${path.relative(REPO_ROOT, file)}`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
