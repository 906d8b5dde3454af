// One token bucket per client (so per process: see getClient), which paces requests before
// the API refuses them. The anchors (octokit plugin-throttling, ky) only react to 429s; we
// mirror the server's own bucket (docs/contract.md, "Rate limit") instead:
//
// - seeded from the tier defaults in the options (60/min, burst 100);
// - until the first answer with `X-RateLimit-*` headers, only one request is in flight (a
//   probe), so a key on a smaller tier never meets a burst sized for the default one;
// - every answer corrects it: the rate from `X-RateLimit-Limit` (0 = unlimited), the tokens
//   down to `X-RateLimit-Remaining` minus the other requests still in flight (they may not
//   have reached the server yet, so we count them as spent), the capacity from the largest
//   `Remaining` seen and the time to `X-RateLimit-Reset`;
// - the refill is capped at the capacity less the requests in flight (see refill());
// - a request waits for a token instead of being sent to be refused;
// - waiting mutations go before reads, reads before status polls;
// - a 429's `retry_after` stops every request until then.
// With `pacing: false` (the benchmark's naive mode) every request goes at once: no bucket,
// no probe, no pause; 429s are left to the retries.

import type { RequestPriority } from "./types";
import { RATE_LIMIT_LIMIT, RATE_LIMIT_REMAINING, RATE_LIMIT_RESET } from "../../protocol/headers";

export type { RequestPriority };
const ORDER: RequestPriority[] = ["mutation", "read", "poll"];

export interface RateLimiterOptions {
  ratePerMinute: number;
  burst: number;
  /** Upper bound of one honoured pause (a broken `retry_after` must not hang us for hours). */
  maxPauseMs: number;
  /** False: grant every request at once (no bucket, no probe, no 429 pause). @default true */
  pacing?: boolean;
  logger: (line: string) => void;
  now?: () => number;
}

/** A granted token; hand it back through `observe` (answer) or `release` (no answer). */
export interface Ticket {
  readonly seq: number;
  settled: boolean;
}

export type HeaderGetter = (name: string) => string | undefined;

export class RateLimiter {
  private tokens: number;
  private capacity: number;
  private ratePerMs: number;
  private last: number;
  private unlimited = false;
  private calibrated = false;
  private probing = false;
  private capacityLearned = false;
  private pausedUntil = 0;
  private seq = 0;
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private timerAt = 0;
  private readonly queues: Record<RequestPriority, Array<(t: Ticket) => void>> = { mutation: [], read: [], poll: [] };
  private readonly now: () => number;

  constructor(private readonly opts: RateLimiterOptions) {
    this.now = opts.now ?? Date.now;
    this.capacity = Math.max(1, opts.burst);
    this.tokens = this.capacity;
    this.ratePerMs = opts.ratePerMinute / 60_000;
    this.last = this.now();
  }

  /** Resolves when the request may go; it never refuses. */
  acquire(priority: RequestPriority = "read"): Promise<Ticket> {
    return new Promise((resolve) => {
      this.queues[priority].push(resolve);
      this.pump();
    });
  }

  /** An answer arrived: correct the bucket from its headers (and a 429's `retry_after`). */
  observe(ticket: Ticket, status: number, header: HeaderGetter, retryAfterSec?: number): void {
    this.settle(ticket);
    this.calibrated = true;
    this.sync(header);
    if (status === 429 && this.opts.pacing !== false) {
      this.refill();
      this.tokens = Math.min(this.tokens, -this.inFlight);
      const until = retryAfterSec !== undefined ? retryAfterSec * 1000 : this.now() + 1000 / Math.max(this.ratePerMs * 1000, 1e-3);
      const capped = Math.min(until, this.now() + this.opts.maxPauseMs);
      if (capped > this.pausedUntil) {
        this.pausedUntil = capped;
        this.opts.logger(`hosting API rate limit reached: pausing requests for ${Math.max(0, capped - this.now())} ms`);
      }
    }
    this.pump();
  }

  /** The attempt got no answer (network error, time-out): nothing to learn. */
  release(ticket: Ticket): void {
    this.settle(ticket);
    this.pump();
  }

  /** For tests and the benchmark. */
  snapshot(): { tokens: number; capacity: number; perMinute: number; unlimited: boolean; waiting: number } {
    this.refill();
    const waiting = ORDER.reduce((n, p) => n + this.queues[p].length, 0);
    return { tokens: this.tokens, capacity: this.capacity, perMinute: this.ratePerMs * 60_000, unlimited: this.unlimited, waiting };
  }

  private settle(ticket: Ticket): void {
    if (ticket.settled) return;
    ticket.settled = true;
    this.inFlight--;
    this.probing = false;
  }

  private sync(header: HeaderGetter): void {
    const limit = num(header(RATE_LIMIT_LIMIT));
    if (limit === undefined) return;
    if (limit === 0) {
      this.unlimited = true;
      return;
    }
    this.unlimited = false;
    this.refill();
    this.ratePerMs = limit / 60_000;
    const remaining = num(header(RATE_LIMIT_REMAINING));
    if (remaining === undefined) return;
    const reset = num(header(RATE_LIMIT_RESET));
    let capacity = this.capacityLearned ? Math.max(this.capacity, remaining + 1) : remaining + 1;
    if (reset !== undefined) {
      // Full at `reset` (whole seconds, so allow one second of rounding).
      const bound = remaining + Math.ceil((reset * 1000 - this.now() + 1000) * this.ratePerMs);
      capacity = Math.max(remaining + 1, Math.min(capacity, bound));
    }
    this.capacity = capacity;
    this.capacityLearned = true;
    // Only ever lower: answers come back in another order than the server counted them, so
    // a higher `Remaining` may be older news than a lower one already seen. Being low heals by
    // itself (we refill at the server's rate, up to the same capacity); being high is a 429.
    this.tokens = Math.min(this.tokens, this.capacity, remaining - this.inFlight);
  }

  /**
   * Refill at the server's rate, capped at the capacity less the requests in flight: those may
   * not have reached the server yet, and while they travel a full server bucket wastes its
   * refill at the cap. Without this a burst from a full bucket plus one token's worth of
   * waiting is one request too many whenever the network (or a busy event loop) is slower
   * than a token.
   */
  private refill(): void {
    const now = this.now();
    if (now > this.last) {
      const cap = this.capacity - this.inFlight;
      if (this.tokens < cap) this.tokens = Math.min(cap, this.tokens + (now - this.last) * this.ratePerMs);
      this.last = now;
    }
  }

  private grant(p: RequestPriority): void {
    const resolve = this.queues[p].shift()!;
    this.inFlight++;
    resolve({ seq: ++this.seq, settled: false });
  }

  private pump(): void {
    for (;;) {
      const p = ORDER.find((q) => this.queues[q].length > 0);
      if (!p) return;
      if (this.opts.pacing === false) {
        this.grant(p);
        continue;
      }
      const now = this.now();
      if (now < this.pausedUntil) return this.wakeAt(this.pausedUntil);
      if (!this.calibrated) {
        if (this.probing) return;
        this.probing = true;
        this.grant(p);
        continue;
      }
      if (this.unlimited) {
        this.grant(p);
        continue;
      }
      this.refill();
      if (this.tokens >= 1) {
        this.tokens -= 1;
        this.grant(p);
        continue;
      }
      // Waiting cannot help while the in-flight requests fill the bucket: their answers pump.
      if (this.capacity - this.inFlight < 1) return;
      return this.wakeAt(now + Math.ceil((1 - this.tokens) / this.ratePerMs));
    }
  }

  private wakeAt(at: number): void {
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pump();
    }, Math.max(0, at - this.now()));
  }
}

function num(v: string | undefined): number | undefined {
  if (v === undefined || v === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}
