// What the requester needs from pacing: a token before each attempt, handed back with the
// answer (or without one). RateLimiter is the product's pacer; the client takes another through
// its `pacer` option (the benchmark's unpaced baseline lives in bench/naive/, not here).

import type { RequestPriority } from "../wire/types";

/** A granted token; hand it back through `observe` (answer) or `release` (no answer). */
export interface Ticket {
  readonly seq: number;
  settled: boolean;
}

export type HeaderGetter = (name: string) => string | undefined;

/** The bucket as a pacer sees it (tests, benchmark). */
export interface PacerSnapshot {
  tokens: number;
  capacity: number;
  perMinute: number;
  unlimited: boolean;
  waiting: number;
  sharePerMinute: number;
  othersPerMinute: number;
  inFlight: number;
  window: number;
  pausedMs: number;
  coordinated: boolean;
}

export interface Pacer {
  /** Resolves when the request may go; rejects with the signal's reason when it aborts first. */
  acquire(priority?: RequestPriority, signal?: AbortSignal): Promise<Ticket>;
  /** The attempt got an answer: its status and rate-limit headers. */
  observe(ticket: Ticket, status: number, header: HeaderGetter, retryAfterSec?: number): void;
  /** The attempt got no answer (network error, time-out). */
  release(ticket: Ticket): void;
  snapshot(): PacerSnapshot;
  /** Whether other processes are seen spending the key now; asking changes nothing. */
  othersActive?(): boolean;
}
