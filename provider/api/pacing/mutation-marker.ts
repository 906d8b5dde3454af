// Across processes, mutations go before status polls (redis-coordinator.ts): while a process
// has a mutation waiting for a token it keeps a marker key alive in Redis (`SET … PX`, refreshed
// every third of its life), and a poll waits until no marker is left before it asks for its
// token, at most `maxYieldMs`, so a poll is never starved. The marker lives on Redis's clock (a
// TTL), so a crashed process's marker is gone within `ttlMs` and machines' clocks need not agree.
// The heartbeat and the poll's waits run on the `clock` option, and the two Redis commands go
// through `MarkerStore`, so the unit test runs both on one fake clock.

import type { Clock, Timer } from "../time/clock";

/** The two Redis commands the marker needs (an ioredis client has both). */
export interface MarkerStore {
  set(key: string, value: string, px: "PX", ttlMs: number): Promise<unknown>;
  /** Milliseconds the key has left; -2 when it does not exist, -1 when it has no TTL. */
  pttl(key: string): Promise<number>;
}

export interface MutationMarkerOptions {
  /** The marker's key (mutationMarkerKey of the budget). */
  key: string;
  /** The marker's life, refreshed every third of it, in ms. */
  ttlMs: number;
  /** Longest a status poll yields, in ms. */
  maxYieldMs: number;
  clock: Clock;
  /** The store, connected on first use. */
  store: () => Promise<MarkerStore>;
}

export class MutationMarker {
  private waiting = 0;
  private heartbeat: Timer | undefined;
  /** Bumped by stop(): a heartbeat whose connection comes after it sends nothing. */
  private generation = 0;
  /** Heartbeat SETs sent and not yet answered. */
  private readonly writing = new Set<Promise<void>>();

  constructor(private readonly opts: MutationMarkerOptions) {}

  /**
   * A mutation of this process waits: the marker lives until every returned function is called.
   * The last call's promise resolves once no write of this marker is left on its way (stop()).
   */
  hold(): () => Promise<void> {
    if (this.waiting++ === 0) {
      const generation = ++this.generation;
      // Not awaited: a mutation never waits for its marker. A lost Redis shows in the token's take.
      const mark = () => {
        const write = this.opts
          .store()
          .then((s) => (generation === this.generation ? s.set(this.opts.key, "1", "PX", this.opts.ttlMs) : undefined))
          .then(() => undefined, () => undefined)
          .finally(() => this.writing.delete(write));
        this.writing.add(write);
      };
      mark();
      this.heartbeat = this.opts.clock.setInterval(mark, Math.max(1, Math.floor(this.opts.ttlMs / 3)));
      this.heartbeat.unref();
    }
    let done = false;
    return () => {
      if (done) return Promise.resolve();
      done = true;
      // The marker is left to expire: another process's mutations may be waiting too.
      return --this.waiting === 0 ? this.stop() : Promise.resolve();
    };
  }

  /**
   * Stops refreshing the marker (the last mutation went, or Redis failed) and leaves no write
   * behind: a heartbeat not yet sent never goes, and the promise resolves once the SETs already
   * sent are answered. Without it a SET on its way could land after another process's poll saw
   * the marker gone and make it live one more TTL (the poll would have gone before its end).
   */
  stop(): Promise<void> {
    this.opts.clock.clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    this.generation++;
    return Promise.all([...this.writing]).then(() => undefined);
  }

  /** Waits while some process's marker lives, up to maxYieldMs. */
  async yieldToMutations(): Promise<void> {
    const { clock } = this.opts;
    const until = clock.now() + this.opts.maxYieldMs;
    const store = await this.opts.store();
    for (;;) {
      const left = await store.pttl(this.opts.key);
      const now = clock.now();
      if (left <= 0 || now >= until) return;
      await clock.sleep(Math.min(left, until - now));
    }
  }
}
