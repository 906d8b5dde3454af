// Many processes, one key, nothing shared but the API: with `cooperate` (the default) the
// others' use is inferred from the headers, and this process counts on its part of the key
// (key-share.ts). This is the rate limiter's side of it: how far its bucket (token-bucket.ts)
// refills and what an answer leaves in it, and how many of its requests may fly at once.
// - While others are active, the refill is our share of the key's rate, up to our share of its
//   bucket; of what an answer shows above the reserve, only our share is ours.
// - With none of ours in flight an answer shows the bucket as it is: a process alone gets the
//   whole key back, in steps of the AIMD factor.
// - Slow start (as TCP's): one request in flight, one more per admitted answer, halved by a 429.
// Off with `cooperate: false`, and while a coordinator decides the shares (coordinator-link.ts).

import { KeyShare } from "./key-share";
import type { TokenBucket } from "./token-bucket";

/** The limiter's grants so far, and how many of them still wait for their answer. */
export interface GrantCounts {
  readonly seq: number;
  readonly inFlight: number;
}

/** The last `Remaining`, when it came, and our grants then less those still in flight. */
export interface LastRemaining {
  at: number;
  remaining: number;
  seq: number;
}

export class HeaderCooperation {
  /** Requests in flight allowed now (slow start: see adjustWindow). */
  window = 1;
  lastRemaining: LastRemaining | undefined;
  private readonly share: KeyShare;

  constructor(
    now: number,
    /** Whether this process cooperates now (see the module comment). */
    public on: boolean,
    private readonly bucket: TokenBucket,
    private readonly grants: GrantCounts,
  ) {
    this.share = new KeyShare(now);
  }

  /** The others' use of the key in tokens per ms (0 when not cooperating). */
  othersPerMs(now: number): number {
    return this.on ? this.share.othersPerMs(now, this.grants.inFlight, this.bucket.ratePerMs) : 0;
  }

  /** The others' use as estimated, uncapped (the projection of a stale `Remaining`). */
  othersEstimatePerMs(now: number): number {
    return this.share.othersEstimatePerMs(now, this.grants.inFlight);
  }

  /** The refill this process counts on: its part of the key's rate. */
  sharePerMs(now: number): number {
    const rate = this.bucket.ratePerMs;
    if (!this.on) return rate;
    const others = this.othersPerMs(now);
    if (others <= 0) return rate;
    return this.share.sharePerMs(now, others, rate);
  }

  /** Tokens left in the server's bucket while others are active (back off before a 429). */
  reserve(now: number): number {
    return KeyShare.reserve(this.othersPerMs(now), this.bucket.capacity);
  }

  /**
   * Up to where the bucket refills: its capacity, or while others use the key our share of it
   * (a long wait must not save up a burst that every process would spend at once), less the
   * requests in flight (token-bucket.ts).
   */
  refillCap(now: number): number {
    const { capacity, ratePerMs } = this.bucket;
    const others = this.othersPerMs(now);
    const bucket = others > 0 ? Math.max(1 + this.reserve(now), (capacity * this.sharePerMs(now)) / ratePerMs) : capacity;
    return bucket - this.grants.inFlight;
  }

  /** An answer to the request granted `seq`-th arrived: one token of ours unless refused; a 429 cuts the share. */
  answered(now: number, status: number, seq: number): void {
    if (status !== 429) this.share.admitted();
    this.share.grow(now);
    if (status === 429 && this.on) this.share.refused(seq, this.grants.seq);
  }

  /** An answer's `Remaining` (and `Reset`, the time until the bucket is full), before the bucket corrects itself. */
  heard(now: number, remaining: number, resetSec: number | undefined): void {
    const { ratePerMs, capacity } = this.bucket;
    this.share.observe(now, remaining, ratePerMs, capacity, resetSec !== undefined ? resetSec * 1000 - now : undefined);
    this.lastRemaining = { at: now, remaining, seq: this.grants.seq - this.grants.inFlight };
  }

  /** After the bucket's own correction: our share of what is above the reserve (module comment). */
  clamp(now: number, remaining: number): void {
    const bucket = this.bucket;
    const inFlight = this.grants.inFlight;
    if (this.othersPerMs(now) > 0) {
      const share = this.sharePerMs(now) / bucket.ratePerMs;
      bucket.tokens = Math.min(bucket.tokens, (remaining - this.reserve(now)) * share - inFlight);
    }
    // Half of the factor's part while others are active: every process hears the same news,
    // and taking all of it was most of the 429s at 8.
    if (this.on && inFlight === 0) {
      const free = this.othersPerMs(now) > 0 ? Math.floor(((remaining - this.reserve(now)) * this.share.factor) / 2) : remaining;
      bucket.tokens = Math.max(bucket.tokens, Math.min(bucket.capacity, free));
    }
  }

  /**
   * Slow start: a process does not know at first whether others share the key, so it does not
   * spend the whole `Remaining` at once; each admitted answer lets one more request fly
   * (doubling per round trip, a few milliseconds), each 429 halves the window. Once others
   * show up, it grows by one per window instead.
   */
  adjustWindow(now: number, status: number): void {
    if (status === 429) this.window = Math.max(1, Math.floor(this.window / 2));
    else this.window = Math.min(this.window + (this.othersPerMs(now) > 0 ? 1 / this.window : 1), Math.max(1, this.bucket.capacity));
  }

  /** No further request may fly now (only while cooperating). */
  windowFull(): boolean {
    return this.on && this.grants.inFlight >= Math.floor(this.window);
  }
}
