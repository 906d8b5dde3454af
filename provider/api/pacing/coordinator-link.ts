// The rate limiter's side of an outside coordinator (coordinator.ts; opt-in, redis-coordinator.ts):
// each request also takes a token from it after the local grant, and the coordinator hears the
// key's limits and while a mutation waits (so that other processes' polls yield to it). The
// coordinator decides the shares, so the limiter then paces as if alone (the headers still
// clamp its bucket). When the coordinator is unavailable, the link drops it for the rest of the
// process and the limiter goes back to the header cooperation (`onLost`).

import { abortable } from "../time/abortable";
import type { RequestPriority } from "../wire/types";
import { coordinatedBurst, type RateCoordinator } from "./coordinator";

export class CoordinatorLink {
  /** The largest burst the headers showed (coordinatedBurst). */
  private burstSeen = 0;

  constructor(
    /** The coordinator while it answers; undefined without one, or once it was unavailable. */
    public current: RateCoordinator | undefined,
    private readonly onLost: () => void,
  ) {}

  /**
   * The coordinator's token for a request that has its local one; `handBack` returns the local
   * one when `signal` aborts first (the coordinator's take, already asked, is left to finish).
   */
  take(coordinator: RateCoordinator, priority: RequestPriority, signal: AbortSignal | undefined, handBack: () => void): Promise<"granted" | "unavailable"> {
    return abortable(coordinator.take(priority), signal, handBack);
  }

  /** `coordinator` answered "unavailable" (it warned once): the headers alone pace from now on. */
  lost(coordinator: RateCoordinator): void {
    if (this.current !== coordinator) return;
    this.current = undefined;
    this.onLost();
  }

  /** The key is unlimited (`X-RateLimit-Limit: 0`): no gating. */
  learnUnlimited(): void {
    this.current?.learn(0, 0);
  }

  /** The key's limit and the burst the headers show: the tokens left plus the refill until `Reset`. */
  learn(now: number, limit: number, remaining: number, resetSec: number | undefined, ratePerMs: number): void {
    if (!this.current) return;
    const full = resetSec !== undefined ? remaining + Math.max(0, resetSec * 1000 - now) * ratePerMs : remaining + 1;
    this.burstSeen = Math.max(this.burstSeen, full);
    this.current.learn(limit, coordinatedBurst(limit, this.burstSeen));
  }
}
