// Requests waiting for a token, by priority: the completion of a mutation already made (shape
// B's tag PATCH of a created server) before other mutations, mutations before reads, reads before
// status polls, first come first served within each. The rate limiter's queue (rate-limiter.ts) and the
// coordinator's gate (token-gate.ts) serve them in this order.

import type { RequestPriority } from "../wire/types";

const PRIORITY_ORDER: readonly RequestPriority[] = ["completion", "mutation", "read", "poll"];

export class PriorityQueues<T> {
  private readonly queues: Record<RequestPriority, T[]> = { completion: [], mutation: [], read: [], poll: [] };

  push(priority: RequestPriority, item: T): void {
    this.queues[priority].push(item);
  }

  /** Takes `item` out of its queue; false when it no longer waits there (it was served). */
  remove(priority: RequestPriority, item: T): boolean {
    const queue = this.queues[priority];
    const i = queue.indexOf(item);
    if (i >= 0) queue.splice(i, 1);
    return i >= 0;
  }

  /** The first in line, taken out: the oldest of the highest priority that waits. */
  shift(): T | undefined {
    for (const p of PRIORITY_ORDER) if (this.queues[p].length > 0) return this.queues[p].shift();
    return undefined;
  }

  /** The oldest of each priority that waits, in priority order. */
  heads(): T[] {
    return PRIORITY_ORDER.flatMap((p) => this.queues[p].slice(0, 1));
  }

  get size(): number {
    return PRIORITY_ORDER.reduce((n, p) => n + this.queues[p].length, 0);
  }
}
