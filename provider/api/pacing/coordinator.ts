// The narrow interface through which the rate limiter asks an outside coordinator for the
// key's next token (issue 15's opt-in exact coordination; redis-coordinator.ts is the one
// implementation), and the plan that turns the key's token bucket into the fixed windows
// that rate-limiter-flexible counts in.

import type { RequestPriority } from "../wire/types";

/** What the rate limiter needs from a coordinator. */
export interface RateCoordinator {
  /**
   * Resolves when this process may send one request: "granted", or "unavailable" when the
   * coordinator cannot be reached (the caller then paces from the headers alone, for good).
   * The priority orders requests across processes as the rate limiter orders them within one:
   * a status poll yields to any process's waiting mutations.
   */
  take(priority: RequestPriority): Promise<"granted" | "unavailable">;
  /**
   * Says that a mutation of this process waits for its turn (locally or in `take`), until the
   * returned function is called; other processes' polls yield to it meanwhile.
   */
  mutationWaiting(): () => void;
  /** The key's limits as the API's headers show them (0 per minute: unlimited, no gating). */
  learn(perMinute: number, burst: number): void;
}

/** Two fixed windows that together stay inside the API's token bucket. */
export interface WindowPlan {
  /** Steady window: `points` requests per `seconds` (at most the key's rate). */
  points: number;
  seconds: number;
  /** Burst window: `burstPoints` more per `burstSeconds`, used when the steady one is spent. */
  burstPoints: number;
  burstSeconds: number;
}

/**
 * The API refills `perMinute`/60 tokens a second up to `burst`; the library's windows are
 * whole seconds long. The steady window is the shortest (1..60 s) whose whole number of
 * points comes closest to the rate without passing it. The burst window grants the bucket
 * less a reserve once per the time the API needs to refill it. The reserve holds back two
 * steady windows (their requests can meet at a window's edge), a second of refill (the
 * `X-RateLimit-Reset` the burst is learnt from is rounded to whole seconds) and 5% for the
 * time between Redis's grant and the API's count.
 */
export function windowPlan(perMinute: number, burst: number): WindowPlan {
  const perSecond = perMinute / 60;
  let points = 1;
  let seconds = Math.max(1, Math.ceil(1 / perSecond));
  for (let s = 1; s <= 60; s++) {
    const p = Math.floor(perSecond * s + 1e-9);
    if (p >= 1 && p / s > points / seconds + 1e-9) {
      points = p;
      seconds = s;
    }
  }
  const reserve = Math.max(Math.ceil(burst / 20), 2 * points + Math.ceil(perSecond));
  return {
    points,
    seconds,
    burstPoints: Math.max(0, Math.floor(burst) - reserve),
    burstSeconds: Math.max(1, Math.ceil(burst / perSecond)),
  };
}

/** The documented tiers' bursts (api-spec.md, "Rate limits"), by per-minute limit. */
const TIER_BURSTS: Record<number, number> = { 60: 100, 300: 500 };

/**
 * The burst to coordinate: the documented tier's, else what the headers show (the tokens
 * left plus the refill until `X-RateLimit-Reset`, the largest seen). The documented value
 * wins because the estimate leans on the two machines' clocks agreeing.
 */
export function coordinatedBurst(perMinute: number, estimate: number): number {
  return TIER_BURSTS[perMinute] ?? Math.max(1, Math.floor(estimate));
}
