// Cancellation and time-outs of the engine's operations: one concern of the core, not a flag in
// each loop. The engine's Cancel (the plugin's gRPC Cancel, on Ctrl-C) aborts one process-wide
// AbortSignal; every create, update and delete carries it (`Operation.signal`) to each wait
// (status-waiter.ts), each paced request (the rate limiter's queue) and each retry's back-off
// (api/http/retry.ts), the way pulumi-go-provider's middleware/cancel ties Cancel to each
// request's context. A request already sent is never abandoned, so a create whose POST was
// answered ends as a partial create with the server's id (server/partial-create.ts), never a
// lost server. Once cancelled the process stays cancelled: the engine starts nothing after
// Cancel, and an operation that comes anyway ends before its first request.
//
// A request's `timeout` (the program's customTimeouts) is the operation's wait budget: it
// replaces `waitTimeoutSeconds`, and its source is named when it runs out.

import { setMaxListeners } from "events";

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

/** What every create, update and delete of the core receives besides its inputs. */
export interface Operation {
  /** Aborted by the engine's Cancel. @default the process's cancellation signal */
  signal?: AbortSignal;
  /** Overrides `waitTimeoutSeconds`. @default none */
  timeout?: OperationTimeout;
  /**
   * Tags the provider adds to a server it creates or adopts, beside the user's (a fleet
   * member's identity: provider/fleet/identity.ts). @default none
   */
  systemTags?: string[];
  /** The create's Idempotency-Key (a fleet member's is deterministic). @default a random UUID */
  idempotencyKey?: string;
}

let controller = processController();

/**
 * Every wait and queued request of the process listens to one signal (each removes its listener
 * when it ends), so Node's warning at 11 listeners would fire for any fleet of a dozen servers.
 */
function processController(): AbortController {
  const c = new AbortController();
  setMaxListeners(0, c.signal);
  return c;
}

/** The process's cancellation signal (the same object until cancelled, then aborted for good). */
export function cancellationSignal(): AbortSignal {
  return controller.signal;
}

/** The engine's Cancel: ends every wait and paced request of the process's operations. */
export function cancelOperations(): void {
  if (!controller.signal.aborted) controller.abort(new CancelledError());
}

/** For tests: a fresh, un-cancelled process. */
export function resetCancellation(): void {
  controller = processController();
}

/**
 * The operation of an engine request: the process's signal, and the request's time-out when it
 * has one (the engine sends 0 for none). `kind` names its source: `customTimeouts.<kind>`.
 */
export function engineOperation(kind: "create" | "update" | "delete", timeoutSeconds = 0): Operation {
  const op: Operation = { signal: cancellationSignal() };
  if (timeoutSeconds > 0) op.timeout = { seconds: timeoutSeconds, source: `customTimeouts.${kind}` };
  return op;
}

/** How long an operation's waits may take, and the words that name that bound in an error. */
export interface WaitBudget {
  ms: number;
  /** e.g. `customTimeouts.create of 5s, which overrides waitTimeoutSeconds`; undefined for waitTimeoutSeconds itself. */
  source?: string;
}

/** The request's time-out when it has one, else `waitTimeoutSeconds`. */
export function waitBudget(waitTimeoutSeconds: number, op: Operation = {}): WaitBudget {
  if (!op.timeout) return { ms: waitTimeoutSeconds * 1000 };
  const { seconds, source } = op.timeout;
  return { ms: seconds * 1000, source: `${source} of ${seconds}s, which overrides waitTimeoutSeconds` };
}

/**
 * `clock.sleep(ms)` that ends at once, rejected with the signal's reason, when `signal` aborts
 * (a Fleet's pause between batches: Ctrl-C must not wait it out).
 */
export function sleepUnlessCancelled(clock: { sleep(ms: number): Promise<void> }, ms: number, signal?: AbortSignal): Promise<void> {
  if (!signal) return clock.sleep(ms);
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    clock.sleep(ms).then(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, reject);
  });
}
