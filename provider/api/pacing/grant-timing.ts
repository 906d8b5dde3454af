// When a grant goes other than by the bucket's count:
// - until the first answer with `X-RateLimit-*` headers, one request at a time (a probe), so a
//   key on a smaller tier never meets a burst sized for the default one;
// - a 429's `retry_after` stops every request until then, plus a random jitter, so processes
//   sharing the key do not all come back in the same millisecond;
// while other processes spend the key (header-cooperation.ts):
// - each grant waits a random time of up to one token at the key's rate (not while the stock
//   shows more than JITTER_STOCK tokens), so processes that learn the same news do not spend it
//   at once; a grant also waits while the last `Remaining`, projected over at most STALE_MS,
//   shows no token above the reserve;
// - with nothing of ours in flight and no answer for PROBE_TOKENS tokens' time, one request
//   goes to look, since only an answer shows the others stopped.

import type { GrantCounts, HeaderCooperation } from "./header-cooperation";
import type { TokenBucket } from "./token-bucket";

/** How far the last `Remaining` is projected while others spend the key. */
const STALE_MS = 1000;
/** Tokens in the bucket above which grants skip their jitter (see stockPlenty). */
const JITTER_STOCK = 40;
/** Tokens' time without an answer after which a waiting cooperating process looks again. */
const PROBE_TOKENS = 10;

export interface GrantTimingOptions {
  /** Upper bound of one honoured pause (a broken `retry_after` must not hang us for hours). */
  maxPauseMs: number;
  /** Largest random delay added to a 429's `retry_after`, in ms. @default 1000 */
  jitterMs?: number;
  logger: (line: string) => void;
  /** @default Math.random */
  random?: () => number;
}

export class GrantTiming {
  /** An answer with headers has come (the first probe is over). */
  calibrated = false;
  /** The one request before calibration is in flight. */
  probing = false;
  /** No request goes before this time (a 429's pause). */
  pausedUntil = 0;
  private lastAnswer = 0;
  /** A grant that waits its random delay until then. */
  private jitterUntil: number | undefined;

  constructor(
    private readonly opts: GrantTimingOptions,
    private readonly bucket: TokenBucket,
    private readonly cooperation: HeaderCooperation,
    private readonly grants: GrantCounts,
  ) {}

  /** An answer arrived: calibrated from now on. */
  answered(now: number): void {
    this.calibrated = true;
    this.lastAnswer = now;
  }

  /** A 429: pause every request until `retry_after` (or one token's time) plus the jitter, within maxPauseMs. */
  pause(now: number, retryAfterSec: number | undefined): void {
    const jitter = this.cooperation.on ? this.random() * (this.opts.jitterMs ?? 1000) : 0;
    const until = (retryAfterSec !== undefined ? retryAfterSec * 1000 : now + 1000 / Math.max(this.bucket.ratePerMs * 1000, 1e-3)) + jitter;
    const capped = Math.min(until, now + this.opts.maxPauseMs);
    if (capped > this.pausedUntil) {
      this.pausedUntil = capped;
      this.opts.logger(`hosting API rate limit reached: pausing requests for ${Math.max(0, capped - now)} ms`);
    }
  }

  /**
   * A grant that may go by the count waits its random delay first while others are active:
   * the time to wake up at, or undefined when it goes now.
   */
  jitter(now: number): number | undefined {
    if (this.cooperation.on && this.cooperation.othersPerMs(now) > 0 && !this.stockPlenty()) {
      this.jitterUntil ??= now + this.random() / this.bucket.ratePerMs;
      if (now < this.jitterUntil) return this.jitterUntil;
    }
    this.jitterUntil = undefined;
    return undefined;
  }

  /**
   * While others spend the key, the bucket the last answer showed, projected to now (over at
   * most STALE_MS: the others' estimate is a 10 s average), holds fewer than `need` tokens.
   * Our requests in flight at that answer count as spent since (conservatively: the server may
   * already have counted them). A due probe is never held: it is how a waiting process learns.
   */
  staleEmpty(now: number, need: number): boolean {
    const last = this.cooperation.lastRemaining;
    if (!this.cooperation.on || !last || this.cooperation.othersPerMs(now) <= 0 || this.probeDue(now)) return false;
    const others = this.cooperation.othersEstimatePerMs(now);
    const projected = last.remaining + (this.bucket.ratePerMs - others) * Math.min(now - last.at, STALE_MS) - (this.grants.seq - last.seq);
    return projected < need;
  }

  /**
   * Ramp up when the others went quiet: a share estimated while they were busy can keep us
   * waiting long after they stopped, and only an answer tells. With nothing of ours in flight
   * and no answer for PROBE_TOKENS tokens' time at the key's rate, one request goes to look.
   */
  probeDue(now: number): boolean {
    return (
      this.cooperation.on &&
      this.grants.inFlight === 0 &&
      this.cooperation.othersPerMs(now) > 0 &&
      now - this.lastAnswer >= PROBE_TOKENS / this.bucket.ratePerMs
    );
  }

  /**
   * The last answer's `Remaining`, less our grants since, is above JITTER_STOCK: processes that
   * spend such a stock in the same millisecond refuse no one, so no grant waits its jitter.
   */
  private stockPlenty(): boolean {
    const last = this.cooperation.lastRemaining;
    return last !== undefined && last.remaining - (this.grants.seq - last.seq) > JITTER_STOCK;
  }

  private random(): number {
    return (this.opts.random ?? Math.random)();
  }
}
