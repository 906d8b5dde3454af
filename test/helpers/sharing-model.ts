// A deterministic model of K processes sharing one API key (style guide, "Time"): each process
// runs a real limiter, the API is an in-memory token bucket with the simulator's own rules
// (simulator/rate-limit.ts: the bucket, the X-RateLimit-* headers and retry_after it answers),
// and everything happens in virtual time on one fake clock. The same inputs give the same
// requests at the same virtual milliseconds on any machine, however busy, so a test asserts
// exact numbers: 429s, each process's share, the share taken over after a crash.
//
// A process creates its servers all at once, as bench/soak/worker.ts does: each create takes a
// token from its limiter (`acquire`), travels `latencyMs / 2` to the bucket, which admits it
// (the server is created) or refuses it (429), travels back, and the limiter hears the answer
// (`observe`); a 429 is sent again at once (the limiter holds it until retry_after, as the
// client's retry does, here without p-retry's few milliseconds of back-off). A killed process
// stops at its next step: nothing it had not sent reaches the bucket.
//
// Any limiter plugs in through `ModelLimiter` (the product's Pacer: acquire, observe):
// `headerLimiter` is the product's header cooperation (provider/api/pacing/rate-limiter.ts), and
// `headerLimiter({ coordinator })` runs it with a RateCoordinator. A coordinator shared by the
// processes (Redis's, say) is a factory that closes over one in-memory store on the same clock:
// `idealSharedBucket` is one, and sharing-model.test.ts's control shows the wiring. A 429 in
// `arrivals` is a grant beyond the API's bucket.
import { RateLimiter as ApiBucket } from "../../simulator/rate-limit";
import type { KeyRecord } from "../../simulator/store/types";
import type { RateCoordinator } from "../../provider/api/pacing/coordinator";
import type { Pacer } from "../../provider/api/pacing/pacer";
import { RateLimiter, type RateLimiterOptions } from "../../provider/api/pacing/rate-limiter";
import type { Clock } from "../../provider/api/time/clock";
import type { RequestPriority } from "../../provider/api/wire/types";
import type { FakeClock } from "./fake-clock";

/**
 * What the model needs from a limiter: the product's own Pacer interface (provider/api/pacing/
 * pacer.ts), a token before each request (`acquire`) and every answer after it (`observe`, with
 * a 429's retry_after in Unix seconds). Anything the client takes as its `pacer` plugs in.
 */
export type ModelLimiter = Pick<Pacer, "acquire" | "observe">;

export interface ProcessContext {
  /** 0..K-1 */
  index: number;
  clock: Clock;
  /** Seeded per process, so jitter is random but repeatable. */
  random: () => number;
}

export type LimiterFactory = (process: ProcessContext) => ModelLimiter;

/** The product's header cooperation: the RateLimiter of provider/api with the client's defaults. */
export function headerLimiter(extra: Partial<RateLimiterOptions> = {}): LimiterFactory {
  return ({ clock, random }) => new RateLimiter({ ratePerMinute: 60, burst: 100, maxPauseMs: 120_000, logger: () => undefined, clock, random, ...extra });
}

export interface ModelRun {
  clock: FakeClock;
  tier: { perMinute: number; burst: number };
  processes: number;
  serversPerProcess: number;
  limiter: LimiterFactory;
  /** Round trip of one request; the bucket counts it halfway. @default 20 */
  latencyMs?: number;
  /** Kill process `process` (as SIGKILL would) at `atMs` virtual ms after the start. */
  kill?: { process: number; atMs: number };
  /** 429s in a row after which a create gives up (the client's 20 free 429 retries). @default 21 */
  maxRateLimited?: number;
  /** Seed of the processes' randomness. @default 1 */
  seed?: number;
  /** The model fails past this much virtual time (a limiter that never grants). @default 1 hour */
  maxVirtualMs?: number;
}

/** One request as the bucket saw it. */
export interface Arrival {
  at: number;
  process: number;
  admitted: boolean;
  label?: string;
}

export interface ModelResult {
  arrivals: Arrival[];
  /** How many times each label was created. */
  created: Map<string, number>;
  /** Virtual ms at which each process had created all its servers (undefined: killed or gave up). */
  finishedAt: (number | undefined)[];
  gaveUp: number;
}

/** The API's bucket in the model: one key, requests that take `latencyMs` there and back. */
export class ModelApi {
  readonly arrivals: Arrival[] = [];
  /** How many times each label was created (admitted). */
  readonly created = new Map<string, number>();
  private readonly bucket = new ApiBucket();
  private readonly key: KeyRecord;
  private readonly start: number;

  /** `perMinute` 0 is an unlimited (enterprise) key. */
  constructor(
    private readonly clock: FakeClock,
    tier: { perMinute: number; burst: number },
    private readonly latencyMs = 20,
  ) {
    this.key = { key: "model-key", permission: "full", tier: tier.perMinute > 0 ? "custom" : "enterprise", limit: tier.perMinute, burst: tier.burst, revoked: false };
    this.start = clock.elapsed();
  }

  /** Virtual ms since the model started. */
  at(): number {
    return this.clock.elapsed() - this.start;
  }

  /**
   * One attempt: a token from the limiter, half the latency to the bucket (which admits or
   * refuses it), half back, and the limiter hears the answer. Undefined when `alive` turned false
   * on the way (a killed process: what it had not sent never reaches the bucket).
   */
  async attempt(process: number, limiter: ModelLimiter, priority: RequestPriority, label?: string, alive: () => boolean = () => true): Promise<boolean | undefined> {
    const ticket = await limiter.acquire(priority);
    if (!alive()) return undefined;
    await this.clock.sleep(this.latencyMs / 2);
    if (!alive()) return undefined;
    const verdict = this.bucket.take(this.key, this.clock.now());
    this.arrivals.push({ at: this.at(), process, admitted: verdict.allowed, ...(label !== undefined ? { label } : {}) });
    if (verdict.allowed && label !== undefined) this.created.set(label, (this.created.get(label) ?? 0) + 1);
    await this.clock.sleep(this.latencyMs / 2);
    if (!alive()) return undefined;
    const headers = new Map(Object.entries(verdict.headers).map(([h, v]) => [h.toLowerCase(), v]));
    limiter.observe(ticket, verdict.allowed ? 200 : 429, (name) => headers.get(name.toLowerCase()), verdict.retryAfter);
    return verdict.allowed;
  }

  /** Attempts until admitted, as the client retries a 429 (up to `maxRateLimited` times); false when it gave up or died. */
  async request(process: number, limiter: ModelLimiter, priority: RequestPriority, label?: string, alive?: () => boolean, maxRateLimited = 21): Promise<boolean> {
    for (let refused = 0; refused < maxRateLimited; refused++) {
      const admitted = await this.attempt(process, limiter, priority, label, alive);
      if (admitted === undefined) return false;
      if (admitted) return true;
    }
    return false;
  }

  /** Someone else on the same key takes a token now (another tool, behind the processes' backs). */
  takeBehindTheirBacks(): boolean {
    return this.bucket.take(this.key, this.clock.now()).allowed;
  }
}

export async function runModel(run: ModelRun): Promise<ModelResult> {
  const { clock, processes: k, serversPerProcess: m } = run;
  const api = new ModelApi(clock, run.tier, run.latencyMs ?? 20);
  const finishedAt: (number | undefined)[] = Array.from({ length: k }, () => undefined);
  const dead = new Set<number>();
  let gaveUp = 0;

  const work = Array.from({ length: k }, async (_, p) => {
    const limiter = run.limiter({ index: p, clock, random: mulberry32((run.seed ?? 1) * 7919 + p) });
    const alive = () => !dead.has(p);
    const create = async (i: number) => {
      const done = await api.request(p, limiter, "mutation", `p${p}-${i}`, alive, run.maxRateLimited ?? 21);
      if (!done && alive()) gaveUp++;
      return done;
    };
    const done = await Promise.all(Array.from({ length: m }, (_, i) => create(i)));
    if (done.every(Boolean)) finishedAt[p] = api.at();
  });
  if (run.kill) {
    const { process, atMs } = run.kill;
    void clock.sleep(atMs).then(() => dead.add(process));
  }
  // Survivors finish; a killed process's work never settles, so wait for the others only.
  let settled = 0;
  for (const [p, w] of work.entries()) void w.then(() => (run.kill?.process === p ? undefined : settled++));
  const expected = k - (run.kill ? 1 : 0);
  const limit = run.maxVirtualMs ?? 3_600_000;
  while (settled < expected) {
    if (api.at() > limit) throw new Error(`the model ran past ${limit} virtual ms`);
    await clock.tick(100);
  }
  return { arrivals: api.arrivals, created: api.created, finishedAt, gaveUp };
}

/** A small seeded PRNG (mulberry32): random, but the same on every run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Admitted requests of each process in [from, to) virtual ms. */
export function admittedBetween(arrivals: readonly Arrival[], processes: number, from: number, to: number): number[] {
  const n = Array.from({ length: processes }, () => 0);
  for (const a of arrivals) if (a.admitted && a.at >= from && a.at < to) n[a.process]!++;
  return n;
}

/**
 * The simplest coordinator that can plug into the model: one exact token bucket shared by every
 * process (GCRA, on the model's clock as a Redis script would be on Redis's), granting in
 * arrival order. It shows how a shared coordinator plugs in, and it is the model's own control:
 * a limiter that never grants beyond the API's bucket must meet no 429 here.
 */
export function idealSharedBucket(clock: Clock, tier: { perMinute: number; burst: number }, marginMs = 1): (ctx: ProcessContext) => RateCoordinator {
  const interval = 60_000 / tier.perMinute;
  const tolerance = (tier.burst - 1) * interval;
  let tat = -Infinity; // the theoretical arrival time of the next request (GCRA)
  const take = async (): Promise<"granted"> => {
    const now = clock.now();
    const next = Math.max(tat, now);
    tat = next + interval;
    // A grant at the very instant a token is due can meet the bucket a hair short of it (its
    // refill is floating-point: 0.08 + 230 × 0.004 < 1), hence a margin of a millisecond.
    const wait = next - tolerance - now;
    if (wait > 0) await clock.sleep(wait + marginMs);
    return "granted";
  };
  return () => ({ take, mutationWaiting: () => () => undefined, learn: () => undefined });
}
