// A wait that ends on an AbortSignal (the engine's Cancel): the one way every part that waits
// listens to its signal (the rate limiter's queue and its coordinator's take, the status
// waiter's waits and reads). It settles once: by the wait's own answer, or by the signal's
// reason when the signal aborts first; the listener is removed either way, so a long-lived
// signal (one per process) does not collect a listener per request.

/** Settles the wait: with its answer, or with an error. */
export type Settle<T> = (resolve: (value: T) => void, reject: (error: unknown) => void) => void;

/**
 * Runs `start`, which settles the wait through the two functions it is given (now or later).
 * When `signal` aborts first, `onAbort` runs (to take the waiter out of a queue) and the
 * promise rejects with the signal's reason; a later answer is then ignored. A signal already
 * aborted rejects at once, after `onAbort`, without calling `start`.
 */
export function abortableWait<T>(signal: AbortSignal | undefined, start: Settle<T>, onAbort?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      onAbort?.();
      return reject(signal.reason);
    }
    let settled = false;
    const abort = () => {
      if (settled) return;
      settled = true;
      onAbort?.();
      reject(signal?.reason);
    };
    const done =
      <A>(settle: (a: A) => void) =>
      (a: A) => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener("abort", abort);
        settle(a);
      };
    signal?.addEventListener("abort", abort, { once: true });
    start(done(resolve), done(reject));
  });
}

/**
 * `promise`, or the signal's reason when `signal` aborts first (then `onAbort` runs; the work
 * behind `promise` is left to finish). Without a signal, `promise` itself.
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined, onAbort?: () => void): Promise<T> {
  if (!signal) return promise;
  return abortableWait<T>(signal, (resolve, reject) => void promise.then(resolve, reject), onAbort);
}
