// The words of a rate-limit wait: how many requests queue, what share of the key's rate this
// process has, whether others use the key, and about how long is left. One line, reported at
// most every ~10 s by the limiter, so a person knows why `up` is slow without a line per request.

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

export function describeWait(w: Omit<WaitReport, "message">): WaitReport {
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
