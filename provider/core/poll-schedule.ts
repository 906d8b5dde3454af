// When the status waiter's next poll goes (status-waiter.ts): at the earliest waiter's due
// time, or later, at the due time of a waiter after it, so that one list answers them all, as
// long as no waiter it serves goes past its own gathering time (a share of the API's estimate;
// none for a waiter without one, such as a power action's, or after its first poll); and never
// after the earliest deadline. Servers created one per token (a fleet paced by the rate limit)
// are due one per token too: without the gathering their first polls cost a list each.
//
// The waiter asks after every wait it adds and every one that leaves, so the answer is kept and
// brought up to date by each change instead of sorting every waiter each time: a Fleet of N
// members adds N waits, and a sort per wait made registering them cost N² log N.

/** What the schedule reads of a waiter. */
export interface Scheduled {
  dueAt: number;
  /** The API's estimate, of which its first poll's gathering is a share (0 without one). */
  estimateMs: number;
  deadline: number;
}

/** The gathering worked out so far: the poll's time, and the latest time a waiter it serves allows. */
interface Gathering {
  at: number;
  latest: number;
  share: number;
}

export class PollSchedule<E extends Scheduled> {
  private gathering: Gathering | undefined;
  /** The earliest deadline, or undefined when it must be found again. */
  private earliestDeadline: number | undefined = Infinity;

  constructor(private readonly entries: ReadonlySet<E>) {}

  /** A waiter joined `entries`. */
  added(e: E): void {
    if (this.earliestDeadline !== undefined) this.earliestDeadline = Math.min(this.earliestDeadline, e.deadline);
    const g = this.gathering;
    if (!g) return;
    // Due before the poll: it may start a gathering of its own. Due within the gathering: the poll waits for it.
    if (e.dueAt < g.at) this.gathering = undefined;
    else if (e.dueAt <= g.latest) this.gathering = { at: e.dueAt, latest: Math.min(g.latest, e.dueAt + e.estimateMs * g.share), share: g.share };
  }

  /** A waiter left `entries`. */
  removed(e: E): void {
    if (this.earliestDeadline === e.deadline) this.earliestDeadline = undefined;
    // One the poll serves: without it the gathering may start later or reach further.
    if (this.gathering && e.dueAt <= this.gathering.at) this.gathering = undefined;
  }

  /** Waiters' due times changed (after a poll). */
  moved(): void {
    this.gathering = undefined;
  }

  /** When the next poll goes, with `share` of each first estimate to gather; Infinity with no waiter. */
  nextAt(share: number): number {
    if (this.gathering?.share !== share) this.gathering = this.gather(share);
    if (this.earliestDeadline === undefined) {
      let d = Infinity;
      for (const e of this.entries) d = Math.min(d, e.deadline);
      this.earliestDeadline = d;
    }
    return Math.min(this.gathering.at, this.earliestDeadline);
  }

  private gather(share: number): Gathering {
    let at = Infinity;
    let latest = Infinity;
    for (const e of [...this.entries].sort((a, b) => a.dueAt - b.dueAt)) {
      if (e.dueAt > latest) break;
      at = e.dueAt;
      latest = Math.min(latest, e.dueAt + e.estimateMs * share);
    }
    return { at, latest, share };
  }
}
