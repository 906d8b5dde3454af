// One (shape, N, mode) of the benchmark: a fresh simulator and stack, then `up`, `preview`
// with no changes, `refresh` and `destroy`, each timed around the Automation API call and
// counted from the simulator's stats. Before each operation the key gets a fresh bucket, so
// each starts from the same full burst the bound assumes.

import { fleetProgram } from "./programs";
import type { Op } from "./lower-bound";
import { type BenchOptions, type Mode, type Shape, parallelFor } from "./options";
import { createBenchStack } from "./pulumi-stack";
import { countRequests, describeRoutes, type RequestCount } from "./sim-stats";
import { BENCH_KEY, SimulatorProcess } from "./simulator-process";
import { measureState, type StateSize } from "./state-size";
import { NAIVE_PROVIDER } from "../naive/server";

export interface OpResult {
  seconds: number;
  ok: boolean;
  /** First line of the failure, when the operation failed. */
  error?: string;
  /** The engine's change summary (e.g. { create: 100 }). */
  changes?: Record<string, number>;
  /** What the API saw; absent for the no-op resources (no API behind them). */
  requests?: RequestCount;
}

export interface ScenarioResult {
  shape: Shape;
  n: number;
  mode: Mode;
  parallel: number | "cli default";
  ops: Partial<Record<Op, OpResult>>;
  state?: StateSize;
  /** Servers the simulator still held after destroy (should be 0). */
  leftAfterDestroy?: number;
}

export async function runScenario(repoRoot: string, opts: BenchOptions, shape: Shape, n: number, mode: Mode, log: (line: string) => void): Promise<ScenarioResult> {
  const parallel = parallelFor(opts, n);
  const result: ScenarioResult = { shape, n, mode, parallel: parallel ?? "cli default", ops: {} };
  const sim = mode === "bound" ? undefined : await SimulatorProcess.start(repoRoot, shape, opts.provisionMs);
  const config: Record<string, { value: string; secret?: boolean }> = sim
    ? { "hosting:apiKey": { value: BENCH_KEY, secret: true }, "hosting:baseUrl": { value: sim.url } }
    : {};
  // The naive mode's program declares NaiveServers (bench/naive/server.ts), whose shells bring
  // the naive provider; the provider process's environment is the same in every mode.
  const bench = await createBenchStack(repoRoot, fleetProgram(mode, n, "", opts.ownerTag), config, {}, mode === "plugin", opts.pluginExecutable);
  // The CLI's output is kept only to name the first diagnostic when an operation fails.
  let output: string[] = [];
  const keep = (text: string) => void output.push(text);
  const common = { parallel, onOutput: keep, onError: keep };

  const timed = async (op: Op, run: () => Promise<{ changes?: Record<string, number> }>): Promise<OpResult> => {
    if (sim) {
      await sim.freshKey();
      await sim.resetStats();
    }
    output = [];
    const started = process.hrtime.bigint();
    let res: OpResult;
    try {
      const { changes } = await run();
      res = { seconds: seconds(started), ok: true, changes };
    } catch (e) {
      res = { seconds: seconds(started), ok: false, error: firstDiagnostic(output.join(""), e) };
    }
    if (sim) res.requests = countRequests(await sim.stats());
    result.ops[op] = res;
    const reqs = res.requests ? `; ${res.requests.total} requests, ${res.requests.rateLimited} × 429 (${describeRoutes(res.requests)})` : "";
    log(`  ${mode} ${shape} N=${n} ${op}: ${res.seconds.toFixed(1)} s${res.ok ? "" : ` FAILED: ${res.error}`}${reqs}`);
    return res;
  };

  try {
    const up = await timed("up", async () => ({ changes: (await bench.stack.up(common)).summary.resourceChanges }));
    if (up.ok) {
      result.state = measureState(await bench.stack.exportStack());
      await timed("preview", async () => ({ changes: (await bench.stack.preview(common)).changeSummary }));
      await timed("refresh", async () => ({ changes: (await bench.stack.refresh(common)).summary.resourceChanges }));
    }
    const destroy = await timed("destroy", async () => ({ changes: (await bench.stack.destroy(common)).summary.resourceChanges }));
    if (!destroy.ok && mode === "naive") {
      // Clean up with our provider so the next scenario starts from nothing (not measured): the
      // state's shells name the naive provider, so they are pointed at the product's first.
      await bench.stack.importStack(withProductShells(await bench.stack.exportStack()));
      await bench.stack.destroy(common).catch(() => undefined);
    }
    if (sim) result.leftAfterDestroy = await sim.liveServers();
  } finally {
    bench.dispose();
    await sim?.close();
  }
  return result;
}

/**
 * The exported state with every NaiveServer shell made the product Server's: the two differ only
 * in the module their functions require (bench/naive/server.ts), the naive provider's absolute
 * path or `pulumi-hosting/internal/server`.
 */
export function withProductShells<T extends { deployment: { resources?: any[] } }>(state: T): T {
  const product = (text: unknown) =>
    typeof text === "string" ? text.split(JSON.stringify(NAIVE_PROVIDER)).join(JSON.stringify("pulumi-hosting/internal/server")) : text;
  for (const r of state.deployment.resources ?? []) {
    if (r.inputs?.__provider !== undefined) r.inputs.__provider = product(r.inputs.__provider);
    if (r.outputs?.__provider !== undefined) r.outputs.__provider = product(r.outputs.__provider);
  }
  return state;
}

function seconds(started: bigint): number {
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** The first `error:` line the engine printed (a provider's message), else the exception's first line. */
function firstDiagnostic(output: string, e: unknown): string {
  const fromOutput = output.split("\n").map((l) => l.trim()).find((l) => /^error:/i.test(l) && !/update failed|destroy failed/i.test(l));
  const text = e instanceof Error ? e.message : String(e);
  return (fromOutput ?? text.split("\n")[0] ?? "").slice(0, 300);
}
