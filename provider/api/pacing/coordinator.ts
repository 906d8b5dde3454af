// The narrow interface through which the rate limiter asks an outside coordinator for the
// key's next token (issue 15's opt-in exact coordination; redis-coordinator.ts is the one
// implementation), and the burst it coordinates.

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
   * returned function is called; other processes' polls yield to it meanwhile. Its promise, when
   * it returns one, resolves once no write of the marker is left on its way (mutation-marker.ts).
   */
  mutationWaiting(): () => void | Promise<void>;
  /** The key's limits as the API's headers show them (0 per minute: unlimited, no gating). */
  learn(perMinute: number, burst: number): void;
}

/** The documented tiers' bursts (docs/openapi.yaml, `x-rate-limit-tiers`), by per-minute limit. */
const TIER_BURSTS: Record<number, number> = { 60: 100, 300: 500 };

/**
 * The burst to coordinate: the documented tier's, else what the headers show (the tokens
 * left plus the refill until `X-RateLimit-Reset`, the largest seen). The documented value
 * wins because the estimate leans on the two machines' clocks agreeing.
 */
export function coordinatedBurst(perMinute: number, estimate: number): number {
  return TIER_BURSTS[perMinute] ?? Math.max(1, Math.floor(estimate));
}
