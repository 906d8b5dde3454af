// Progress of long work, for the person watching `pulumi up` (docs/guide/progress.md): a
// Server's wait for `active`, a Fleet's creates, updates and deletes (n of N), a roll's batches.
// Each operation context carries one reporter, made by the provider process from the sink its
// face gives for the request; a request without a sink gets `silentProgress`.
//
// A reporter sends few lines. A wait says nothing until it has lasted `quietMs`, then one line
// every `intervalMs` until it ends. A count says where it is each time it passes one of `steps`
// equal parts of its total, when `intervalMs` has gone by since its last line, and at its end.
// A status (a roll's batch k of n) goes at once: each is a step. The time comes from the
// operation's clock, so tests assert each line's virtual millisecond.

import type { Clock, Timer } from "../api/time/clock";

/** Where one status line goes (the plugin: the engine's progress display of the resource). */
export type StatusSink = (message: string) => void;

export interface ProgressTimings {
  /** A wait shorter than this reports nothing. @default 5000 */
  quietMs: number;
  /** Time between two lines of one wait; a count's line between two of its steps comes no sooner. @default 10000 */
  intervalMs: number;
  /** A count reports each time it passes one of this many equal parts of its total. @default 10 */
  steps: number;
}

export const DEFAULT_PROGRESS_TIMINGS: Readonly<ProgressTimings> = { quietMs: 5000, intervalMs: 10000, steps: 10 };

/** A count of things done, of a total given when it began. */
export interface Tally {
  /** One more is done. */
  tick(): void;
}

export interface Progress {
  /** One line now: a step of the work (a roll's batch k of n). */
  status(message: string): void;
  /** Runs `work`; once it has lasted `quietMs`, reports `describe(elapsedMs)` every `intervalMs` until it ends. */
  during<T>(describe: (elapsedMs: number) => string, work: () => Promise<T>): Promise<T>;
  /** A count of `total` things, reported as "<done> of <total> <what>". */
  count(what: string, total: number): Tally;
}

const NO_TALLY: Tally = { tick: () => undefined };

/** The reporter of a request nobody watches (and of a fleet's members: the fleet's counts speak for them). */
export const silentProgress: Progress = Object.freeze({
  status: () => undefined,
  during: <T>(_describe: (elapsedMs: number) => string, work: () => Promise<T>) => work(),
  count: () => NO_TALLY,
});

/** A reporter sending its lines to `sink`, timed by `clock`. */
export function progressReporter(sink: StatusSink, clock: Pick<Clock, "now" | "setTimeout" | "clearTimeout">, timings: Partial<ProgressTimings> = {}): Progress {
  const t: ProgressTimings = { ...DEFAULT_PROGRESS_TIMINGS, ...timings };
  return {
    status: (message) => sink(message),
    async during(describe, work) {
      const started = clock.now();
      let timer: Timer | undefined;
      // The time the timers were set for so far. Node's timers run on a monotonic clock and may
      // fire a millisecond before Date.now() says they are due: a line says at least this much.
      let due = 0;
      const schedule = (ms: number) => {
        due += ms;
        timer = clock.setTimeout(() => {
          sink(describe(Math.max(clock.now() - started, due)));
          schedule(t.intervalMs);
        }, ms);
        // A reporter's timer never keeps a finished process alive.
        timer.unref();
      };
      schedule(t.quietMs);
      try {
        return await work();
      } finally {
        clock.clearTimeout(timer);
      }
    },
    count(what, total) {
      if (total <= 0) return NO_TALLY;
      let done = 0;
      let step = 0;
      let lastAt = clock.now();
      return {
        tick() {
          done++;
          const now = clock.now();
          const reached = Math.floor((Math.min(done, total) * t.steps) / total);
          if (reached === step && done < total && now - lastAt < t.intervalMs) return;
          step = reached;
          lastAt = now;
          sink(`${done} of ${total} ${what}`);
        },
      };
    },
  };
}

/** Whole seconds, or minutes and seconds from a minute on: "45 s", "2 min 5 s". */
export function elapsedText(ms: number): string {
  const s = Math.floor(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}
