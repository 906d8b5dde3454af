// One process's door to a shared token bucket (the Redis coordinator's, gcra-script.ts): the
// requests of this process that wait for a token ask the bucket one at a time, so a process
// sends one attempt at a time, however many of its requests wait. A refused attempt says when a
// token is due; the gate sleeps until then and asks again. Each token goes to the request first
// in line when it is granted: mutations, then reads, then status polls (priority-queues.ts, as
// in the rate limiter), first come first served within each.

import type { RequestPriority } from "../wire/types";
import { PriorityQueues } from "./priority-queues";

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
  private readonly queue = new PriorityQueues<Waiter>();
  private running = false;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly opts: TokenGateOptions) {
    this.sleep = opts.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Resolves with a token; rejects when an attempt fails (then every waiting request does). */
  take(priority: RequestPriority): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push(priority, { resolve, reject });
      void this.run();
    });
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.size > 0) {
        const wait = await this.opts.attempt();
        if (wait <= 0) this.queue.shift()!.resolve();
        else await this.sleep(wait);
      }
    } catch (e) {
      for (let w = this.queue.shift(); w; w = this.queue.shift()) w.reject(e);
    } finally {
      this.running = false;
    }
  }
}
