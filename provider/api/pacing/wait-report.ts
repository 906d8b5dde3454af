// The words of a rate-limit wait: how many requests queue, what share of the key's rate this
// process has, whether others use the key, and about how long is left. One line, reported at
// most every ~10 s by the limiter, so a person knows why `up` is slow without a line per request.
// WaitReporter decides when: while requests wait more than a few seconds, `onWait` hears how
// many, this process's share and the time left, at most every `waitReportMs`.

export interface WaitReport {
  queued: number;
  /** The key's rate limit. */
  perMinute: number;
  /** What this process counts on now. */
  sharePerMinute: number;
  /** Others' estimated use of the same key (0: this process seems alone). */
  othersPerMinute: number;
  etaMs: number;
  message: string;
}

function describeWait(w: Omit<WaitReport, "message">): WaitReport {
  const share = Math.round(w.sharePerMinute);
  const sharing =
    w.othersPerMinute > 0
      ? `sharing the key with other processes (about ${Math.round(w.othersPerMinute)}/min); this process's share ${share}/min of ${Math.round(w.perMinute)}/min`
      : `this process has the key's ${Math.round(w.perMinute)}/min to itself`;
  const message =
    `hosting API rate limit: ${w.queued} request${w.queued === 1 ? "" : "s"} waiting; ${sharing}; ` +
    `about ${formatDuration(w.etaMs)} left at this pace`;
  return { ...w, message };
}

function formatDuration(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
}

export interface WaitReportOptions {
  /** Told about long waits (at most every `waitReportMs`). @default no-op */
  onWait?: (report: WaitReport) => void;
  /** How long requests wait before `onWait` hears of it, in ms. @default 3000 */
  waitReportAfterMs?: number;
  /** Least time between two reports, in ms. @default 10000 */
  waitReportMs?: number;
}

/** When the rate limiter reports a wait, and how long it may sleep without missing a report. */
export class WaitReporter {
  private last = -Infinity;

  constructor(private readonly opts: WaitReportOptions) {}

  /**
   * Reports at most every waitReportMs, while the oldest request (waiting since `oldestAt`) has
   * waited waitReportAfterMs; `measure` is asked only then.
   */
  report(now: number, oldestAt: number, measure: () => Omit<WaitReport, "message">): void {
    const onWait = this.opts.onWait;
    if (!onWait || now - this.last < this.everyMs()) return;
    if (now - oldestAt < (this.opts.waitReportAfterMs ?? 3000)) return;
    this.last = now;
    onWait(describeWait(measure()));
  }

  /** When to wake for a wait until `wanted`: a long wait still wakes every waitReportMs, so it can be reported. */
  wakeAt(wanted: number, now: number): number {
    return this.opts.onWait ? Math.min(wanted, now + this.everyMs()) : wanted;
  }

  private everyMs(): number {
    return this.opts.waitReportMs ?? 10_000;
  }
}
