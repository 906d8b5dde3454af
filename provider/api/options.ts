// The client's one options object and its one defaults object, merged once into a fully
// resolved state. Everything that waits takes its timing from here, so tests can shrink
// seconds to milliseconds (the idea of octokit plugin-retry's `retryAfterBaseValue`).

import { BaseUrlProblem, normalizeBaseUrl } from "./http/base-url";
import type { ApiShape } from "./wire/types";
import type { WaitReport } from "./pacing/wait-report";
import type { Pacer } from "./pacing/pacer";
import type { RetryEvent } from "./http/retry";
import type { PagingMode } from "./wire/paginate";

export { isLoopback } from "./http/base-url";
export type { PagingMode, RetryEvent };

export interface ClientOptions {
  /** Scheme and host of the API, e.g. `https://api.example.com` (no `/v1`). Required. */
  baseUrl: string;
  /** The API key, sent as `Authorization: Bearer <key>`. Required; never logged or thrown. */
  apiKey: string;
  /**
   * Where the key came from, named in 401 messages so a user knows what to fix,
   * e.g. `stack config hosting:apiKey` or `environment variable HOSTING_API_KEY`.
   * @default "the client's apiKey option"
   */
  keySource?: string;
  /**
   * Which wire shape the deployment speaks; `auto` detects it from the first envelope seen.
   * @default "auto"
   */
  shape?: "auto" | ApiShape;
  /**
   * Time-out of one HTTP attempt in milliseconds (a timed-out attempt is retried).
   * @default 30000
   */
  timeoutMs?: number;
  /**
   * Retries after the first attempt of one logical request.
   * @default 8
   */
  retries?: number;
  /**
   * First back-off delay in milliseconds; doubles on every retry, with jitter.
   * @default 250
   */
  minRetryDelayMs?: number;
  /**
   * Ceiling of one back-off delay in milliseconds.
   * @default 30000
   */
  maxRetryDelayMs?: number;
  /**
   * Longest pause honoured for a 429's `retry_after` (a broken value must not stall a
   * deployment for hours); longer ones are cut to this.
   * @default 120000
   */
  maxRetryAfterMs?: number;
  /**
   * Requests per minute assumed before the first `X-RateLimit-Limit` header (the default tier).
   * @default 60
   */
  ratePerMinute?: number;
  /**
   * Bucket capacity assumed before the first rate-limit headers (the default tier's burst).
   * @default 100
   */
  burst?: number;
  /**
   * Builds the pacer that grants each request its token, instead of the client's own
   * RateLimiter (the options above then do not apply). For benchmarks and tests.
   * @default the RateLimiter
   */
  pacer?: () => Pacer;
  /**
   * Share the key's rate limit with the other processes that use it: count on what their use
   * (inferred from `X-RateLimit-Remaining`) leaves, stop a few tokens above empty while they
   * are active, add jitter to a 429's pause (rate-limiter.ts). `false` paces as if alone.
   * @default true
   */
  cooperate?: boolean;
  /**
   * Redis URL of the opt-in rate-limit coordinator shared by every process using the key
   * (redis-coordinator.ts), e.g. `redis://127.0.0.1:6379/0`; "" paces from the headers alone.
   * @default ""
   */
  rateLimitRedis?: string;
  /**
   * Hears what a person should read once, e.g. that the rate-limit coordinator is unreachable
   * (the logger hears it too).
   * @default no-op
   */
  onWarning?: (message: string) => void;
  /**
   * Hears, at most every 10 s, that requests have waited for the rate limit for more than 3 s:
   * how many, this process's share, the others' use, the time left, and a line to show.
   * @default no-op
   */
  onRateLimitWait?: (report: WaitReport) => void;
  /**
   * Folder of the catalogue file cache (regions, plans, OS images) shared by every process on
   * the machine (catalogue-file-cache.ts); "" keeps the catalogue in this client's memory only.
   * The provider sets it (see docs/guide/catalogue-cache.md).
   * @default ""
   */
  catalogueCacheDir?: string;
  /**
   * How long a catalogue file stays fresh, in milliseconds; 0 reads the API every time.
   * @default 900000 (fifteen minutes: a preview right after a long up still finds it)
   */
  catalogueCacheTtlMs?: number;
  /**
   * User-Agent header.
   * @default "pulumi-hosting/<version from package.json>"
   */
  userAgent?: string;
  /**
   * Allow plain `http://` to a host that is not loopback. Off because the key would cross
   * the network in clear text; loopback (127.0.0.0/8, localhost, ::1) is always allowed.
   * @default false
   */
  allowInsecureHttp?: boolean;
  /**
   * Items per page of full listings (the spec's maximum).
   * @default 500
   */
  perPage?: number;
  /**
   * Paging of full listings: follow `links.next` (cursor) or count pages.
   * @default "cursor"
   */
  paging?: PagingMode;
  /**
   * Receives one line per retry and per rate-limit pause; the key is never in a line.
   * @default no-op
   */
  logger?: (line: string) => void;
  /**
   * Awaited before every retry, with the failed attempt's (key-free) error: for metrics, or
   * for tests that change the world between two attempts.
   * @default no-op
   */
  onRetry?: (event: RetryEvent) => void | Promise<void>;
}

/** Every option with its value; `pacer` alone may stay unset (the RateLimiter then paces). */
export type ResolvedOptions = Required<Omit<ClientOptions, "pacer">> & Pick<ClientOptions, "pacer">;

/** The one defaults object (the required `baseUrl`/`apiKey` have none). */
export const DEFAULTS: Omit<ResolvedOptions, "baseUrl" | "apiKey" | "userAgent"> = {
  keySource: "the client's apiKey option",
  shape: "auto",
  timeoutMs: 30_000,
  retries: 8,
  minRetryDelayMs: 250,
  maxRetryDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
  ratePerMinute: 60,
  burst: 100,
  cooperate: true,
  onRateLimitWait: () => undefined,
  rateLimitRedis: "",
  onWarning: () => undefined,
  catalogueCacheDir: "",
  catalogueCacheTtlMs: 900_000,
  allowInsecureHttp: false,
  perPage: 500,
  paging: "cursor",
  logger: () => undefined,
  onRetry: () => undefined,
};

/** Thrown for options that cannot work; it names the option, never the key's value. */
export class ClientOptionsError extends Error {
  override readonly name = "ClientOptionsError";
}

export function resolveOptions(opts: ClientOptions, defaultUserAgent: string): ResolvedOptions {
  if (!opts || typeof opts.baseUrl !== "string" || opts.baseUrl === "") {
    throw new ClientOptionsError("hosting API client: `baseUrl` is required (e.g. https://api.example.com)");
  }
  if (typeof opts.apiKey !== "string" || opts.apiKey.trim() === "") {
    const source = opts.keySource ?? DEFAULTS.keySource;
    throw new ClientOptionsError(`hosting API client: no API key: set ${source}`);
  }
  const defined = Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined));
  const resolved: ResolvedOptions = { ...DEFAULTS, userAgent: defaultUserAgent, ...defined } as ResolvedOptions;
  // A key read from a file or pasted often ends in a newline; a header cannot carry one.
  resolved.apiKey = opts.apiKey.trim();
  if (/[^\x21-\x7e]/.test(resolved.apiKey)) {
    throw new ClientOptionsError(`hosting API client: the API key from ${resolved.keySource} holds spaces or control characters; check it`);
  }
  try {
    resolved.baseUrl = normalizeBaseUrl(resolved.baseUrl, resolved.allowInsecureHttp);
  } catch (e) {
    const hint = e instanceof BaseUrlProblem && /clear text/.test(e.message) ? " (or set allowInsecureHttp: true if you really mean it)" : "";
    throw new ClientOptionsError(`hosting API client: \`baseUrl\` is ${(e as Error).message}${hint}`);
  }
  if (!["auto", "A", "B"].includes(resolved.shape)) {
    throw new ClientOptionsError(`hosting API client: \`shape\` must be "auto", "A" or "B", not "${resolved.shape}"`);
  }
  if (resolved.perPage < 1 || resolved.perPage > 500) {
    throw new ClientOptionsError("hosting API client: `perPage` must be 1..500 (the API's maximum is 500)");
  }
  return resolved;
}
