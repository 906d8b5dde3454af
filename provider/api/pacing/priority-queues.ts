// Requests waiting for a token, by priority: the completion of a mutation already made (shape
// B's tag PATCH of a created server) before other mutations, mutations before reads, reads before
// status polls, first come first served within each. The rate limiter's queue (rate-limiter.ts) and the
// coordinator's gate (token-gate.ts) serve them in this order.
//
// Every operation takes time that does not grow with the requests waiting, as a Fleet queues one
// request per member at once: an item taken out before its turn is marked and skipped when its
// turn comes, and each line drops what it has served in one copy once that is half of it
// (shifting or splicing a long array moves every element after the first).

import type { RequestPriority } from "../wire/types";

const PRIORITY_ORDER: readonly RequestPriority[] = ["completion", "mutation", "read", "poll"];

/** An item in its line; `gone` once it left before its turn. */
interface Cell<T> {
  item: T;
  gone: boolean;
}

/** One priority's line, first in first out. */
class Line<T> {
  private cells: Cell<T>[] = [];
  private head = 0;
  /** The items waiting, each with its cell. */
  private readonly waiting = new Map<T, Cell<T>>();

  get size(): number {
    return this.waiting.size;
  }

  push(item: T): void {
    const cell = { item, gone: false };
    this.cells.push(cell);
    this.waiting.set(item, cell);
  }

  remove(item: T): boolean {
    const cell = this.waiting.get(item);
    if (!cell) return false;
    cell.gone = true;
    this.waiting.delete(item);
    return true;
  }

  /** The oldest item that waits; only when one does (`size` > 0). */
  peek(): T {
    while (this.cells[this.head]!.gone) this.advance();
    return this.cells[this.head]!.item;
  }

  /** The oldest item that waits, taken out; only when one does (`size` > 0). */
  shift(): T {
    const item = this.peek();
    this.waiting.delete(item);
    this.advance();
    return item;
  }

  private advance(): void {
    this.head++;
    if (this.head === this.cells.length) {
      this.cells = [];
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= this.cells.length) {
      this.cells = this.cells.slice(this.head);
      this.head = 0;
    }
  }
}

/** Requests by priority. Each item is pushed once (an object of its own). */
export class PriorityQueues<T> {
  private readonly lines: Record<RequestPriority, Line<T>> = { completion: new Line(), mutation: new Line(), read: new Line(), poll: new Line() };

  push(priority: RequestPriority, item: T): void {
    this.lines[priority].push(item);
  }

  /** Takes `item` out of its queue; false when it no longer waits there (it was served). */
  remove(priority: RequestPriority, item: T): boolean {
    return this.lines[priority].remove(item);
  }

  /** The first in line, taken out: the oldest of the highest priority that waits. */
  shift(): T | undefined {
    for (const p of PRIORITY_ORDER) if (this.lines[p].size > 0) return this.lines[p].shift();
    return undefined;
  }

  /** The oldest of each priority that waits, in priority order. */
  heads(): T[] {
    return PRIORITY_ORDER.flatMap((p) => (this.lines[p].size > 0 ? [this.lines[p].peek()] : []));
  }

  get size(): number {
    return PRIORITY_ORDER.reduce((n, p) => n + this.lines[p].size, 0);
  }
}
