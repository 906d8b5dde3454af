// At most `limit` requests of one client on the wire; the others wait here, first come first
// served, as a closure each. Node's http.Agent would queue them too, but only after axios built
// each one's request object, headers and socket bookkeeping: for a fleet's 10,000 concurrent
// POSTs that is memory held for requests that cannot be sent yet.

export class InFlightLimit {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private head = 0;

  constructor(private readonly limit: number) {}

  /**
   * Runs `send` once fewer than `limit` others run (at once when `taken`: its slot was taken
   * already); its slot frees when it settles.
   */
  async run<T>(send: () => Promise<T>, taken = false): Promise<T> {
    if (!taken) await this.take();
    try {
      return await send();
    } finally {
      this.release();
    }
  }

  /** Resolves once a slot is this caller's; `run(send, true)` or `release()` gives it back. */
  async take(): Promise<void> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
  }

  /** Requests waiting for a slot. */
  get queued(): number {
    return this.waiting.length - this.head;
  }

  /** Hands the slot to the first waiter (the count stays), else frees it. */
  release(): void {
    if (this.head < this.waiting.length) {
      const next = this.waiting[this.head]!;
      this.waiting[this.head++] = undefined as unknown as () => void;
      if (this.head > 1024 && this.head * 2 > this.waiting.length) {
        this.waiting.splice(0, this.head);
        this.head = 0;
      }
      next();
    } else this.active--;
  }
}
