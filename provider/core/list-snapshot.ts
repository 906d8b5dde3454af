// The last full server list the status waiter made, kept so that the engine's Reads of one
// `pulumi refresh` cost one list call however the engine spaces them. The engine dispatches
// Reads with bounded parallelism and waits for each answer, so on a loaded machine they do
// not arrive within one read batch: a refresh of 100 split into 5 batches, 5 list calls
// (docs/benchmarks.md). Any read asking for it is answered from here instead when:
// - the list is at most `maxAgeMs` old, counted from when its request was *sent*;
// - the server is in it: only positive hits, so a server created after the list is read
//   fresh, never reported gone;
// - nothing in this process touched the server since the list was sent: a wait() on it (a
//   create, a power action, a delete) or a fresh read of it supersedes the listed entry.
// Why a stale answer is acceptable: a provider process lives for one CLI operation, so a
// snapshot never outlives the `pulumi refresh` that took it, and a refresh started later always
// lists fresh; within one operation the engine reads each resource once; and the data is at
// most 30 s old (the default), the same order as the refresh itself.
// Order is a sequence number, not the clock: a wait registered in the same millisecond as a
// list was sent still wins.

import type { Server } from "../api/types";

export class ListSnapshot {
  private servers = new Map<string, Server>();
  private sentSeq = 0;
  private sentAt = -Infinity;
  private seq = 0;
  private readonly touched = new Map<string, number>();

  /** Marks a list request as sent; pass the token to `record` with its answer. */
  begin(): { seq: number; at: number } {
    return { seq: ++this.seq, at: Date.now() };
  }

  /** Keeps a full list's answer, unless a list sent later has already been recorded. */
  record(sent: { seq: number; at: number }, servers: readonly Server[]): void {
    if (sent.seq < this.sentSeq) return;
    this.servers = new Map(servers.map((s) => [s.id, s]));
    this.sentSeq = sent.seq;
    this.sentAt = sent.at;
  }

  /** From now on, the listed entry of this server is out of date (it was waited on or read fresh). */
  touch(id: string): void {
    this.touched.set(id, ++this.seq);
  }

  /** The listed server when the list is young enough and nothing touched it since; else undefined. */
  get(id: string, maxAgeMs: number): Server | undefined {
    if (maxAgeMs <= 0 || Date.now() - this.sentAt > maxAgeMs) return undefined;
    if ((this.touched.get(id) ?? 0) > this.sentSeq) return undefined;
    return this.servers.get(id);
  }
}
