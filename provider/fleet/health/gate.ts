// The health gate of one member: from the moment its server is active, wait `graceSeconds`,
// then try the check every `intervalSeconds` (each try bounded by `timeoutSeconds`) until it
// passes `healthyThreshold` times in a row, or fail once `deadlineSeconds` have passed (or the
// operation's customTimeouts, when that ends first). A failed try starts the count again, so a
// flapping member is not healthy before its passes in a row. Pure logic over an injected clock
// and prober (probe.ts is the network one): the tests run it on virtual time. The engine's
// Cancel ends a wait at once, a try included, by rejecting with the signal's reason.

import type { Clock } from "../../api/time/clock";
import { abortable, whenAborted } from "../../api/time/abortable";
import { sleepUnlessCancelled, type WaitBudget } from "../../core/operation";
import type { Prober, ProbeResult } from "./probe";
import type { CheckedHealthCheck } from "./types";

export interface GateOptions {
  clock: Pick<Clock, "now" | "sleep" | "setTimeout" | "clearTimeout">;
  prober: Prober;
  /** The engine's Cancel. @default none */
  signal?: AbortSignal;
  /** The operation's own bound (customTimeouts), when it has one: the wait ends at the earlier of it and the deadline. */
  budget?: WaitBudget;
}

export interface HealthOutcome {
  healthy: boolean;
  /** Tries made. */
  tries: number;
  /** Milliseconds from the start of the wait to its end. */
  elapsedMs: number;
  /** What the tries saw, in words, with counts: "3 × status 503, 1 × timed out after 2s". */
  seen: string;
  /** The last try's result, if any. */
  last?: ProbeResult;
  /** What bounded the wait when it failed: the check's deadline or the operation's time-out. */
  bound: string;
}

/** Waits for `target` (probeTarget()) to pass `check`; rejects only when cancelled. */
export async function waitHealthy(check: CheckedHealthCheck, target: string, opts: GateOptions): Promise<HealthOutcome> {
  const { clock, signal } = opts;
  const start = clock.now();
  const deadlineMs = check.deadlineSeconds * 1000;
  const byBudget = opts.budget !== undefined && opts.budget.ms < deadlineMs;
  const stopAt = start + (byBudget ? opts.budget!.ms : deadlineMs);
  const bound = byBudget ? (opts.budget!.source ?? `waitTimeoutSeconds of ${opts.budget!.ms / 1000}s`) : `deadlineSeconds ${check.deadlineSeconds}`;
  const seen = new Map<string, number>();
  let tries = 0;
  let passes = 0;
  let last: ProbeResult | undefined;
  const outcome = (healthy: boolean): HealthOutcome => ({
    healthy, tries, elapsedMs: clock.now() - start, last, bound,
    seen: [...seen].map(([what, n]) => `${n} × ${what}`).join(", ") || "no try ran",
  });
  const grace = Math.min(check.graceSeconds * 1000, stopAt - start);
  if (grace > 0) await sleepUnlessCancelled(clock, grace, signal);
  while (clock.now() < stopAt) {
    const tryStart = clock.now();
    last = await tryOnce(check, target, opts, Math.min(check.timeoutSeconds * 1000, stopAt - tryStart));
    tries++;
    seen.set(last.seen, (seen.get(last.seen) ?? 0) + 1);
    passes = last.pass ? passes + 1 : 0;
    if (passes >= check.healthyThreshold) return outcome(true);
    const wait = Math.min(tryStart + check.intervalSeconds * 1000, stopAt) - clock.now();
    if (wait > 0) await sleepUnlessCancelled(clock, wait, signal);
  }
  return outcome(false);
}

/** One try, bounded by `limitMs` on the clock; Cancel rejects it at once. */
async function tryOnce(check: CheckedHealthCheck, target: string, opts: GateOptions, limitMs: number): Promise<ProbeResult> {
  const { clock, signal } = opts;
  if (signal?.aborted) throw signal.reason;
  const stop = new AbortController();
  let timer: ReturnType<GateOptions["clock"]["setTimeout"]> | undefined;
  const timedOut = new Promise<ProbeResult>((resolve) => {
    timer = clock.setTimeout(() => {
      stop.abort();
      resolve({ pass: false, seen: `timed out after ${seconds(limitMs)}` });
    }, limitMs);
  });
  const unlink = signal ? whenAborted(signal, () => stop.abort()) : undefined;
  try {
    return await abortable(Promise.race([opts.prober(check, target, stop.signal), timedOut]), signal);
  } finally {
    clock.clearTimeout(timer);
    unlink?.();
  }
}

function seconds(ms: number): string {
  return `${Math.round(ms) / 1000}s`;
}

/** The outcome of a failed wait in words: the check, where it looked, and what it saw. */
export function describeFailure(check: CheckedHealthCheck, target: string, o: HealthOutcome): string {
  const what = check.kind === "http" ? `GET ${target}` : `TCP connect to ${target}`;
  const needed = check.healthyThreshold > 1 ? ` ${check.healthyThreshold} times in a row` : "";
  return `health check (${what}) did not pass${needed} within ${o.bound} of the server being active: ${o.tries} tries saw ${o.seen}`;
}
