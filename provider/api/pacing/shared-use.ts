// How much of the key's rate limit other processes are using, inferred from the API's own
// `X-RateLimit-Remaining` with nothing shared but the API (so it works across machines).
// Between two answers the server's bucket gains `rate × elapsed` (up to its capacity) and loses
// one token per request it admitted; this process's own requests are known, so the rest of the
// drop was spent by someone else with the same key. The unexplained drop is summed with its
// sign and decays with a time constant of `tauMs`, so a rounding error in one answer is undone
// by the next; a dead band of a few tokens (never wider than the bucket) keeps that noise from
// looking like another process. A process's first answer has none before it: what it shows
// missing from a full bucket (`X-RateLimit-Reset`), less our own request, counts as the
// others' (firstAnswerOthers).

export class SharedUse {
  /** Signed tokens spent by others, decayed. */
  private othersTokens = 0;
  /** Tokens this process spent, decayed the same way (its own rate, for its share). */
  private ownTokens = 0;
  private at: number;
  private first: number | undefined;
  private last: { at: number; remaining: number } | undefined;
  private ownSinceLast = 0;
  /** The server bucket's capacity at the last answer (caps the dead band). */
  private capacity = Infinity;
  /** Ten tokens' worth of the key's rate: 10 s on the default tier (60/min). */
  private tauMs = 10_000;

  constructor(
    now: number,
    private readonly deadBand = 2,
  ) {
    this.at = now;
  }

  /**
   * An answer to one of our requests that the server admitted (anything but a 429, which
   * takes no token). Counted when answered, not when sent: until then the server may not have
   * seen it. Those in flight that it has seen make `Remaining` look low for a moment; the
   * caller allows for them (see othersPerMs) and their answers undo it.
   */
  admitted(): void {
    this.ownSinceLast++;
    this.ownTokens++;
  }

  /**
   * An answer's `Remaining`, with the server's rate and bucket capacity at that time, and the
   * time until the bucket is full again (`X-RateLimit-Reset` less now) when the answer said.
   */
  observe(now: number, remaining: number, ratePerMs: number, capacity: number, fullInMs?: number): void {
    this.tauMs = Math.max(1000, 10 / Math.max(ratePerMs, 1e-6));
    this.decay(now);
    this.first ??= now;
    if (this.last) {
      const expected = Math.min(capacity, this.last.remaining + (now - this.last.at) * ratePerMs) - this.ownSinceLast;
      this.othersTokens += expected - remaining;
    } else if (fullInMs !== undefined) {
      this.othersTokens += firstAnswerOthers(fullInMs, ratePerMs, this.ownSinceLast, this.tauMs);
    }
    this.last = { at: now, remaining };
    this.ownSinceLast = 0;
    this.capacity = capacity;
  }

  /**
   * Others' estimated use in tokens per millisecond (0 within the dead band and our requests
   * in flight). It fades between answers, so a process that waits long (others gone, or a
   * burst of theirs taken for a rate) tries again and learns from the next answer.
   */
  othersPerMs(now: number, inFlight = 0): number {
    this.decay(now);
    const band = Math.min(this.deadBand, this.capacity);
    return Math.max(0, this.othersTokens - band - inFlight) / this.window();
  }

  /** This process's own recent use in tokens per millisecond, as of the last answer. */
  ownPerMs(): number {
    return Math.max(0, this.ownTokens) / this.window();
  }

  /** The decayed sums' weight in ms: tau, or less while we have watched for less long. */
  private window(): number {
    const watched = this.first === undefined ? 0 : this.at - this.first;
    return Math.max(this.tauMs * (1 - Math.exp(-watched / this.tauMs)), this.tauMs / 2);
  }

  private decay(now: number): void {
    if (now <= this.at) return;
    const f = Math.exp(-(now - this.at) / this.tauMs);
    this.othersTokens *= f;
    this.ownTokens *= f;
    this.at = now;
  }
}

/**
 * What a process's first answer shows of the others: the tokens the bucket lacks from full, less
 * our own. `Reset` is the full time rounded up to a whole second, so the bucket lacks more than
 * `(fullInMs - 1000) × rate` tokens: that lower bound is all we count (nothing on a fast tier,
 * where a second is many tokens). Someone spent them, and recently: the bucket refills. A
 * process that starts beside others already spending the key would otherwise take the empty
 * bucket for its own and race them for every token (most 429s at 4 and 8 stacks were such a
 * newcomer's, refused again and again: a 429 takes no token, so the others never saw it). At
 * most `tauMs` of the key's rate, "busy all along": the estimate then decays as any other.
 */
function firstAnswerOthers(fullInMs: number, ratePerMs: number, own: number, tauMs: number): number {
  const lacking = (fullInMs - 1000) * ratePerMs - own;
  return Math.min(Math.max(0, lacking), tauMs * ratePerMs);
}
