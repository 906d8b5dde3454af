// Opt-in exact coordination of one key's rate limit across processes and machines (issue 15):
// every process takes a token from Redis before each request, through rate-limiter-flexible
// (a maintained distributed limiter; no coordination code of ours runs on the server side).
// The API's bucket is mirrored by the library's BurstyRateLimiter: a steady window at the
// key's rate, and a burst window used when the steady one is spent (windowPlan). Its wiki:
// "Allow traffic bursts with BurstyRateLimiter" (animir/node-rate-limiter-flexible). Waiting
// requests queue in the library's RateLimiterQueue, so each process has one attempt at Redis
// at a time.
//
// The Redis keys are a hash of the base URL and the API key, never the key. ioredis and the
// limiter are loaded on first use, so users without the setting load neither. When Redis
// cannot be reached (or fails later), `take` says "unavailable" and the caller falls back to
// header-driven pacing: a deployment never fails because of Redis. The connection closes
// after a second without requests, so it never keeps a finished process alive.

import type { Redis as RedisClient } from "ioredis";
import type { RateLimiterQueue } from "rate-limiter-flexible";
import { windowPlan, type RateCoordinator } from "./coordinator";

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
}

export class RedisCoordinator implements RateCoordinator {
  private client: RedisClient | undefined;
  private connected: Promise<void> | undefined;
  private queue: Promise<RateLimiterQueue> | undefined;
  private limits: { perMinute: number; burst: number };
  private failed = false;
  private busy = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: RedisCoordinatorOptions) {
    this.limits = { perMinute: opts.perMinute, burst: opts.burst };
  }

  learn(perMinute: number, burst: number): void {
    if (perMinute === this.limits.perMinute && burst === this.limits.burst) return;
    this.limits = { perMinute, burst };
    // Requests already queued finish in the old queue; new ones count against the new limits
    // (the Redis counters are shared, only the thresholds change).
    this.queue = undefined;
  }

  async take(): Promise<"granted" | "unavailable"> {
    if (this.failed) return "unavailable";
    if (this.limits.perMinute <= 0) return "granted";
    this.busy++;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    try {
      await (await this.limiterQueue()).removeTokens(1, this.opts.budget);
      return "granted";
    } catch (e) {
      this.fail(e);
      return "unavailable";
    } finally {
      if (--this.busy === 0) this.closeWhenIdle();
    }
  }

  private limiterQueue(): Promise<RateLimiterQueue> {
    this.queue ??= this.buildQueue();
    return this.queue;
  }

  private async buildQueue(): Promise<RateLimiterQueue> {
    const client = await this.connect();
    const { BurstyRateLimiter, RateLimiterQueue, RateLimiterRedis } = await import("rate-limiter-flexible");
    const plan = windowPlan(this.limits.perMinute, this.limits.burst);
    // Redis's own answer time is bounded by ioredis's commandTimeout.
    const steady = new RateLimiterRedis({ storeClient: client, keyPrefix: "pulumi-hosting:rate", points: plan.points, duration: plan.seconds });
    if (plan.burstPoints < 1) return new RateLimiterQueue(steady);
    const burst = new RateLimiterRedis({ storeClient: client, keyPrefix: "pulumi-hosting:burst", points: plan.burstPoints, duration: plan.burstSeconds });
    return new RateLimiterQueue(new BurstyRateLimiter(steady, burst));
  }

  private async connect(): Promise<RedisClient> {
    if (!this.client) {
      const { Redis } = await import("ioredis");
      const timeoutMs = this.opts.timeoutMs ?? 2000;
      this.client = new Redis(this.opts.url, {
        lazyConnect: true,
        connectTimeout: timeoutMs,
        commandTimeout: timeoutMs,
        // Fail fast, then fall back: a lost Redis must not hold requests in an offline queue.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      // Errors reach us through the commands; without a listener ioredis prints each one.
      this.client.on("error", () => undefined);
    }
    const client = this.client;
    this.connected ??= client.connect();
    await this.connected;
    return client;
  }

  private closeWhenIdle(): void {
    this.idleTimer = setTimeout(() => {
      if (this.busy > 0 || !this.client) return;
      this.client.disconnect();
      this.client = undefined;
      this.connected = undefined;
      this.queue = undefined;
    }, this.opts.idleMs ?? 1000);
    this.idleTimer.unref();
  }

  private fail(e: unknown): void {
    if (this.failed) return;
    this.failed = true;
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
