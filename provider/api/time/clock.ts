// The one clock of every part that waits (the status waiter, the list snapshot, the rate
// limiter, the Redis coordinator's marker and poll yield, the engine watchdog): each takes it
// from its options, the product passes `realClock`, and the unit tests pass a fake one
// (test/helpers/fake-clock.ts, over @sinonjs/fake-timers) to assert what happened at which
// virtual millisecond instead of betting on a wall-clock window.

/** A pending timer; `unref` so that it never keeps a finished process alive. */
export interface Timer {
  unref(): unknown;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  sleep(ms: number): Promise<void>;
  setTimeout(fn: () => void, ms: number): Timer;
  clearTimeout(timer: Timer | undefined): void;
  setInterval(fn: () => void, ms: number): Timer;
  clearInterval(timer: Timer | undefined): void;
}

/** Node's own timers and Date.now, looked up at each call (so a test's global fake reaches them too). */
export const realClock: Clock = Object.freeze({
  now: () => Date.now(),
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (timer: Timer | undefined) => clearTimeout(timer as NodeJS.Timeout | undefined),
  setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
  clearInterval: (timer: Timer | undefined) => clearInterval(timer as NodeJS.Timeout | undefined),
});
