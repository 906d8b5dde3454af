// The fake clock of the unit tests: provider/api/clock.ts's Clock over @sinonjs/fake-timers,
// so a test runs a part that waits in virtual time and asserts what happened at which virtual
// millisecond. Nothing advances unless the test ticks; `tick` lets promises settle between
// timers (fake-timers' tickAsync), so async code runs as it would between real timers.
import * as FakeTimers from "@sinonjs/fake-timers";
import type { Clock, Timer } from "../../provider/api/time/clock";

/** A realistic epoch, a whole second (Retry-After and X-RateLimit-Reset count whole seconds). */
export const EPOCH = Date.UTC(2026, 0, 1);

export interface FakeClock extends Clock {
  /** Virtual milliseconds since the clock started. */
  elapsed(): number;
  /** Advances by `ms`, running every timer due on the way and the promises they settle. */
  tick(ms: number): Promise<void>;
  /** Runs timers until none is left (fails on a loop of more than `loopLimit` timers). */
  runAll(): Promise<void>;
  /** Lets pending promises settle without moving the clock. */
  flush(): Promise<void>;
  /** Timers pending. */
  pending(): number;
}

export function fakeClock(start = EPOCH, loopLimit = 100_000): FakeClock {
  const fake = FakeTimers.createClock(start, loopLimit);
  return {
    now: () => fake.now,
    elapsed: () => fake.now - start,
    sleep: (ms) => new Promise<void>((resolve) => fake.setTimeout(() => resolve(), ms)),
    setTimeout: (fn, ms) => fake.setTimeout(fn, ms) as unknown as Timer,
    clearTimeout: (timer) => timer !== undefined && fake.clearTimeout(timer as unknown as FakeTimers.TimerId),
    setInterval: (fn, ms) => fake.setInterval(fn, ms) as unknown as Timer,
    clearInterval: (timer) => timer !== undefined && fake.clearInterval(timer as unknown as FakeTimers.TimerId),
    tick: async (ms) => void (await fake.tickAsync(ms)),
    runAll: async () => void (await fake.runAllAsync()),
    flush: async () => void (await fake.tickAsync(0)),
    pending: () => fake.countTimers(),
  };
}
