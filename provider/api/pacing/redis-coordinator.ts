// Opt-in exact coordination of one key's rate limit across processes and machines: every
// process takes a token from Redis before each request, from a token bucket on Redis's own
// clock (GCRA, one Lua script and one round trip per grant: gcra-script.ts) of the key's rate
// and a burst a little below the API's (gcra-plan.ts). In each process the waiting requests ask
// one at a time, mutations first (token-gate.ts); across processes a waiting mutation keeps a
// marker alive, and a status poll waits for no marker, at most `maxYieldMs` (mutation-marker.ts).
// The Redis keys are a hash of the base URL and the API key, never the key. ioredis is an
// optional peer dependency loaded on first use (redis-packages.ts). When Redis cannot be
// reached, `take` says "unavailable" and the caller falls back to header-driven pacing: a
// deployment never fails because Redis is down. The connection closes after a second without
// requests; its timers run on the `clock` option.

import type { Redis as RedisClient } from "ioredis";
import type { RateCoordinator } from "./coordinator";
import { bucketPlan } from "./gcra-plan";
import { takeToken } from "./gcra-script";
import { realClock, type Clock, type Timer } from "../time/clock";
import type { RequestPriority } from "../wire/types";
import { MutationMarker } from "./mutation-marker";
import { TokenGate } from "./token-gate";
import { loadRedisPackages, type RedisPackages } from "./redis-packages";

export interface RedisCoordinatorOptions {
  /** `redis://[:password@]host:port/db`, as set by the user. */
  url: string;
  /** A hash of the base URL and the API key: the shared budget's name in Redis. */
  budget: string;
  /** Tier defaults until the headers tell (options.ts: 60/min, burst 100). */
  perMinute: number;
  burst: number;
  /** Hears, once, that Redis cannot be used and why; the URL's password is never in it. */
  warn: (message: string) => void;
  /** How long to wait for Redis's answer, in ms. @default 2000 */
  timeoutMs?: number;
  /** Idle time after which the connection closes, in ms. @default 1000 */
  idleMs?: number;
  /** Life of the waiting-mutations marker, refreshed every third of it, in ms. @default 1500 */
  markerTtlMs?: number;
  /** Longest a status poll yields to other processes' mutations, in ms. @default 60000 */
  maxYieldMs?: number;
  /** ioredis. @default loaded now (redis-packages.ts) */
  packages?: RedisPackages;
  /** @default realClock */
  clock?: Clock;
}

/** The marker that says some process has a mutation waiting for this budget's token. */
export function mutationMarkerKey(budget: string): string {
  return `pulumi-hosting:mutating:${budget}`;
}

export class RedisCoordinator implements RateCoordinator {
  private client: RedisClient | undefined;
  private connection: Promise<RedisClient> | undefined;
  private readonly gate: TokenGate;
  private limits: { perMinute: number; burst: number };
  private failed = false;
  private busy = 0;
  private idleTimer: Timer | undefined;
  private readonly clock: Clock;
  private readonly marker: MutationMarker;
  private readonly packages: RedisPackages;

  constructor(private readonly opts: RedisCoordinatorOptions) {
    this.limits = { perMinute: opts.perMinute, burst: opts.burst };
    // Here, not at the first request: a missing package is a setup error the user must see.
    this.packages = opts.packages ?? loadRedisPackages();
    this.clock = opts.clock ?? realClock;
    this.marker = new MutationMarker({
      key: mutationMarkerKey(opts.budget),
      ttlMs: opts.markerTtlMs ?? 1500,
      maxYieldMs: opts.maxYieldMs ?? 60_000,
      clock: this.clock,
      store: () => this.connect(),
    });
    // Each attempt reads the limits of the moment: a tier learnt while requests wait applies
    // to their next attempt (the bucket in Redis keeps its debt in tokens: gcra-script.ts).
    this.gate = new TokenGate({
      sleep: (ms) => this.clock.sleep(ms),
      attempt: async () => {
        const { perMinute, burst } = this.limits;
        // Unlimited since the request queued (`Limit: 0`): nothing to take.
        if (perMinute <= 0) return 0;
        return takeToken(await this.connect(), this.opts.budget, bucketPlan(perMinute, burst));
      },
    });
  }

  learn(perMinute: number, burst: number): void {
    this.limits = { perMinute, burst };
  }

  async take(priority: RequestPriority): Promise<"granted" | "unavailable"> {
    if (this.failed) return "unavailable";
    if (this.limits.perMinute <= 0) return "granted";
    this.busy++;
    this.clock.clearTimeout(this.idleTimer);
    try {
      if (priority === "poll") await this.marker.yieldToMutations();
      await this.gate.take(priority);
      return "granted";
    } catch (e) {
      this.fail(e);
      return "unavailable";
    } finally {
      if (--this.busy === 0) this.closeWhenIdle();
    }
  }

  mutationWaiting(): () => Promise<void> {
    if (this.failed || this.limits.perMinute <= 0) return () => Promise.resolve();
    // Busy: the connection stays open while a mutation waits, also when it waits locally.
    this.busy++;
    this.clock.clearTimeout(this.idleTimer);
    const release = this.marker.hold();
    let done = false;
    return () => {
      if (done) return Promise.resolve();
      done = true;
      const settled = release();
      if (--this.busy === 0) this.closeWhenIdle();
      return settled;
    };
  }

  /** One connection at a time, whoever asks first (a take, a marker, a poll's look). */
  private connect(): Promise<RedisClient> {
    this.connection ??= this.openConnection();
    return this.connection;
  }

  private async openConnection(): Promise<RedisClient> {
    const { Redis } = this.packages.ioredis;
    const timeoutMs = this.opts.timeoutMs ?? 2000;
    const client = new Redis(this.opts.url, {
      lazyConnect: true,
      connectTimeout: timeoutMs,
      commandTimeout: timeoutMs,
      // Fail fast, then fall back: a lost Redis must not hold requests in an offline queue.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    // Errors reach us through the commands; without a listener ioredis prints each one.
    client.on("error", () => undefined);
    this.client = client;
    await client.connect();
    return client;
  }

  private closeWhenIdle(): void {
    this.idleTimer = this.clock.setTimeout(() => {
      if (this.busy > 0 || !this.client) return;
      this.client.disconnect();
      this.client = undefined;
      this.connection = undefined;
    }, this.opts.idleMs ?? 1000);
    this.idleTimer.unref();
  }

  private fail(e: unknown): void {
    if (this.failed) return;
    this.failed = true;
    void this.marker.stop();
    this.client?.disconnect();
    const why = e instanceof Error ? e.message : String(e);
    this.opts.warn(
      `the rate-limit coordinator at ${redactUrl(this.opts.url)} (HOSTING_RATE_LIMIT_REDIS or hosting:rateLimitRedis) ` +
        `cannot be used (${redactUrl(why)}); pacing from the API's rate-limit headers instead. ` +
        "Check that Redis runs and the URL is right, or unset the setting.",
    );
  }
}

/** The URL without its password (redis://user:secret@host -> redis://user:***@host). */
export function redactUrl(text: string): string {
  return text.replace(/(rediss?:\/\/[^:/@\s]*:)[^@\s]*@/gi, "$1***@");
}
