// K stacks on one key, each creating its servers and waiting for them to be active, in virtual
// time: the sharing model (sharing-model.ts: the simulator's bucket, each process's real limiter)
// plus each process's real StatusWaiter (provider/core/status-waiter.ts), whose polls list the
// process's servers through the same limiter at the "poll" priority. It is the benchmark's many-
// stacks scenario (bench/fleet/multi-stack.ts) without the engines: process p starts
// `p × startStaggerMs` after the first (engines start one after another on a small machine), sends
// all its creates at once, and each server is active `provisionMs` after the API created it,
// which the create's answer estimates (the waiter's first poll). A process finishes when every
// one of its servers has been seen active, as a stack's `up` does.
import type { Pacer } from "../../provider/api/pacing/pacer";
import type { Server } from "../../provider/api/wire/types";
import { StatusWaiter, type WaiterTimings } from "../../provider/core/status-waiter";
import { reach } from "../../provider/server/power";
import type { FakeClock } from "./fake-clock";
import { ModelApi, mulberry32, type Arrival, type LimiterFactory } from "./sharing-model";

export interface FleetRun {
  clock: FakeClock;
  tier: { perMinute: number; burst: number };
  processes: number;
  serversPerProcess: number;
  limiter: LimiterFactory;
  /** From a server's create to active, and the create answer's estimate of it. @default 20000 */
  provisionMs?: number;
  /** Between two processes' starts. @default 0 */
  startStaggerMs?: number;
  /** Round trip of one request. @default 20 */
  latencyMs?: number;
  /** @default 1 */
  seed?: number;
  /** Laid over each process's status waiter's defaults. @default none */
  timings?: Partial<WaiterTimings>;
}

export interface FleetResult {
  arrivals: Arrival[];
  /** Virtual ms at which each process had seen all its servers active. */
  finishedAt: number[];
  /** The last of them: the run's time. */
  makespan: number;
  /** Poll lists each process sent (admitted or not). */
  polls: number[];
  created: Map<string, number>;
}

export async function runFleet(run: FleetRun): Promise<FleetResult> {
  const { clock, processes: k, serversPerProcess: m } = run;
  const provisionMs = run.provisionMs ?? 20_000;
  const api = new ModelApi(clock, run.tier, run.latencyMs ?? 20);
  const finishedAt = Array.from({ length: k }, () => NaN);
  const polls = Array.from({ length: k }, () => 0);

  const work = Array.from({ length: k }, async (_, p) => {
    await clock.sleep(p * (run.startStaggerMs ?? 0));
    const limiter = run.limiter({ index: p, clock, random: mulberry32((run.seed ?? 1) * 7919 + p) });
    const activeAt = new Map<string, number>();
    const list = async (): Promise<Server[]> => {
      polls[p]!++;
      await api.request(p, limiter, "poll");
      const now = api.at();
      return [...activeAt].map(([id, at]) => ({ id, status: now >= at ? "active" : "provisioning" }) as Server);
    };
    const keyShared = () => (limiter as Partial<Pacer>).othersActive?.() ?? false;
    const waiter = new StatusWaiter({ listAllServers: list, keyShared } as never, { clock, timings: run.timings });
    const create = async (i: number) => {
      const id = `p${p}-${i}`;
      await api.request(p, limiter, "mutation", id);
      activeAt.set(id, api.at() + provisionMs);
      const outcome = await waiter.wait({ id, timeoutMs: 3_600_000, firstPollMs: provisionMs, goal: reach("active", waiter.absenceGraceMs) });
      if (outcome.outcome !== "done") throw new Error(`${id}: ${outcome.outcome}`);
    };
    await Promise.all(Array.from({ length: m }, (_, i) => create(i)));
    finishedAt[p] = api.at();
  });
  let settled = 0;
  let failure: unknown;
  for (const w of work) void w.then(() => settled++, (e) => (failure ??= e));
  while (settled < k && failure === undefined) {
    if (api.at() > 3_600_000) throw new Error("the fleet model ran past an hour of virtual time");
    await clock.tick(100);
  }
  if (failure !== undefined) throw failure;
  return { arrivals: api.arrivals, finishedAt, makespan: Math.max(...finishedAt), polls, created: api.created };
}
