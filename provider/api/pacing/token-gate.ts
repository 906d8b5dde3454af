// One process's door to a shared token bucket (the Redis coordinator's, gcra-script.ts): the
// requests of this process that wait for a token ask the bucket one at a time, so a process
// sends one attempt at a time, however many of its requests wait. A refused attempt says when a
// token is due; the gate sleeps until then and asks again. Each token goes to the request first
// in line when it is granted: mutations, then reads, then status polls (the order of
// rate-limiter.ts), first come first served within each.

import type { RequestPriority } from "../wire/types";

const ORDER: RequestPriority[] = ["mutation", "read", "poll"];

export interface TokenGateOptions {
  /** One attempt at the bucket: 0 when a token was granted, else the ms until one is due. */
  attempt: () => Promise<number>;
  /** @default setTimeout */
  sleep?: (ms: number) => Promise<void>;
}

interface Waiter {
  resolve: () => void;
  reject: (e: unknown) => void;
}

export class TokenGate {
  private readonly queues: Record<RequestPriority, Waiter[]> = { mutation: [], read: [], poll: [] };
  private running = false;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly opts: TokenGateOptions) {
    this.sleep = opts.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Resolves with a token; rejects when an attempt fails (then every waiting request does). */
  take(priority: RequestPriority): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queues[priority].push({ resolve, reject });
      void this.run();
    });
  }

  private next(): Waiter | undefined {
    for (const p of ORDER) if (this.queues[p].length) return this.queues[p].shift();
    return undefined;
  }

  private waiting(): boolean {
    return ORDER.some((p) => this.queues[p].length > 0);
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.waiting()) {
        const wait = await this.opts.attempt();
        if (wait <= 0) this.next()!.resolve();
        else await this.sleep(wait);
      }
    } catch (e) {
      for (let w = this.next(); w; w = this.next()) w.reject(e);
    } finally {
      this.running = false;
    }
  }
}
