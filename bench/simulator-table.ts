// Simulator table benchmark (not a test): the simulator's own CPU time per request as its
// table grows, for 1,000, 10,000 and 100,000 stored servers (`--n 1000,10000`). For each N a
// fresh simulator process (simulator-table/seeded-simulator.ts) stores the servers, then each
// case runs a few warm-up requests and five rounds of up to 400 measured ones (1 s at most); a
// round's CPU time of that process (user + system, all its threads, GC included) divided by
// its requests, and the median round, is the figure (simulator-table/cases.ts). CPU time, not
// wall time: the machine is shared. Printed per case: µs per request at each N and its ratio
// to the smallest N; the bound is ≤ 1.5× from 1,000 to 100,000. Loopback only.
// Run: npm run bench:simulator-table
import { measureCases, type CaseFigure } from "./simulator-table/cases";
import { SimulatorProcess } from "./simulator-table/simulator-process";
import { printTable } from "./simulator-table/table";

function sizes(): number[] {
  const at = process.argv.indexOf("--n");
  const raw = at >= 0 ? process.argv[at + 1] : "1000,10000,100000";
  const list = raw.split(",").map(Number);
  if (list.some((n) => !Number.isInteger(n) || n < 1000)) throw new Error(`--n takes sizes of at least 1000, got ${raw}`);
  return list;
}

async function main(): Promise<void> {
  const figures = new Map<number, CaseFigure[]>();
  for (const n of sizes()) {
    const started = Date.now();
    const sim = await SimulatorProcess.start(n);
    try {
      console.error(`${n} servers stored in ${((Date.now() - started) / 1000).toFixed(1)} s; measuring`);
      figures.set(n, await measureCases(sim));
    } finally {
      await sim.stop();
    }
  }
  printTable(figures);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
