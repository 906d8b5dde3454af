// The API's token bucket for this key as one process mirrors it (docs/contract.md, "Rate
// limit"): seeded from the tier defaults in the options (60/min, burst 100), refilled with
// time, and corrected by every answer: the rate from `X-RateLimit-Limit` (0 = unlimited), the
// tokens down to `X-RateLimit-Remaining` minus the requests still in flight (they may not have
// reached the server yet, so they count as spent), the capacity from the largest `Remaining`
// seen and the time to `X-RateLimit-Reset`. How fast it refills and up to where, while other
// processes spend the key, the header cooperation says (header-cooperation.ts).

export class TokenBucket {
  tokens: number;
  capacity: number;
  ratePerMs: number;
  /** `X-RateLimit-Limit: 0`: an unlimited (enterprise) key, nothing to pace. */
  unlimited = false;
  private last: number;
  private capacityLearned = false;

  constructor(ratePerMinute: number, burst: number, now: number) {
    this.capacity = Math.max(1, burst);
    this.tokens = this.capacity;
    this.ratePerMs = ratePerMinute / 60_000;
    this.last = now;
  }

  /**
   * Refills for the time since the last refill at `perMs()`, up to `cap()`; both are asked
   * only when time has passed. The limiter's cap is the capacity less the requests in flight:
   * those may not have reached the server yet, and while they travel a full server bucket
   * wastes its refill at the cap. Without it a burst from a full bucket plus one token's worth
   * of waiting is one request too many whenever the network (or a busy event loop) is slower
   * than a token.
   */
  refill(now: number, cap: () => number, perMs: () => number): void {
    if (now <= this.last) return;
    const limit = cap();
    if (this.tokens < limit) this.tokens = Math.min(limit, this.tokens + (now - this.last) * perMs());
    this.last = now;
  }

  /** An answer's `Remaining` and `Reset`: the capacity they show, and the tokens, only ever lowered. */
  correct(now: number, remaining: number, resetSec: number | undefined, inFlight: number): void {
    let capacity = this.capacityLearned ? Math.max(this.capacity, remaining + 1) : remaining + 1;
    if (resetSec !== undefined) {
      // Full at `reset` (whole seconds, so allow one second of rounding).
      const bound = remaining + Math.ceil((resetSec * 1000 - now + 1000) * this.ratePerMs);
      capacity = Math.max(remaining + 1, Math.min(capacity, bound));
    }
    this.capacity = capacity;
    this.capacityLearned = true;
    // Only ever lower: answers come back in another order than the server counted them, so
    // a higher `Remaining` may be older news than a lower one already seen. Being low heals by
    // itself (we refill at the server's rate, up to the same capacity); being high is a 429.
    this.tokens = Math.min(this.tokens, this.capacity, remaining - inFlight);
  }
}
