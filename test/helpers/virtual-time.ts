// Virtual time for code that takes its `sleep` from options (provider/api/pacing/token-gate.ts): sleeps end when
// the test moves the clock, in order of their end (ties in order of their start), and every
// promise chain they wake settles before the clock moves on. No wall-clock wait anywhere.

interface Timer {
  at: number;
  seq: number;
  fire: () => void;
}

export class VirtualTime {
  /** Milliseconds since the start (fractions allowed). */
  now = 0;
  private seq = 0;
  private timers: Timer[] = [];

  readonly sleep = (ms: number): Promise<void> => new Promise((resolve) => this.after(ms, resolve));

  after(ms: number, fire: () => void): void {
    this.timers.push({ at: this.now + Math.max(0, ms), seq: ++this.seq, fire });
  }

  /** Fires every timer due up to `until` (ms), then sets the clock there. */
  async runUntil(until: number): Promise<void> {
    for (;;) {
      await settle();
      let next = -1;
      for (let i = 0; i < this.timers.length; i++) {
        const t = this.timers[i]!;
        const best = this.timers[next];
        if (t.at <= until && (!best || t.at < best.at || (t.at === best.at && t.seq < best.seq))) next = i;
      }
      if (next < 0) break;
      const [timer] = this.timers.splice(next, 1);
      this.now = timer!.at;
      timer!.fire();
    }
    this.now = Math.max(this.now, until);
  }

  /** Timers still pending. */
  pending(): number {
    return this.timers.length;
  }
}

/** Every promise continuation queued so far (and those they queue) runs before this resolves. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
