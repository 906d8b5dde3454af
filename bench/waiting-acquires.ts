// The cost per waiting request of the process's one cancel signal (not a test): N requests wait
// in the rate limiter's queue on one shared AbortSignal, as every request of a Fleet's members
// does, then are granted at once; N more wait and are cancelled (Ctrl-C); N calls of the
// requester sleep in a retry's back-off on the same signal and are cancelled; N servers wait in
// the process's status waiter (provider/core/status-waiter.ts) for `active`, as a Fleet's
// creates do, and one list answers them all, then N more wait with their first polls a
// millisecond apart (one create per token) and half of them are cancelled. Prints each
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
import { StatusWaiter } from "../provider/core/status-waiter";
import type { Clock, Timer } from "../provider/api/time/clock";
import type { HostingApi, Server } from "../provider/api/wire/types";

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
    takeSlot: async () => undefined,
    freeSlot: () => undefined,
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

/** A clock that stands still until `to(t)`: the waiter's timers fire only when the bench says. */
function standingClock(): Clock & { to(t: number): void } {
  let now = 0;
  const timers = new Map<Timer, { at: number; fn: () => void }>();
  const clock = {
    now: () => now,
    sleep: () => new Promise<void>(() => undefined),
    setTimeout: (fn: () => void, ms: number) => {
      const t = { unref: () => t };
      timers.set(t, { at: now + ms, fn });
      return t;
    },
    clearTimeout: (t: Timer | undefined) => void (t && timers.delete(t)),
    setInterval: () => ({ unref: () => undefined }),
    clearInterval: () => undefined,
    to: (t: number) => {
      now = t;
      for (const [timer, { at, fn }] of [...timers]) if (at <= now && timers.delete(timer)) fn();
    },
  };
  return clock;
}

/** N servers wait for `active` (first polls `spreadMs` apart); one list that shows them all active answers them, or half are cancelled first. */
async function statusWaits(n: number, spreadMs: number, cancelHalf: boolean): Promise<{ add: Phase; settle: Phase }> {
  const ids = Array.from({ length: n }, (_, i) => `s-${i}`);
  const listed: Server[] = ids.map((id) => ({ id, status: "active" }) as Server);
  let lists = 0;
  const client = { listAllServers: async () => (lists++, listed) } as unknown as HostingApi;
  const clock = standingClock();
  const waiter = new StatusWaiter(client, { clock });
  const controllers = ids.map(() => new AbortController());
  let done = start();
  const waits = ids.map((id, i) => {
    clock.to(i * spreadMs);
    return waiter.wait({ id, goal: (s) => (s?.status === "active" ? "done" : "wait"), timeoutMs: 600_000, firstPollMs: 1000, signal: controllers[i]!.signal });
  });
  const add = done();
  done = start();
  if (cancelHalf) for (let i = 0; i < n; i += 2) controllers[i]!.abort(new Error("cancelled"));
  clock.to(n * spreadMs + 2000);
  await settled(waits);
  if (lists === 0) throw new Error("the waiter never listed");
  return { add, settle: done() };
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
    const together = await statusWaits(n, 0, false);
    const spread = await statusWaits(n, 1, true);
    const phases = {
      queue, grant, cancel, "back-off": backOff.sleep, "back-off cancel": backOff.cancel,
      "waits added": together.add, "waits answered": together.settle, "waits 1 ms apart": spread.add, "half cancelled": spread.settle,
    };
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
