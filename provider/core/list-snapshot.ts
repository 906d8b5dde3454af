// The last full server list the status waiter made, kept so that the engine's Reads of one
// `pulumi refresh` cost one list call however the engine spaces them (it dispatches Reads with
// bounded parallelism, so they do not all arrive within one read batch). A read that asks for it
// is answered from here when:
// - the list is at most `maxAgeMs` old, counted from when its request was *sent*;
// - the server is in it: only positive hits, so a server created after the list is read fresh;
// - this process has not acted on the server (a wait() on it, or a fresh read before a PATCH):
//   from then on its reads are fresh for the rest of the process.
// A stale answer is acceptable because a provider process lives for one CLI operation, so a
// snapshot never outlives the refresh that took it, and the engine reads each resource once.
// Lists are ordered by a sequence number, not the clock: one sent earlier that answers later
// never replaces a newer one. The user's view: docs/guide/servers.md#create-delete-refresh.

import { realClock, type Clock } from "../api/time/clock";
import type { Server } from "../api/wire/types";

export class ListSnapshot {
  private servers = new Map<string, Server>();
  private sentSeq = 0;
  private sentAt = -Infinity;
  private seq = 0;
  private readonly touched = new Set<string>();

  constructor(private readonly clock: Clock = realClock) {}

  /** Marks a list request as sent; pass the token to `record` with its answer. */
  begin(): { seq: number; at: number } {
    return { seq: ++this.seq, at: this.clock.now() };
  }

  /** Keeps a full list's answer, unless a list sent later has already been recorded. */
  record(sent: { seq: number; at: number }, servers: readonly Server[]): void {
    if (sent.seq < this.sentSeq) return;
    this.servers = new Map(servers.map((s) => [s.id, s]));
    this.sentSeq = sent.seq;
    this.sentAt = sent.at;
  }

  /** This process acts on the server (waits on it, or read it fresh): its reads are fresh from now on. */
  touch(id: string): void {
    this.touched.add(id);
  }

  /** The listed server when the list is young enough and the server untouched; else undefined. */
  get(id: string, maxAgeMs: number): Server | undefined {
    if (maxAgeMs <= 0 || this.clock.now() - this.sentAt > maxAgeMs || this.touched.has(id)) return undefined;
    return this.servers.get(id);
  }
}
