// How long the API spent answering: the union of the intervals in which at least one /v1
// request was between its arrival and its answer's end. Overlapping requests count once, so
// this is the API's own share of a client's wall time (the fleet benchmark's bound for an
// unlimited key, bench/fleet/lower-bound.ts), not the sum of every request's latency.
// Times are passed in (milliseconds from any monotonic origin), so tests need no clock.

export class AnswerTime {
  private inFlight = 0;
  private since = 0;
  private closedMs = 0;

  begin(atMs: number): void {
    if (this.inFlight++ === 0) this.since = atMs;
  }

  end(atMs: number): void {
    if (this.inFlight === 0) return;
    if (--this.inFlight === 0) this.closedMs += atMs - this.since;
  }

  /** Busy milliseconds up to `atMs`, a busy interval still open included. */
  totalMs(atMs: number): number {
    return this.closedMs + (this.inFlight > 0 ? atMs - this.since : 0);
  }

  /** Forgets the past; requests in flight count from `atMs` on. */
  reset(atMs: number): void {
    this.closedMs = 0;
    this.since = atMs;
  }
}
