// The one status waiter of the provider process. Every server that waits (for `active` after
// create, for `stopped`/`active` after a power action, for its absence after delete) registers
// here, and one list call per poll answers all of them: newest first, stopping once it has seen
// every server due, so a wait for servers just made reads the newest page; only a list walked to
// its end proves a server gone. Reads less than `readBatchMs` apart share one list call (or one
// GET when alone), up to `readBatchMaxMs` after the first; each full list answers the engine's
// Reads for `readSnapshotMs` (list-snapshot.ts). Polls go at the lowest priority ("poll"). A first
// poll comes at the API's provisioning estimate or a little later to share a list, else after
// `initialPollMs`, growing by `backoff` up to `maxPollMs` (`WaiterTimings`; time from `clock`).
// A wait or read whose `signal` aborts leaves at once (abortable.ts); a poll queued for its token
// when no waiter is left is dropped. What a user sees: docs/guide/servers.md#create-delete-refresh.

import { abortableWait } from "../api/time/abortable";
import { realClock, type Clock, type Timer } from "../api/time/clock";
import type { HostingApi, Server } from "../api/wire/types";
import { ListSnapshot } from "./list-snapshot";
import { PollSchedule } from "./poll-schedule";
import type { WaiterReadOptions, WaitOutcome, WaitRequest, Waiter } from "./waiter-types";

export type { WaiterReadOptions, Verdict, WaitOutcome, WaitRequest, Waiter } from "./waiter-types";

export interface WaiterTimings {
  /** First poll when the API gave no estimate, and the interval after the first poll. @default 1000 */
  initialPollMs: number;
  /** Growth of the interval after each poll. @default 1.5 */
  backoff: number;
  /** Longest interval between two polls of one waiter. @default 10000 */
  maxPollMs: number;
  /** Waiters due within this much of a poll are served by it instead of a poll of their own. @default 250 */
  batchSlackMs: number;
  /**
   * How late a server's first poll may go, as a share of the API's provisioning estimate, to share
   * one list with the servers due after it (see schedule()). @default 0.25
   */
  estimateGather: number;
  /** The same while other processes are seen spending the key (HostingApi.keyShared): their creates wait for our polls' tokens. @default 1 */
  sharedKeyGather: number;
  /** How long a batch of reads waits for the next read before one list call serves them. @default 25 */
  readBatchMs: number;
  /** Longest a read waits for company while reads keep arriving. @default 1000 */
  readBatchMaxMs: number;
  /** How long a full list answers `read(id, { snapshot: true })` of the servers in it; 0 turns it off. @default 30000 */
  readSnapshotMs: number;
  /** How long a server may be missing from the list just after create (eventual consistency). @default 30000 */
  absenceGraceMs: number;
  /** List calls that may fail in a row (after the client's own retries) before waiters are failed. @default 3 */
  maxListFailures: number;
}

export const DEFAULT_WAITER_TIMINGS: Readonly<WaiterTimings> = {
  initialPollMs: 1000,
  backoff: 1.5,
  maxPollMs: 10000,
  batchSlackMs: 250,
  estimateGather: 0.25,
  sharedKeyGather: 1,
  readBatchMs: 25,
  readBatchMaxMs: 1000,
  readSnapshotMs: 30000,
  absenceGraceMs: 30000,
  maxListFailures: 3,
};

export interface StatusWaiterOptions {
  /** @default realClock */
  clock?: Clock;
  /** Laid over DEFAULT_WAITER_TIMINGS (tests shrink them to milliseconds). @default DEFAULT_WAITER_TIMINGS */
  timings?: Partial<WaiterTimings>;
}

interface Entry {
  req: WaitRequest;
  startedAt: number;
  dueAt: number;
  /** The API's estimate, of which its first poll's gathering is a share (0 without one, and after the first poll). */
  estimateMs: number;
  interval: number;
  deadline: number;
  last?: Server;
  observed: boolean;
  resolve: (o: WaitOutcome) => void;
  reject: (e: unknown) => void;
}

interface PendingRead {
  snapshot: boolean;
  resolve: (s: Server | undefined) => void;
  reject: (e: unknown) => void;
}

export class StatusWaiter implements Waiter {
  private readonly entries = new Set<Entry>();
  private readonly pollSchedule = new PollSchedule(this.entries);
  /** A schedule() is queued for the end of this turn (leave(): a Ctrl-C drops every waiter at once). */
  private scheduleQueued = false;
  private timer?: Timer;
  private timerAt = Infinity;
  private polling = false;
  private listFailures = 0;
  private reads = new Map<string, PendingRead[]>();
  private readTimer?: Timer;
  private readBatchStart = 0;
  private readonly clock: Clock;
  private readonly timings: Readonly<WaiterTimings>;
  private readonly snapshot: ListSnapshot;
  /** A snapshot read already went out alone (one GET): the next lone one lists instead. */
  private snapshotReadAlone = false;
  /** The list call of a read batch, while it is on its way (answerFromLists). */
  private readListInFlight: Promise<Server[]> | undefined;
  /** Aborted when the last waiter leaves while a poll waits for its token. */
  private pollAbort: AbortController | undefined;
  /** Polls made (list calls), for tests and benchmarks. */
  polls = 0;

  get absenceGraceMs(): number {
    return this.timings.absenceGraceMs;
  }

  constructor(
    private readonly client: HostingApi,
    opts: StatusWaiterOptions = {},
  ) {
    this.clock = opts.clock ?? realClock;
    this.timings = { ...DEFAULT_WAITER_TIMINGS, ...opts.timings };
    this.snapshot = new ListSnapshot(this.clock);
  }

  wait(req: WaitRequest): Promise<WaitOutcome> {
    let entry: Entry | undefined;
    const start = (resolve: (o: WaitOutcome) => void, reject: (e: unknown) => void) => {
      const now = this.clock.now();
      this.snapshot.touch(req.id);
      const first = Math.max(0, req.firstPollMs ?? this.timings.initialPollMs);
      entry = {
        req,
        startedAt: now,
        dueAt: now + first,
        estimateMs: req.firstPollMs !== undefined ? first : 0,
        interval: this.timings.initialPollMs,
        deadline: now + Math.max(0, req.timeoutMs),
        observed: false,
        resolve,
        reject,
      };
      this.entries.add(entry);
      this.pollSchedule.added(entry);
      this.schedule();
    };
    return abortableWait<WaitOutcome>(req.signal, start, () => entry && this.leave(entry, req.signal?.reason));
  }

  /**
   * Reads one server; concurrent reads share one list call. Undefined when it is gone. With
   * `snapshot`, a server in a recent list is answered from it (list-snapshot.ts).
   */
  read(id: string, opts: WaiterReadOptions = {}): Promise<Server | undefined> {
    const snapshot = opts.snapshot === true && this.timings.readSnapshotMs > 0;
    if (!snapshot) this.snapshot.touch(id); // read to decide a mutation: see list-snapshot.ts
    const listed = snapshot ? this.snapshot.get(id, this.timings.readSnapshotMs) : undefined;
    if (listed) return Promise.resolve(listed);
    // An aborted read is answered at once; the batch's one request goes on for the others.
    return abortableWait<Server | undefined>(opts.signal, (resolve, reject) => {
      const queue = this.reads.get(id) ?? [];
      queue.push({ snapshot, resolve, reject });
      this.reads.set(id, queue);
      // Debounce: each read pushes the flush back by readBatchMs, up to readBatchMaxMs.
      const now = this.clock.now();
      if (!this.readTimer) this.readBatchStart = now;
      else this.clock.clearTimeout(this.readTimer);
      const delay = Math.max(0, Math.min(this.timings.readBatchMs, this.readBatchStart + this.timings.readBatchMaxMs - now));
      this.readTimer = this.clock.setTimeout(() => void this.flushReads(), delay);
    });
  }

  private async flushReads(): Promise<void> {
    this.readTimer = undefined;
    const batch = this.reads;
    this.reads = new Map();
    try {
      const found = await this.fetchReads(batch);
      for (const [id, queue] of batch) for (const r of queue) r.resolve(found(id));
    } catch (e) {
      for (const queue of batch.values()) for (const r of queue) r.reject(e);
    }
  }

  /**
   * One GET for a batch of one, else one list (kept as the snapshot). A second lone snapshot
   * read lists too, so reads the engine sends one at a time still cost one GET and one list.
   */
  private async fetchReads(batch: Map<string, PendingRead[]>): Promise<(id: string) => Server | undefined> {
    const listed = await this.answerFromLists(batch);
    if (listed) return listed;
    const [first] = batch.entries();
    const snapshot = first[1].some((r) => r.snapshot);
    if (batch.size === 1 && !(snapshot && this.snapshotReadAlone)) {
      if (snapshot) this.snapshotReadAlone = true;
      const server = await this.client.getServer(first[0]);
      this.snapshot.touch(first[0]); // fresher than any list kept: never answer it from an older one
      return () => server;
    }
    const byId = new Map((await this.listAll()).map((s) => [s.id, s]));
    return (id) => byId.get(id);
  }

  /**
   * A batch of snapshot reads is answered from the newest list when it can be: a list on its way
   * when the batch is flushed is waited for, and one that answered while the batch was filling
   * is used at once. The engine's next Reads often come before the first list answers, and
   * are answered by it too. Ids the list cannot answer
   * (missing, or touched meanwhile) are fetched as usual. Polls' lists are not waited for: a poll
   * may wait for a token behind every mutation.
   */
  private async answerFromLists(batch: Map<string, PendingRead[]>): Promise<((id: string) => Server | undefined) | undefined> {
    if (![...batch.values()].every((q) => q.every((r) => r.snapshot))) return undefined;
    await this.readListInFlight?.catch(() => undefined);
    const hits = new Map<string, Server>();
    for (const id of batch.keys()) {
      const listed = this.snapshot.get(id, this.timings.readSnapshotMs);
      if (listed) hits.set(id, listed);
    }
    if (hits.size === 0) return undefined;
    const rest = new Map([...batch].filter(([id]) => !hits.has(id)));
    const more = rest.size > 0 ? await this.fetchReads(rest) : () => undefined;
    return (id) => hits.get(id) ?? more(id);
  }

  /** One full list, recorded as the snapshot when it succeeds. */
  private async listAll(): Promise<Server[]> {
    const sent = this.snapshot.begin();
    const listing = this.client.listAllServers();
    this.readListInFlight = listing;
    try {
      const servers = await listing;
      this.snapshot.record(sent, servers);
      return servers;
    } finally {
      if (this.readListInFlight === listing) this.readListInFlight = undefined;
    }
  }

  /**
   * A poll's list: newest first, ending after the last of the `due` servers it sees. `complete`
   * when it went to the end (some due server was not in it): only then does a server missing
   * from it count as gone, and is the list kept as the snapshot.
   */
  private async pollList(due: readonly Entry[], signal: AbortSignal): Promise<{ servers: Map<string, Server>; complete: boolean }> {
    const sent = this.snapshot.begin();
    const unseen = new Set(due.map((e) => e.req.id));
    const stopAfter = (s: Server) => unseen.delete(s.id) && unseen.size === 0;
    const listed = await this.client.listAllServers(undefined, { priority: "poll", signal, newestFirst: true, stopAfter });
    const complete = unseen.size > 0;
    if (complete) this.snapshot.record(sent, listed);
    return { servers: new Map(listed.map((s) => [s.id, s])), complete };
  }

  /** A waiter whose signal aborted (abortableWait rejects it): it leaves now, and a queued poll no one needs is dropped. */
  private leave(e: Entry, reason: unknown): void {
    if (!this.drop(e)) return;
    if (this.entries.size === 0) this.pollAbort?.abort(reason);
    // Once for all the waiters that leave in this turn.
    if (this.scheduleQueued) return;
    this.scheduleQueued = true;
    queueMicrotask(() => {
      this.scheduleQueued = false;
      this.schedule();
    });
  }

  private drop(e: Entry): boolean {
    if (!this.entries.delete(e)) return false;
    this.pollSchedule.removed(e);
    return true;
  }

  private schedule(): void {
    if (this.polling) return; // the running poll schedules the next one when it ends
    // A share of each first estimate to gather (poll-schedule.ts); while other processes spend
    // the key each list is a token their creates wait for, so the gathering is longer then.
    const next = this.pollSchedule.nextAt(this.client.keyShared?.() ? this.timings.sharedKeyGather : this.timings.estimateGather);
    if (next === Infinity) {
      this.clearTimer();
      return;
    }
    // Not only an earlier time: a waiter due later than the timer may widen the earliest one's gathering.
    if (this.timer && this.timerAt === next) return;
    this.clearTimer();
    this.timerAt = next;
    this.timer = this.clock.setTimeout(() => void this.poll(), Math.max(0, next - this.clock.now()));
  }

  private clearTimer(): void {
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
  }

  private async poll(): Promise<void> {
    this.timer = undefined;
    this.timerAt = Infinity;
    this.polling = true;
    try {
      const now = this.clock.now();
      const due = [...this.entries].filter((e) => e.dueAt <= now + this.timings.batchSlackMs || e.deadline <= now);
      if (due.length === 0) return;
      let list: { servers: Map<string, Server>; complete: boolean } | undefined;
      let failure: unknown;
      const abort = (this.pollAbort = new AbortController());
      try {
        this.polls++;
        list = await this.pollList(due, abort.signal);
        this.listFailures = 0;
      } catch (e) {
        if (abort.signal.aborted) return; // every waiter left (cancelled): nothing to settle
        failure = e;
        this.listFailures++;
      } finally {
        this.pollAbort = undefined;
      }
      this.settle(due.filter((e) => this.entries.has(e)), list, failure);
    } finally {
      this.polling = false;
      this.schedule();
    }
  }

  private settle(due: Entry[], list: { servers: Map<string, Server>; complete: boolean } | undefined, failure: unknown): void {
    const now = this.clock.now();
    const isDue = new Set(due);
    // A fresh list answers every waiter, due or not, that it proves something of: someone's
    // poll is everyone's news. A list that stopped early holds every due server, and proves
    // nothing of a server it does not hold.
    for (const e of list ? [...this.entries] : due) {
      if (list) {
        const server = list.servers.get(e.req.id);
        if (!server && !list.complete) continue;
        e.last = server;
        e.observed = true;
        const verdict = e.req.goal(server, now - e.startedAt);
        if (verdict !== "wait") {
          this.finish(e, { outcome: verdict, server, observed: true });
          continue;
        }
      } else if (this.listFailures >= this.timings.maxListFailures || isPermanent(failure)) {
        this.drop(e);
        e.reject(failure);
        continue;
      }
      if (e.deadline <= now) {
        this.finish(e, { outcome: "timeout", server: e.last, observed: e.observed });
      } else if (isDue.has(e)) {
        e.estimateMs = 0;
        e.dueAt = now + e.interval;
        e.interval = Math.min(e.interval * this.timings.backoff, this.timings.maxPollMs);
      }
    }
    this.pollSchedule.moved();
  }

  private finish(e: Entry, outcome: WaitOutcome): void {
    this.drop(e);
    e.resolve(outcome);
  }
}

/** A refusal that waiting cannot cure: 4xx other than 429 (e.g. a revoked key's 401). */
function isPermanent(e: unknown): boolean {
  const status = (e as { status?: unknown })?.status;
  return typeof status === "number" && status >= 400 && status < 500 && status !== 429;
}
