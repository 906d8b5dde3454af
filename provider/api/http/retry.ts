// Retries of one logical request with p-retry: exponential back-off with p-retry's jitter,
// capped by maxRetryDelayMs. Retried: network errors and time-outs, 429, 500, 502, 503, 504;
// never 400, 401, 403, 404, 409, 422 or any other status (octokit plugin-retry keeps the same
// never-retry list). GET and DELETE always; POST and PATCH only with an Idempotency-Key, made
// once per logical operation, so every retry replays the first answer instead of doing the work
// twice. An aborted `signal` (the engine's Cancel) ends the retries at once, a back-off sleep
// included, and an attempt under way still gives its answer; p-retry listens to a signal of the
// call's own, linked to it (abortable.ts), so the process's one signal keeps one listener however
// many calls sleep. A 429 does not use up the
// retry budget (up to `maxRateLimitRetries`): the rate limiter holds every request until
// `retry_after`, so the retry is not a guess.

import { pathToFileURL } from "url";
import type { Options as PRetryOptions } from "p-retry";
import { HttpError, NetworkError, RateLimitError, TimeoutError } from "./errors";
import { linkedSignal } from "../time/abortable";

/** What `onRetry` receives: the failed attempt, key-free. */
export interface RetryEvent {
  method: string;
  path: string;
  /** The attempt that failed, 1-based. */
  attempt: number;
  error: Error;
}

type PRetry = <T>(input: (attempt: number) => Promise<T>, options?: PRetryOptions) => Promise<T>;

let pRetryLoaded: Promise<PRetry> | undefined;

/**
 * p-retry 7 is ESM-only. Node >= 20.19 loads it with require() (require(esm)), which keeps
 * this package plain CommonJS; where require(esm) is switched off
 * (--no-experimental-require-module) we fall back to a real dynamic import(), which
 * TypeScript's CommonJS output would otherwise turn into a require(). Memoized as a promise so
 * concurrent first calls share one load.
 */
function loadPRetry(): Promise<PRetry> {
  return (pRetryLoaded ??= (async () => {
    try {
      return require("p-retry").default as PRetry;
    } catch (e) {
      if ((e as { code?: string }).code !== "ERR_REQUIRE_ESM") throw e;
      const url = pathToFileURL(require.resolve("p-retry")).href;
      const importEsm = new Function("url", "return import(url)") as (url: string) => Promise<{ default: PRetry }>;
      return (await importEsm(url)).default;
    }
  })());
}

export const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);

export interface RetryPolicy {
  retries: number;
  minRetryDelayMs: number;
  maxRetryDelayMs: number;
  /** 429s retried without using up `retries`. */
  maxRateLimitRetries: number;
  logger: (line: string) => void;
  onRetry: (event: RetryEvent) => void | Promise<void>;
}

export interface RetryTarget {
  method: string;
  path: string;
  /** Whether a retry cannot do the work twice (GET/DELETE, or a request with an Idempotency-Key). */
  safeToRepeat: boolean;
  /** Called before every retry (counters). */
  onRetry?: (error: Error) => void;
  /** Ends the retries, also a back-off sleep under way, with the signal's reason. */
  signal?: AbortSignal;
}

export function isRetryableError(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof TimeoutError) return true;
  return error instanceof HttpError && RETRY_STATUSES.has(error.status);
}

export async function withRetries<T>(attempt: (n: number) => Promise<T>, policy: RetryPolicy, target: RetryTarget): Promise<T> {
  const pRetry = await loadPRetry();
  let rateLimited = 0;
  const { signal, unlink } = linkedSignal(target.signal);
  // p-retry throws the signal's reason after an attempt that succeeded once the signal aborted:
  // an answer is kept (a POST's server exists), only the waits and retries end.
  let answered: { value: T } | undefined;
  const kept = async (n: number): Promise<T> => {
    const value = await attempt(n);
    answered = { value };
    return value;
  };
  try {
    return await pRetry(kept, {
      retries: policy.retries,
      factor: 2,
      minTimeout: policy.minRetryDelayMs,
      maxTimeout: policy.maxRetryDelayMs,
      randomize: true,
      signal,
      shouldConsumeRetry: ({ error }) => !(error instanceof RateLimitError && ++rateLimited <= policy.maxRateLimitRetries),
      shouldRetry: async ({ error, attemptNumber }) => {
        // A 429 was refused before any work: repeating it is always safe.
        const retry = isRetryableError(error) && (target.safeToRepeat || error instanceof RateLimitError);
        if (retry) {
          policy.logger(`${target.method} ${target.path}: attempt ${attemptNumber} failed (${describe(error)}); retrying`);
          target.onRetry?.(error);
          await policy.onRetry({ method: target.method, path: target.path, attempt: attemptNumber, error });
        }
        return retry;
      },
    });
  } catch (e) {
    if (answered) return answered.value;
    throw e;
  } finally {
    unlink();
  }
}

function describe(error: Error): string {
  if (error instanceof HttpError) return `${error.status} ${error.code}`;
  if (error instanceof NetworkError) return error.causeCode;
  if (error instanceof TimeoutError) return `time-out after ${error.timeoutMs} ms`;
  return error.name;
}
