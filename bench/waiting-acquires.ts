// The cost per waiting request of the process's one cancel signal (not a test): N requests wait
// in the rate limiter's queue on one shared AbortSignal, as every request of a Fleet's members
// does, then are granted at once; N more wait and are cancelled (Ctrl-C); N calls of the
// requester sleep in a retry's back-off on the same signal and are cancelled. Prints each
// phase's time and its cost per request, and that cost against the smallest N's: a cost per
// request that grows with N (a ratio well above 1) is a cost quadratic in N. The cost is the
// process's CPU time (user + system) in the phase, so load from other processes on the machine
// changes it less than the wall time printed beside it.
//
//   npm run bench:waiting -- [--n 1000,10000,100000]

import { getEventListeners, setMaxListeners } from "events";
import { RateLimiter } from "../provider/api/pacing/rate-limiter";
import type { Pacer, Ticket } from "../provider/api/pacing/pacer";
import { Requester } from "../provider/api/http/requester";
import type { Transport } from "../provider/api/http/transport";
import { ShapeTracker } from "../provider/api/wire/shape";
import { RATE_LIMIT_LIMIT } from "../protocol/headers";

const DEFAULT_N = [1_000, 10_000, 100_000];

/** A limiter with its probe out: every later acquire queues until the probe's answer. */
async function queuedLimiter(): Promise<{ limiter: RateLimiter; probe: Ticket }> {
  const limiter = new RateLimiter({ ratePerMinute: 60, burst: 100, maxPauseMs: 60_000, logger: () => undefined, cooperate: false });
  return { limiter, probe: await limiter.acquire("read") };
}

/** A phase's cost so far: CPU ms and wall ms since `start()`. */
interface Phase {
  cpu: number;
  wall: number;
}
function start(): () => Phase {
  const wall = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(cpu);
    return { cpu: (used.user + used.system) / 1000, wall: Number(process.hrtime.bigint() - wall) / 1e6 };
  };
}

/** A signal like the process's own (provider-process.ts): no listener-count warning. */
function sharedSignal(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}
const settled = (ps: Promise<unknown>[]) => Promise.allSettled(ps);
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** N acquires queue on one signal; the probe's answer (an unlimited key) grants them all. */
async function queueAndGrant(n: number): Promise<{ queue: Phase; grant: Phase }> {
  const { limiter, probe } = await queuedLimiter();
  const { signal } = sharedSignal();
  let done = start();
  const waits = Array.from({ length: n }, () => limiter.acquire("mutation", signal));
  const queue = done();
  if (limiter.snapshot().waiting !== n) throw new Error(`expected ${n} waiting, saw ${limiter.snapshot().waiting}`);
  done = start();
  limiter.observe(probe, 200, (name) => (name === RATE_LIMIT_LIMIT ? "0" : undefined));
  await settled(waits);
  return { queue, grant: done() };
}

/** N acquires queue on one signal; the signal aborts. */
async function queueAndCancel(n: number): Promise<Phase> {
  const { limiter } = await queuedLimiter();
  const controller = sharedSignal();
  const waits = Array.from({ length: n }, () => limiter.acquire("mutation", controller.signal));
  const done = start();
  controller.abort(new Error("cancelled"));
  await settled(waits);
  if (limiter.snapshot().waiting !== 0) throw new Error("the cancel left requests queued");
  return done();
}

/** N calls fail once with a 503 and sleep in their back-off (a minute) on one signal; the signal aborts. */
async function backOffAndCancel(n: number): Promise<{ sleep: Phase; cancel: Phase; listeners: number }> {
  let attempts = 0;
  const transport = {
    send: async () => (attempts++, { status: 503, data: { error: { code: "SERVICE_UNAVAILABLE", message: "down" } }, header: () => undefined }),
    redact: (t: string) => t,
  } as unknown as Transport;
  const unpaced: Pacer = {
    acquire: async () => ({ seq: 0, settled: false }),
    observe: () => undefined,
    release: () => undefined,
    snapshot: () => ({}) as ReturnType<Pacer["snapshot"]>,
  };
  const requester = new Requester({
    transport,
    limiter: unpaced,
    shape: new ShapeTracker("auto"),
    keySource: "bench",
    policy: { retries: 3, minRetryDelayMs: 60_000, maxRetryDelayMs: 120_000, maxRateLimitRetries: 5, logger: () => undefined, onRetry: () => undefined },
  });
  const controller = sharedSignal();
  let done = start();
  const calls = Array.from({ length: n }, () => requester.call("GET", "/v1/account", undefined, { signal: controller.signal }));
  while (attempts < n) await turn();
  for (let i = 0; i < 3; i++) await turn(); // the last failures reach their sleep
  const sleep = done();
  const listeners = getEventListeners(controller.signal, "abort").length;
  done = start();
  controller.abort(new Error("cancelled"));
  await settled(calls);
  return { sleep, cancel: done(), listeners };
}

function sizes(): number[] {
  const i = process.argv.indexOf("--n");
  return i >= 0 ? process.argv[i + 1]!.split(",").map(Number) : DEFAULT_N;
}

async function main(): Promise<void> {
  const rows: { n: number; phases: Record<string, Phase>; listeners: number }[] = [];
  for (const n of sizes()) {
    const { queue, grant } = await queueAndGrant(n);
    const cancel = await queueAndCancel(n);
    const backOff = await backOffAndCancel(n);
    const phases = { queue, grant, cancel, "back-off": backOff.sleep, "back-off cancel": backOff.cancel };
    rows.push({ n, phases, listeners: backOff.listeners });
    console.log(`N = ${n.toLocaleString("en-US")} done`);
  }
  const first = rows[0]!;
  console.log(`node ${process.version}; per phase: CPU µs per request (its ratio to N = ${first.n.toLocaleString("en-US")}), total CPU ms / wall ms`);
  for (const { n, phases, listeners } of rows) {
    console.log(`N = ${n.toLocaleString("en-US")} (abort listeners on the shared signal in back-off: ${listeners.toLocaleString("en-US")})`);
    for (const [name, { cpu, wall }] of Object.entries(phases)) {
      const per = (cpu * 1000) / n;
      const base = (first.phases[name]!.cpu * 1000) / first.n;
      console.log(`  ${name.padEnd(16)} ${per.toFixed(2).padStart(9)} µs (${(per / base).toFixed(1)}×)  ${cpu.toFixed(0)} / ${wall.toFixed(0)} ms`);
    }
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
