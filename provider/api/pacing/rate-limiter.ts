// One token bucket per client, which paces requests before the API refuses them, mirroring the
// server's own bucket (docs/contract.md, "Rate limit") instead of only reacting to 429s. This
// class keeps the queue and decides each grant; its parts hold one concern each:
// token-bucket.ts and rate-headers.ts (the bucket, corrected by every answer's `X-RateLimit-*`),
// header-cooperation.ts and key-share.ts (sharing the key through the headers alone),
// grant-timing.ts (the first probe, a 429's pause with jitter, stale news), coordinator-link.ts
// (the opt-in Redis coordinator), wait-report.ts (`onWait`), priority-queues.ts (mutations
// before reads, reads before status polls). A request whose `signal` aborts (the engine's Cancel)
// leaves the queue at once (abortable.ts). Time comes from the `clock` option: the real one in
// the product, a fake one in the deterministic model of K processes on one key.

import { realClock, type Clock, type Timer } from "../time/clock";
import { abortableWait } from "../time/abortable";
import type { RateCoordinator } from "./coordinator";
import { CoordinatorLink } from "./coordinator-link";
import { GrantTiming } from "./grant-timing";
import { HeaderCooperation } from "./header-cooperation";
import type { HeaderGetter, Pacer, PacerSnapshot, Ticket } from "./pacer";
import { PriorityQueues } from "./priority-queues";
import { rateHeaders } from "./rate-headers";
import { TokenBucket } from "./token-bucket";
import type { RequestPriority } from "../wire/types";
import { WaitReporter, type WaitReport } from "./wait-report";

export type { RequestPriority };

export interface RateLimiterOptions {
  ratePerMinute: number;
  burst: number;
  /** Upper bound of one honoured pause (a broken `retry_after` must not hang us for hours). */
  maxPauseMs: number;
  /** Share the key with other processes (header-cooperation.ts). @default true */
  cooperate?: boolean;
  /** Largest random delay added to a 429's `retry_after`, in ms. @default 1000 */
  jitterMs?: number;
  /** Gives every request a token of the key's shared budget too (coordinator-link.ts). @default none */
  coordinator?: RateCoordinator;
  /** Told about long waits (at most every `waitReportMs`). @default no-op */
  onWait?: (report: WaitReport) => void;
  /** How long requests wait before `onWait` hears of it, in ms. @default 3000 */
  waitReportAfterMs?: number;
  /** Least time between two reports, in ms. @default 10000 */
  waitReportMs?: number;
  logger: (line: string) => void;
  /** @default realClock */
  clock?: Clock;
  /** The jitter's randomness. @default Math.random */
  random?: () => number;
}

export type { HeaderGetter, Ticket };

/** A request waiting in the queue: how to hand it its ticket, and since when it waits. */
interface Waiting {
  resolve: (t: Ticket) => void;
  at: number;
}

export class RateLimiter implements Pacer {
  private readonly clock: Clock;
  private readonly bucket: TokenBucket;
  private readonly grants = { seq: 0, inFlight: 0 };
  private readonly queue = new PriorityQueues<Waiting>();
  private readonly cooperation: HeaderCooperation;
  private readonly timing: GrantTiming;
  private readonly coordination: CoordinatorLink;
  private readonly reporter: WaitReporter;
  private timer: Timer | undefined;
  private timerAt = 0;

  constructor(opts: RateLimiterOptions) {
    this.clock = opts.clock ?? realClock;
    const now = this.now();
    this.bucket = new TokenBucket(opts.ratePerMinute, opts.burst, now);
    this.cooperation = new HeaderCooperation(now, opts.cooperate !== false && !opts.coordinator, this.bucket, this.grants);
    this.coordination = new CoordinatorLink(opts.coordinator, () => (this.cooperation.on = opts.cooperate !== false));
    this.timing = new GrantTiming(opts, this.bucket, this.cooperation, this.grants);
    this.reporter = new WaitReporter(opts);
  }

  /**
   * Resolves when the request may go; it never refuses. A `signal` that aborts first (the
   * engine's Cancel) takes the request out of the queue and rejects with the signal's reason.
   */
  async acquire(priority: RequestPriority = "read", signal?: AbortSignal): Promise<Ticket> {
    signal?.throwIfAborted();
    // The coordinator of when the request came, even if it is lost while the request waits.
    const coordinator = this.coordination.current;
    const waited = priority === "mutation" || priority === "completion" ? coordinator?.mutationWaiting() : undefined;
    try {
      let entry: Waiting | undefined;
      const ticket = await abortableWait<Ticket>(
        signal,
        (resolve) => {
          entry = { resolve, at: this.now() };
          this.queue.push(priority, entry);
          this.pump();
        },
        () => entry && this.queue.remove(priority, entry),
      );
      if (coordinator && (await this.coordination.take(coordinator, priority, signal, () => this.release(ticket))) === "unavailable") {
        this.coordination.lost(coordinator);
      }
      return ticket;
    } finally {
      void waited?.();
    }
  }

  /** An answer arrived: correct the bucket from its headers (and a 429's `retry_after`). */
  observe(ticket: Ticket, status: number, header: HeaderGetter, retryAfterSec?: number): void {
    this.settle(ticket);
    const now = this.now();
    this.timing.answered(now);
    this.cooperation.answered(now, status, ticket.seq);
    this.sync(header);
    this.cooperation.adjustWindow(now, status);
    if (status === 429) {
      this.refill();
      this.bucket.tokens = Math.min(this.bucket.tokens, -this.grants.inFlight);
      this.timing.pause(now, retryAfterSec);
    }
    this.pump();
  }

  /** The attempt got no answer (network error, time-out): nothing to learn. */
  release(ticket: Ticket): void {
    this.settle(ticket);
    this.pump();
  }

  /** For tests and the benchmark. */
  snapshot(): PacerSnapshot {
    this.refill();
    const now = this.now();
    return {
      tokens: this.bucket.tokens,
      capacity: this.bucket.capacity,
      perMinute: this.bucket.ratePerMs * 60_000,
      unlimited: this.bucket.unlimited,
      waiting: this.queue.size,
      sharePerMinute: this.cooperation.sharePerMs(now) * 60_000,
      othersPerMinute: this.cooperation.othersPerMs(now) * 60_000,
      inFlight: this.grants.inFlight,
      window: this.cooperation.window,
      pausedMs: Math.max(0, this.timing.pausedUntil - now),
      coordinated: this.coordination.current !== undefined,
    };
  }

  othersActive(): boolean {
    return this.cooperation.othersPerMs(this.now()) > 0;
  }

  private settle(ticket: Ticket): void {
    if (ticket.settled) return;
    ticket.settled = true;
    this.grants.inFlight--;
    this.timing.probing = false;
  }

  /** The answer's headers: the rate, then (with `Remaining`) the share, the coordinator, the bucket. */
  private sync(header: HeaderGetter): void {
    const h = rateHeaders(header);
    if (!h) return;
    if (h.limit === 0) {
      this.bucket.unlimited = true;
      this.coordination.learnUnlimited();
      return;
    }
    this.bucket.unlimited = false;
    this.refill();
    this.bucket.ratePerMs = h.limit / 60_000;
    if (h.remaining === undefined) return;
    const now = this.now();
    this.cooperation.heard(now, h.remaining, h.resetSec);
    this.coordination.learn(now, h.limit, h.remaining, h.resetSec, this.bucket.ratePerMs);
    this.bucket.correct(now, h.remaining, h.resetSec, this.grants.inFlight);
    this.cooperation.clamp(now, h.remaining);
  }

  /** Refill at this process's share of the key's rate, up to its share of the bucket (header-cooperation.ts). */
  private refill(): void {
    const now = this.now();
    this.bucket.refill(
      now,
      () => this.cooperation.refillCap(now),
      () => this.cooperation.sharePerMs(now),
    );
  }

  private grant(): void {
    const { resolve } = this.queue.shift()!;
    this.grants.inFlight++;
    resolve({ seq: ++this.grants.seq, settled: false });
  }

  private pump(): void {
    for (;;) {
      if (this.queue.size === 0) return;
      const now = this.now();
      if (now < this.timing.pausedUntil) {
        this.reportWait(now);
        return this.wakeAt(this.timing.pausedUntil);
      }
      if (!this.timing.calibrated) {
        if (this.timing.probing) return;
        this.timing.probing = true;
        this.grant();
        continue;
      }
      if (this.bucket.unlimited) {
        this.grant();
        continue;
      }
      this.refill();
      const need = 1 + this.cooperation.reserve(now);
      if (this.cooperation.windowFull()) return;
      if (this.bucket.tokens >= need && this.timing.staleEmpty(now, need)) return this.wakeAt(now + Math.ceil(1 / this.bucket.ratePerMs / 4));
      if (this.bucket.tokens >= need || this.timing.probeDue(now)) {
        const jitterUntil = this.timing.jitter(now);
        if (jitterUntil !== undefined) return this.wakeAt(jitterUntil);
        this.bucket.tokens -= 1;
        this.grant();
        continue;
      }
      this.reportWait(now);
      // Waiting cannot help while the in-flight requests fill the bucket: their answers pump.
      if (this.bucket.capacity - this.grants.inFlight < need && this.grants.inFlight > 0) return;
      // Our share grows as the others' estimate fades: look again after one token's time at
      // the key's full rate at the latest, not after a wait computed from today's share.
      const wait = Math.min((need - this.bucket.tokens) / this.cooperation.sharePerMs(now), 1 / this.bucket.ratePerMs);
      return this.wakeAt(now + Math.ceil(wait));
    }
  }

  private reportWait(now: number): void {
    const oldest = Math.min(...this.queue.heads().map((w) => w.at));
    this.reporter.report(now, oldest, () => {
      const share = this.cooperation.sharePerMs(now);
      const queued = this.queue.size;
      const pauseMs = Math.max(0, this.timing.pausedUntil - now);
      return {
        queued,
        perMinute: this.bucket.ratePerMs * 60_000,
        sharePerMinute: share * 60_000,
        othersPerMinute: this.cooperation.othersPerMs(now) * 60_000,
        etaMs: pauseMs + Math.max(0, queued - Math.max(0, this.bucket.tokens)) / share,
      };
    });
  }

  private wakeAt(wanted: number): void {
    const at = this.reporter.wakeAt(wanted, this.now());
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.pump();
    }, Math.max(0, at - this.now()));
  }

  private now(): number {
    return this.clock.now();
  }
}
