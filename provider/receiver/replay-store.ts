// Replay protection by event id: the store remembers every accepted id until the end of
// the window in which its delivery could still arrive (the spec's retry ladder), so a
// retry or a replayed copy is dropped however late it comes. The store is an interface
// (in memory here, on a file in file-replay-store.ts, or the user's own: Redis, a table)
// in the manner of fake-gcs-server's backend/storage.go beside memory.go.

/** Where accepted event ids are kept. May answer synchronously or with a promise. */
export interface ReplayStore {
  /**
   * Records `id` until `expiresAt` (ms since the epoch). Answers false, recording nothing,
   * when `id` is already recorded and not expired at `now`.
   */
  remember(id: string, expiresAt: number, now: number): boolean | Promise<boolean>;
}

/** In-memory store: lost on restart; holds each id until it expires, then forgets it. */
export class MemoryReplayStore implements ReplayStore {
  private readonly ids = new Map<string, number>();
  private nextSweep = 0;

  remember(id: string, expiresAt = Number.POSITIVE_INFINITY, now = Date.now()): boolean {
    this.sweep(now);
    const until = this.ids.get(id);
    if (until !== undefined && until > now) return false;
    this.ids.set(id, expiresAt);
    return true;
  }

  /** Ids recorded and not yet expired (for tests and metrics). */
  size(now = Date.now()): number {
    this.sweep(now, true);
    return this.ids.size;
  }

  /** Drops expired ids, at most once a minute unless forced, so `remember` stays O(1) amortized. */
  private sweep(now: number, force = false): void {
    if (!force && now < this.nextSweep) return;
    this.nextSweep = now + 60_000;
    for (const [id, until] of this.ids) if (until <= now) this.ids.delete(id);
  }
}

/** The name earlier releases exported; the same in-memory store. */
export { MemoryReplayStore as ReplayGuard };
