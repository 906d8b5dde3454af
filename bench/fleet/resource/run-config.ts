// One configuration of the Fleet benchmark: the engine's own cost (no-op stacks), then each
// kind on a fresh simulator process with the bench key on the configuration's tier. Before
// each operation the key is made anew (a full bucket) and the simulator's counters are zeroed,
// so each operation's requests and answer time are its own.

import * as path from "path";
import type { PulumiFn } from "@pulumi/pulumi/automation";
import { createBenchStack } from "../pulumi-stack";
import { countRequests, describeRoutes } from "../sim-stats";
import { BENCH_KEY, SimulatorProcess } from "../simulator-process";
import { measureState } from "../state-size";
import type { FleetBenchConfig, FleetOp, Kind } from "./args";
import { fleetProgram, noopProgram, serversProgram } from "./programs";
import type { ConfigResult, EngineCost, Timed } from "./targets";

const REPO_ROOT = path.resolve(__dirname, "..", "..", "..", "..");
const ROLLED_OS = "debian-12";
/** The health-gated roll: back to the first image, whose servers pass the health route this long after active. */
export const HEALTH_AFTER_SECONDS = 10;
/** How often the health-gated roll's check asks; the bound leaves the wait between two asks out. */
export const HEALTH_INTERVAL_SECONDS = 0.5;

type Log = (line: string) => void;

function seconds(started: bigint): number {
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The engine's time for N no-op resources: the median of `runs` up-and-destroy rounds (one round varied 1.5 to 1.9 s for N = 1). */
export async function engineCost(n: number, log: Log, runs = 3): Promise<EngineCost> {
  const bench = await createBenchStack(REPO_ROOT, noopProgram(n), {}, {});
  const ups: number[] = [];
  const destroys: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      let started = process.hrtime.bigint();
      await bench.stack.up({ parallel: n });
      ups.push(seconds(started));
      started = process.hrtime.bigint();
      await bench.stack.destroy({ parallel: n });
      destroys.push(seconds(started));
    }
    const s = (xs: number[]) => xs.map((x) => x.toFixed(1)).join("/");
    log(`  no-op   x${String(n).padEnd(5)} up ${s(ups)} s, destroy ${s(destroys)} s: medians ${median(ups).toFixed(1)} s and ${median(destroys).toFixed(1)} s (the engine's own cost)`);
    return { up: median(ups), destroy: median(destroys) };
  } finally {
    bench.dispose();
  }
}

async function runKind(kind: Kind, c: FleetBenchConfig, result: ConfigResult, log: Log): Promise<void> {
  const sim = await SimulatorProcess.start(REPO_ROOT, c.shape, c.provisionMs, c.tier);
  let os = "ubuntu-24.04";
  let healthCheck: object | undefined;
  const program: PulumiFn = kind === "servers" ? serversProgram(c.n, c.face) : fleetProgram(c.n, c.surge, () => os, c.face, () => healthCheck);
  const config = { "hosting:apiKey": { value: BENCH_KEY, secret: true }, "hosting:baseUrl": { value: sim.url } };
  const bench = await createBenchStack(REPO_ROOT, program, config, {}, c.face === "plugin");
  const record = kind === "servers" ? (result.servers as Partial<Record<FleetOp, Timed>>) : result.fleet;
  const timed = async (op: FleetOp, fn: () => Promise<unknown>): Promise<Timed> => {
    await sim.freshKey();
    await sim.resetStats();
    const started = process.hrtime.bigint();
    let error: string | undefined;
    await fn().catch((e) => (error = (e instanceof Error ? e.message : String(e)).split("\n")[0]));
    const wall = seconds(started);
    const stats = await sim.stats();
    const t: Timed = { seconds: wall, ok: error === undefined, error, requests: countRequests(stats), answerSeconds: stats.answerMs / 1000 };
    record[op] = t;
    log(`  ${kind.padEnd(7)} ${op.padEnd(8)} ${t.seconds.toFixed(1).padStart(6)} s  API answering ${t.answerSeconds.toFixed(2)} s  ` +
      `${t.requests.total} requests, ${t.requests.rateLimited} x 429 (${describeRoutes(t.requests)})${error ? `  FAILED: ${error}` : ""}`);
    return t;
  };
  const parallel = c.n;
  const wants = (op: FleetOp) => kind === "fleet" ? c.ops.includes(op) : op === "up" || op === "destroy";
  try {
    const up = await timed("up", () => bench.stack.up({ parallel }));
    if (up.ok) {
      const state = measureState(await bench.stack.exportStack());
      result.stateBytesPerMember[kind] = Math.round(state.exportedBytes / c.n);
      log(`  ${kind.padEnd(7)} state    ${state.exportedBytes} bytes exported, ${result.stateBytesPerMember[kind]} bytes per server`);
      if (wants("preview")) await timed("preview", () => bench.stack.preview({ parallel }));
      if (wants("refresh")) await timed("refresh", () => bench.stack.refresh({ parallel }));
      if (wants("roll")) {
        os = ROLLED_OS;
        await timed("roll", () => bench.stack.up({ parallel }));
      }
      if (wants("health-roll")) {
        // Back to the first image, whose servers answer the simulator's health route with 200 only
        // HEALTH_AFTER_SECONDS after active: each batch waits for that before its old servers go.
        await sim.setHealthRules([{ image: "ubuntu-24.04", mode: "after", afterSeconds: HEALTH_AFTER_SECONDS }]);
        os = "ubuntu-24.04";
        healthCheck = { url: `${sim.url}/_health/{id}`, intervalSeconds: HEALTH_INTERVAL_SECONDS, timeoutSeconds: 2, graceSeconds: 0, deadlineSeconds: 120 };
        result.health = { graceSeconds: 0, afterSeconds: HEALTH_AFTER_SECONDS };
        await timed("health-roll", () => bench.stack.up({ parallel }));
      }
    }
    await timed("destroy", () => bench.stack.destroy({ parallel }));
    const left = await sim.liveServers();
    if (left > 0) log(`  ${kind.padEnd(7)} ${left} servers left after destroy`);
  } finally {
    bench.dispose();
    await sim.close();
  }
}

export async function runConfig(c: FleetBenchConfig, log: Log): Promise<ConfigResult> {
  log(`Fleet beside Servers: N=${c.n} shape=${c.shape} ${c.face} face, ${c.tier} key, provisioning ${c.provisionMs} ms, maxSurge ${c.surge}, Fleet ops ${c.ops.join(",")}`);
  const result: ConfigResult = { config: c, engine: {}, servers: {}, fleet: {}, stateBytesPerMember: {} };
  // The burst bound needs the engine's time for N resources; the unlimited key's bound only
  // the fixed cost of a stack (one resource).
  if (c.tier === "default" && c.kinds.includes("fleet") && c.ops.includes("up")) result.engine.n = await engineCost(c.n, log);
  if (c.tier === "unlimited") result.engine.one = await engineCost(1, log);
  for (const kind of c.kinds) await runKind(kind, c, result, log);
  return result;
}
