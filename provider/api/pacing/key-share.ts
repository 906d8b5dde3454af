// This process's part of a key that other processes may be spending, for the rate limiter
// (rate-limiter.ts), which keeps the bucket and the queue; shared-use.ts infers the others' use
// from the headers. While others are active:
// - the refill this process counts on is the larger of the key's rate less theirs and its part
//   of the key's rate in proportion to its own recent use against theirs (never less than
//   MIN_SHARE), so the proportions stay right while the bucket's stock is being spent;
// - that part is scaled by an AIMD factor: halved on a 429 (once per congestion event), grown
//   back linearly to 1 in AIMD_RECOVER_MS;
// - we stop a few tokens above empty (`reserve`: about 1 s of their use, at most a tenth of the
//   bucket), so two processes that both see the last tokens do not both spend them.

import { SharedUse } from "./shared-use";

/** The least share of the key's rate a cooperating process counts on. */
const MIN_SHARE = 1 / 16;
/** AIMD: how long the share's factor takes to grow back from 0 to 1 after a 429 halved it. */
const AIMD_RECOVER_MS = 20_000;

export class KeyShare {
  private readonly use: SharedUse;
  /** AIMD factor of the share while others are active. */
  private aimd = 1;
  private aimdAt = 0;
  /** The last grant when a 429 cut the factor: 429s of requests sent before it cut no more. */
  private cutSeq = 0;

  constructor(now: number) {
    this.use = new SharedUse(now);
  }

  /** The AIMD factor as it stands (see grow). */
  get factor(): number {
    return this.aimd;
  }

  /** An answer the server admitted (anything but a 429): one of our tokens. */
  admitted(): void {
    this.use.admitted();
  }

  /** An answer's `Remaining`, with the key's rate, the bucket's capacity then and the time until it is full. */
  observe(now: number, remaining: number, ratePerMs: number, capacity: number, fullInMs?: number): void {
    this.use.observe(now, remaining, ratePerMs, capacity, fullInMs);
  }

  /** A 429 of the request granted `seq`-th, `lastSeq` grants so far: halves the factor once per congestion event. */
  refused(seq: number, lastSeq: number): void {
    if (seq <= this.cutSeq) return;
    this.aimd = Math.max(MIN_SHARE, this.aimd / 2);
    this.cutSeq = lastSeq;
  }

  /** Additive increase: the AIMD factor grows back linearly with time. */
  grow(now: number): void {
    if (now > this.aimdAt) this.aimd = Math.min(1, this.aimd + (now - this.aimdAt) / AIMD_RECOVER_MS);
    this.aimdAt = now;
  }

  /** The others' use in tokens per ms, never more than the key's rate less MIN_SHARE of it. */
  othersPerMs(now: number, inFlight: number, ratePerMs: number): number {
    return Math.min(this.use.othersPerMs(now, inFlight), ratePerMs * (1 - MIN_SHARE));
  }

  /** The others' use as estimated, uncapped (the stale-Remaining projection). */
  othersEstimatePerMs(now: number, inFlight: number): number {
    return this.use.othersPerMs(now, inFlight);
  }

  /** The refill this process counts on while others use `othersPerMs` of the key (module comment). */
  sharePerMs(now: number, othersPerMs: number, ratePerMs: number): number {
    this.grow(now);
    const own = this.use.ownPerMs();
    return Math.max(ratePerMs * MIN_SHARE, Math.max(ratePerMs - othersPerMs, (ratePerMs * own) / (own + othersPerMs)) * this.aimd);
  }

  /** Tokens left in the server's bucket while others use `othersPerMs` of it (back off before a 429). */
  static reserve(othersPerMs: number, capacity: number): number {
    if (othersPerMs <= 0) return 0;
    // Below the capacity less one: a process that met the bucket empty may have learnt a
    // capacity of 1, and a reserve it can never hold above would stop it for good.
    return Math.min(capacity / 10, capacity - 1, Math.max(1, Math.ceil(othersPerMs * 1000)));
  }
}
