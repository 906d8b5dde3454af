// Cancellation and time-outs of the engine's operations: one concern of the core, not a flag in
// each loop. The engine's Cancel aborts the provider process's AbortSignal (provider-process.ts),
// which every operation carries in its context to each wait, paced request, retry back-off and
// pause (`sleepUnlessCancelled`), as pulumi-go-provider's middleware/cancel does. A request
// already sent is never abandoned, so a create whose POST was answered ends as a partial create
// with the server's id (server/resource-init-failed.ts), never a lost server. Once cancelled the
// process stays cancelled: an operation that comes anyway ends before its first request.
// A request's `timeout` (the program's customTimeouts) is the operation's wait budget: it
// replaces `waitTimeoutSeconds`, and its source is named when it runs out.
// What a user sees of this: docs/guide/recovery.md#ctrl-c.

import { abortable } from "../api/time/abortable";

/** The engine cancelled the operation (Ctrl-C); what was done so far is reported, not lost. */
export class CancelledError extends Error {
  constructor(message = "the operation was cancelled by the engine (Ctrl-C); the next `pulumi up` continues from what was done") {
    super(message);
    this.name = "CancelledError";
  }
}

/** The engine's time-out of one operation. */
export interface OperationTimeout {
  seconds: number;
  /** Where it came from, e.g. `customTimeouts.create`. */
  source: string;
}

/** How long an operation's waits may take, and the words that name that bound in an error. */
export interface WaitBudget {
  ms: number;
  /** e.g. `customTimeouts.create of 5s, which overrides waitTimeoutSeconds`; undefined for waitTimeoutSeconds itself. */
  source?: string;
}

/** The request's time-out when it has one, else `waitTimeoutSeconds`. */
export function waitBudget(waitTimeoutSeconds: number, timeout: OperationTimeout | undefined): WaitBudget {
  if (!timeout) return { ms: waitTimeoutSeconds * 1000 };
  const { seconds, source } = timeout;
  return { ms: seconds * 1000, source: `${source} of ${seconds}s, which overrides waitTimeoutSeconds` };
}

/**
 * `clock.sleep(ms)` that ends at once, rejected with the signal's reason, when `signal` aborts
 * (a Fleet's pause between batches: Ctrl-C must not wait it out).
 */
export function sleepUnlessCancelled(clock: { sleep(ms: number): Promise<void> }, ms: number, signal?: AbortSignal): Promise<void> {
  return abortable(clock.sleep(ms), signal);
}
