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
// - a request whose `signal` aborts (the engine's Cancel) leaves the queue at once;
// - a 429's `retry_after` stops every request until then, plus a random jitter so that
//   processes sharing the key do not all come back in the same millisecond.
// Many processes, one key (issues 15, 20): with `cooperate` (the default) the others' use is
// inferred from the headers and this process counts on its part of the key (key-share.ts: the
// share, its AIMD factor, the reserve kept above empty), and while others are active:
// - each grant waits a random time of up to one token at the key's rate, so that processes
//   that learn the same news from the same answers do not spend it in the same millisecond
//   (not while the last answer, less our grants since, shows more than JITTER_STOCK tokens:
//   a newcomer that counts others from its first answer would otherwise crawl through a full
//   bucket at one grant a second);
// - a grant also waits while the last `Remaining`, projected over at most STALE_MS at the
//   key's rate less the others' measured use and less our grants since, shows no token above
//   the reserve: while the stock is spent fast, an answer half a second old is stale news.
// When the others stop, their estimate decays (10 s); an answer with none of our requests in
// flight shows the bucket as it is, and we may take half the AIMD factor's part of what it
// holds above the reserve (the whole of it once the others are gone), so a process alone gets
// the whole key back.
// While requests wait more than a few seconds, `onWait` hears how many, this process's share
// and the time left, at most every `waitReportMs` (wait-report.ts).
// With a `coordinator` (opt-in, redis-coordinator.ts) each request also takes a token from it
// after the local grant; the coordinator decides the shares, so this process then paces as if
// alone (the headers still clamp the bucket), and it hears while a mutation waits, so that
// other processes' polls yield to it. When the coordinator is unavailable, pacing goes
// back to the header-driven cooperation above for the rest of the process.
// Time (`now`, the wake-up timer) comes from the `clock` option: the real one in the product, a
// fake one in the deterministic model of K processes on one key (test/api/sharing-model.test.ts).

import { realClock, type Clock, type Timer } from "../wire/clock";
import { coordinatedBurst, type RateCoordinator } from "./coordinator";
import type { HeaderGetter, Pacer, PacerSnapshot, Ticket } from "./pacer";
import { KeyShare } from "./key-share";
import type { RequestPriority } from "../wire/types";
import { describeWait, type WaitReport } from "./wait-report";
import { RATE_LIMIT_LIMIT, RATE_LIMIT_REMAINING, RATE_LIMIT_RESET } from "../../../protocol/headers";

export type { RequestPriority };
const ORDER: RequestPriority[] = ["mutation", "read", "poll"];
/** How far the last `Remaining` is projected while others spend the key (see the module comment). */
const STALE_MS = 1000;
/** Tokens in the bucket above which grants skip their jitter (see stockPlenty). */
const JITTER_STOCK = 40;
/** Tokens' time without an answer after which a waiting cooperating process looks again. */
const PROBE_TOKENS = 10;

export interface RateLimiterOptions {
  ratePerMinute: number;
  burst: number;
  /** Upper bound of one honoured pause (a broken `retry_after` must not hang us for hours). */
  maxPauseMs: number;
  /** Share the key with other processes (see the module comment). @default true */
  cooperate?: boolean;
  /** Largest random delay added to a 429's `retry_after`, in ms. @default 1000 */
  jitterMs?: number;
  /** Gives every request a token of the key's shared budget too (see the module comment). @default none */
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

export class RateLimiter implements Pacer {
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
  private timer: Timer | undefined;
  private timerAt = 0;
  private readonly queues: Record<RequestPriority, Array<{ resolve: (t: Ticket) => void; at: number }>> = { mutation: [], read: [], poll: [] };
  private readonly clock: Clock;
  private readonly share: KeyShare;
  private cooperate: boolean;
  private coordinator: RateCoordinator | undefined;
  /** The largest burst the headers showed (coordinatedBurst). */
  private burstSeen = 0;
  private lastReport = -Infinity;
  private lastAnswer = 0;
  /** Requests in flight allowed now (slow start: see observe). */
  private window = 1;
  /** A grant that waits its random delay until then (see the module comment). */
  private jitterUntil: number | undefined;
  /** The last `Remaining`, when it came, and our grants then less those still in flight. */
  private lastRemaining: { at: number; remaining: number; seq: number } | undefined;

  constructor(private readonly opts: RateLimiterOptions) {
    this.clock = opts.clock ?? realClock;
    this.share = new KeyShare(this.now());
    this.coordinator = opts.coordinator;
    this.cooperate = opts.cooperate !== false && !this.coordinator;
    this.capacity = Math.max(1, opts.burst);
    this.tokens = this.capacity;
    this.ratePerMs = opts.ratePerMinute / 60_000;
    this.last = this.now();
  }

  /**
   * Resolves when the request may go; it never refuses. A `signal` that aborts first (the
   * engine's Cancel) takes the request out of the queue and rejects with the signal's reason.
   */
  async acquire(priority: RequestPriority = "read", signal?: AbortSignal): Promise<Ticket> {
    signal?.throwIfAborted();
    const coordinator = this.coordinator;
    const waited = priority === "mutation" ? coordinator?.mutationWaiting() : undefined;
    try {
      const ticket = await new Promise<Ticket>((resolve, reject) => {
        const entry = { resolve: (t: Ticket) => (signal?.removeEventListener("abort", onAbort), resolve(t)), at: this.now() };
        const onAbort = () => {
          const queue = this.queues[priority];
          const i = queue.indexOf(entry);
          if (i >= 0) queue.splice(i, 1);
          reject(signal?.reason);
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        this.queues[priority].push(entry);
        this.pump();
      });
      if (coordinator && (await untilAborted(coordinator.take(priority), signal, () => this.release(ticket))) === "unavailable" && this.coordinator === coordinator) {
        // The coordinator warned once; from now on the headers alone pace this process.
        this.coordinator = undefined;
        this.cooperate = this.opts.cooperate !== false;
      }
      return ticket;
    } finally {
      void waited?.();
    }
  }

  /** An answer arrived: correct the bucket from its headers (and a 429's `retry_after`). */
  observe(ticket: Ticket, status: number, header: HeaderGetter, retryAfterSec?: number): void {
    this.settle(ticket);
    this.calibrated = true;
    this.lastAnswer = this.now();
    if (status !== 429) this.share.admitted();
    this.share.grow(this.now());
    if (status === 429 && this.cooperate) this.share.refused(ticket.seq, this.seq);
    this.sync(header);
    // Slow start (as TCP's): a process does not know at first whether others share the key,
    // so it does not spend the whole `Remaining` at once; each admitted answer lets one more
    // request fly (doubling per round trip, a few milliseconds), each 429 halves the window.
    // Once others show up, it grows by one per window instead (congestion avoidance).
    if (status === 429) this.window = Math.max(1, Math.floor(this.window / 2));
    else this.window = Math.min(this.window + (this.othersPerMs(this.now()) > 0 ? 1 / this.window : 1), Math.max(1, this.capacity));
    if (status === 429) {
      this.refill();
      this.tokens = Math.min(this.tokens, -this.inFlight);
      const jitter = this.cooperate ? (this.opts.random ?? Math.random)() * (this.opts.jitterMs ?? 1000) : 0;
      const until = (retryAfterSec !== undefined ? retryAfterSec * 1000 : this.now() + 1000 / Math.max(this.ratePerMs * 1000, 1e-3)) + jitter;
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
  snapshot(): PacerSnapshot {
    this.refill();
    const now = this.now();
    return {
      tokens: this.tokens,
      capacity: this.capacity,
      perMinute: this.ratePerMs * 60_000,
      unlimited: this.unlimited,
      waiting: this.waiting(),
      sharePerMinute: this.shareRatePerMs(now) * 60_000,
      othersPerMinute: this.othersPerMs(now) * 60_000,
      inFlight: this.inFlight,
      window: this.window,
      pausedMs: Math.max(0, this.pausedUntil - now),
      coordinated: this.coordinator !== undefined,
    };
  }

  othersActive(): boolean {
    return this.othersPerMs(this.now()) > 0;
  }

  private waiting(): number {
    return ORDER.reduce((n, p) => n + this.queues[p].length, 0);
  }

  private othersPerMs(now: number): number {
    return this.cooperate ? this.share.othersPerMs(now, this.inFlight, this.ratePerMs) : 0;
  }

  /** The refill this process counts on: its part of the key's rate (module comment). */
  private shareRatePerMs(now: number): number {
    if (!this.cooperate) return this.ratePerMs;
    const others = this.othersPerMs(now);
    if (others <= 0) return this.ratePerMs;
    return this.share.sharePerMs(now, others, this.ratePerMs);
  }

  /** Tokens left in the server's bucket while others are active (back off before a 429). */
  private reserve(now: number): number {
    return KeyShare.reserve(this.othersPerMs(now), this.capacity);
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
      this.coordinator?.learn(0, 0);
      return;
    }
    this.unlimited = false;
    this.refill();
    this.ratePerMs = limit / 60_000;
    const remaining = num(header(RATE_LIMIT_REMAINING));
    if (remaining === undefined) return;
    const reset = num(header(RATE_LIMIT_RESET));
    this.share.observe(this.now(), remaining, this.ratePerMs, this.capacity, reset !== undefined ? reset * 1000 - this.now() : undefined);
    this.lastRemaining = { at: this.now(), remaining, seq: this.seq - this.inFlight };
    if (this.coordinator) {
      const full = reset !== undefined ? remaining + Math.max(0, reset * 1000 - this.now()) * this.ratePerMs : remaining + 1;
      this.burstSeen = Math.max(this.burstSeen, full);
      this.coordinator.learn(limit, coordinatedBurst(limit, this.burstSeen));
    }
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
    // Others active: of what is left above the reserve, only our share is ours.
    const now = this.now();
    if (this.othersPerMs(now) > 0) {
      const share = this.shareRatePerMs(now) / this.ratePerMs;
      this.tokens = Math.min(this.tokens, (remaining - this.reserve(now)) * share - this.inFlight);
    }
    // With none of ours in flight this answer is the newest news: when others slowed down,
    // the bucket holds more than our share's projection, and we may use it: all of it when
    // alone, half the AIMD factor's part of what lies above the reserve while others are active
    // (every process hears the same news, and taking all of it was most of the 429s at 8).
    if (this.cooperate && this.inFlight === 0) {
      const free = this.othersPerMs(now) > 0 ? Math.floor(((remaining - this.reserve(now)) * this.share.factor) / 2) : remaining;
      this.tokens = Math.max(this.tokens, Math.min(this.capacity, free));
    }
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
      // While others use the key, our share of its rate comes with our share of its bucket:
      // a long wait must not save up a burst that every process would spend at once.
      const others = this.othersPerMs(now);
      const bucket = others > 0 ? Math.max(1 + this.reserve(now), (this.capacity * this.shareRatePerMs(now)) / this.ratePerMs) : this.capacity;
      const cap = bucket - this.inFlight;
      if (this.tokens < cap) this.tokens = Math.min(cap, this.tokens + (now - this.last) * this.shareRatePerMs(now));
      this.last = now;
    }
  }

  private grant(p: RequestPriority): void {
    const { resolve } = this.queues[p].shift()!;
    this.inFlight++;
    resolve({ seq: ++this.seq, settled: false });
  }

  private pump(): void {
    for (;;) {
      const p = ORDER.find((q) => this.queues[q].length > 0);
      if (!p) return;
      const now = this.now();
      if (now < this.pausedUntil) {
        this.reportWait(now);
        return this.wakeAt(this.pausedUntil);
      }
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
      const need = 1 + this.reserve(now);
      if (this.cooperate && this.inFlight >= Math.floor(this.window)) return;
      if (this.tokens >= need && this.staleEmpty(now, need)) return this.wakeAt(now + Math.ceil(1 / this.ratePerMs / 4));
      if (this.tokens >= need || this.probeDue(now)) {
        if (this.cooperate && this.othersPerMs(now) > 0 && !this.stockPlenty()) {
          this.jitterUntil ??= now + (this.opts.random ?? Math.random)() / this.ratePerMs;
          if (now < this.jitterUntil) return this.wakeAt(this.jitterUntil);
        }
        this.jitterUntil = undefined;
        this.tokens -= 1;
        this.grant(p);
        continue;
      }
      this.reportWait(now);
      // Waiting cannot help while the in-flight requests fill the bucket: their answers pump.
      if (this.capacity - this.inFlight < need && this.inFlight > 0) return;
      // Our share grows as the others' estimate fades: look again after one token's time at
      // the key's full rate at the latest, not after a wait computed from today's share.
      const wait = Math.min((need - this.tokens) / this.shareRatePerMs(now), 1 / this.ratePerMs);
      return this.wakeAt(now + Math.ceil(wait));
    }
  }

  /**
   * While others spend the key, the bucket the last answer showed, projected to now (over at
   * most STALE_MS: the others' estimate is a 10 s average), holds fewer than `need` tokens.
   * Our requests in flight at that answer count as spent since (conservatively: the server may
   * already have counted them). A due probe is never held: it is how a waiting process learns.
   */
  private staleEmpty(now: number, need: number): boolean {
    const last = this.lastRemaining;
    if (!this.cooperate || !last || this.othersPerMs(now) <= 0 || this.probeDue(now)) return false;
    const others = this.share.othersEstimatePerMs(now, this.inFlight);
    const projected = last.remaining + (this.ratePerMs - others) * Math.min(now - last.at, STALE_MS) - (this.seq - last.seq);
    return projected < need;
  }

  /**
   * The last answer's `Remaining`, less our grants since, is above JITTER_STOCK: processes that
   * spend such a stock in the same millisecond refuse no one, so no grant waits its jitter.
   */
  private stockPlenty(): boolean {
    const last = this.lastRemaining;
    return last !== undefined && last.remaining - (this.seq - last.seq) > JITTER_STOCK;
  }

  /**
   * Ramp up when the others went quiet: a share estimated while they were busy can keep us
   * waiting long after they stopped, and only an answer tells. With nothing of ours in flight
   * and no answer for PROBE_TOKENS tokens' time at the key's rate, one request goes to look.
   */
  private probeDue(now: number): boolean {
    return this.cooperate && this.inFlight === 0 && this.othersPerMs(now) > 0 && now - this.lastAnswer >= PROBE_TOKENS / this.ratePerMs;
  }

  /** At most every waitReportMs, while the oldest request has waited waitReportAfterMs. */
  private reportWait(now: number): void {
    if (!this.opts.onWait || now - this.lastReport < (this.opts.waitReportMs ?? 10_000)) return;
    const oldest = Math.min(...ORDER.map((p) => this.queues[p][0]?.at ?? Infinity));
    if (now - oldest < (this.opts.waitReportAfterMs ?? 3000)) return;
    this.lastReport = now;
    const share = this.shareRatePerMs(now);
    const queued = this.waiting();
    const pauseMs = Math.max(0, this.pausedUntil - now);
    this.opts.onWait(
      describeWait({
        queued,
        perMinute: this.ratePerMs * 60_000,
        sharePerMinute: share * 60_000,
        othersPerMinute: this.othersPerMs(now) * 60_000,
        etaMs: pauseMs + Math.max(0, queued - Math.max(0, this.tokens)) / share,
      }),
    );
  }

  private wakeAt(wanted: number): void {
    // A long wait still wakes every waitReportMs, so it can be reported.
    const at = this.opts.onWait ? Math.min(wanted, this.now() + (this.opts.waitReportMs ?? 10_000)) : wanted;
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

/**
 * The coordinator's answer, or the signal's reason when it aborts first: the local token is then
 * handed back (`onAbort`) and the coordinator's own take, already asked, is left to finish.
 */
function untilAborted<T>(p: Promise<T>, signal: AbortSignal | undefined, onAbort: () => void): Promise<T> {
  if (!signal) return p;
  return new Promise<T>((resolve, reject) => {
    const abort = () => (onAbort(), reject(signal.reason));
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    p.then(
      (v) => (signal.removeEventListener("abort", abort), resolve(v)),
      (e) => (signal.removeEventListener("abort", abort), reject(e)),
    );
  });
}

function num(v: string | undefined): number | undefined {
  if (v === undefined || v === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}
