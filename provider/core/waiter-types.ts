// What a waiter promises, whichever kind the process uses (the shared StatusWaiter, or the
// benchmark's NaiveWaiter in bench/naive/): the types both implement and the resources call.

import type { Server } from "../api/wire/types";

/** What the caller decides from one observation: the server, or undefined when it is not listed. */
export type Verdict = "done" | "failed" | "wait";

export interface WaitRequest {
  id: string;
  /** Judges one observation; `elapsedMs` lets it tolerate a brief absence just after create. */
  goal: (server: Server | undefined, elapsedMs: number) => Verdict;
  timeoutMs: number;
  /** When to poll first (e.g. the API's estimated provisioning time). */
  firstPollMs?: number;
  /** Ends the wait at once, rejecting with the signal's reason (the engine's Cancel: operation.ts). */
  signal?: AbortSignal;
}

export interface WaitOutcome {
  outcome: "done" | "failed" | "timeout";
  /** The last observation (undefined when the server was not listed). */
  server?: Server;
  /** True when at least one poll observed the server or its absence. */
  observed: boolean;
}

export interface WaiterReadOptions {
  /**
   * May be answered from a recent full list (StatusWaiter's snapshot, list-snapshot.ts). Only the
   * engine's Read asks for it; code that decides a mutation from what it reads reads fresh.
   */
  snapshot?: boolean;
  /** Ends the read at once, rejecting with the signal's reason (the engine's Cancel: operation.ts). */
  signal?: AbortSignal;
}

/** What the resources use to wait and read: the shared StatusWaiter, or the benchmark's NaiveWaiter. */
export interface Waiter {
  wait(req: WaitRequest): Promise<WaitOutcome>;
  read(id: string, opts?: WaiterReadOptions): Promise<Server | undefined>;
  /** Poll requests made so far. */
  readonly polls: number;
  /** How long a server just created may be missing from the list (eventual consistency). */
  readonly absenceGraceMs: number;
}

