// A wait that ends on an AbortSignal (the engine's Cancel): the one way every part that waits
// listens to its signal (the rate limiter's queue and its coordinator's take, the status
// waiter's waits and reads, the retries' back-off, the pauses). It settles once: by the wait's
// own answer, or by the signal's reason when the signal aborts first.
//
// All waits on one signal listen through one listener on it (`whenAborted`): Node's EventTarget
// adds and removes each listener in time that grows with the listeners already there, so a
// listener per wait on the process's one signal costs time quadratic in the requests waiting.
// The listener goes when the last wait on it ends, so a long-lived signal keeps nothing.

/** The callbacks of each signal's one listener, in the order they were added. */
const listening = new WeakMap<AbortSignal, { callbacks: Set<() => void>; listener: () => void }>();

/**
 * Calls `callback` once when `signal` (not aborted yet) aborts, through the one listener that
 * all callbacks on `signal` share; returns the function that takes `callback` back (the listener goes with the
 * last one). Callbacks run in the order they were added; one that throws does not stop the
 * others (its error is thrown on a later tick, as an EventTarget listener's is).
 */
export function whenAborted(signal: AbortSignal, callback: () => void): () => void {
  let entry = listening.get(signal);
  if (!entry) {
    const callbacks = new Set<() => void>();
    const listener = () => {
      listening.delete(signal);
      for (const run of callbacks) {
        try {
          run();
        } catch (e) {
          process.nextTick(() => {
            throw e;
          });
        }
      }
      callbacks.clear();
    };
    entry = { callbacks, listener };
    listening.set(signal, entry);
    signal.addEventListener("abort", listener, { once: true });
  }
  const { callbacks, listener } = entry;
  // A callback object of its own, so the same function added twice is two callbacks.
  const own = () => callback();
  callbacks.add(own);
  return () => {
    if (!callbacks.delete(own) || callbacks.size > 0) return;
    listening.delete(signal);
    signal.removeEventListener("abort", listener);
  };
}

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
    const stop = signal
      ? whenAborted(signal, () => {
          if (settled) return;
          settled = true;
          onAbort?.();
          reject(signal.reason);
        })
      : undefined;
    const done =
      <A>(settle: (a: A) => void) =>
      (a: A) => {
        if (settled) return;
        settled = true;
        stop?.();
        settle(a);
      };
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

/**
 * A signal of its own that aborts, with the same reason, when `signal` does, for a part that
 * adds its own listeners (p-retry's back-off): they go on this signal, and `signal` keeps its
 * one listener. Call `unlink` when the work ends. Without a signal, or an aborted one, `signal`
 * itself.
 */
export function linkedSignal(signal: AbortSignal | undefined): { signal: AbortSignal | undefined; unlink: () => void } {
  if (!signal || signal.aborted) return { signal, unlink: () => undefined };
  const own = new AbortController();
  const unlink = whenAborted(signal, () => own.abort(signal.reason));
  return { signal: own.signal, unlink };
}
