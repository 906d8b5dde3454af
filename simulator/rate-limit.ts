// Per-key token buckets (docs/contract.md, Rate limit): capacity = burst, refill =
// limit/60 tokens per second, full at start. A request takes one token; without one it is
// refused with 429 and takes nothing. Every /v1 answer carries the three X-RateLimit-*
// headers (docs/openapi.yaml: every response), including refusals:
// - enterprise keys are unlimited: `Limit: 0` (no limit), `Remaining: 0`, `Reset: <now>`
//   (no bucket is kept, so nothing to wait for; a client must read Limit 0 first, as ours does);
// - answers that took no token (an injected fault, a 413) show the key's bucket as it is;
// - answers without a valid key (401) show the numbers of a fresh default-tier key: no
//   bucket was touched.
import { isPermission } from "./auth";
import type { KeySpec, Tier } from "./options";
import type { KeyRecord } from "./store/types";
import { RATE_LIMIT_LIMIT, RATE_LIMIT_REMAINING, RATE_LIMIT_RESET } from "../protocol/headers";

export const TIERS: Record<Exclude<Tier, "custom">, { limit: number; burst: number }> = {
  default: { limit: 60, burst: 100 },
  pro: { limit: 300, burst: 500 },
  enterprise: { limit: 0, burst: 0 },
};

/** A key record from a spec, with the tier's numbers filled in. */
export function keyRecord(spec: KeySpec): KeyRecord {
  if (!isPermission(spec.permission)) throw new Error(`key ${spec.key}: unknown permission ${String(spec.permission)}`);
  const tier = spec.tier ?? "default";
  if (tier === "custom") {
    if (!(Number(spec.limit) > 0) || !(Number(spec.burst) >= 1)) {
      throw new Error(`key ${spec.key}: tier "custom" needs limit > 0 and burst >= 1`);
    }
    return { key: spec.key, permission: spec.permission, tier, limit: Number(spec.limit), burst: Number(spec.burst), revoked: false };
  }
  if (!Object.hasOwn(TIERS, tier)) throw new Error(`key ${spec.key}: unknown tier ${String(tier)}`);
  return { key: spec.key, permission: spec.permission, tier, ...TIERS[tier], revoked: false };
}

export interface Verdict {
  allowed: boolean;
  headers: Record<string, string>;
  /** Unix seconds when one token is back (only when refused). */
  retryAfter?: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  take(key: KeyRecord, nowMs: number): Verdict {
    if (key.limit <= 0) return { allowed: true, headers: unlimitedHeaders(nowMs) };
    const perMs = key.limit / 60000;
    const b = this.refilled(key, nowMs);
    const allowed = b.tokens >= 1;
    if (allowed) b.tokens -= 1;
    const headers = bucketHeaders(key, b, nowMs);
    if (allowed) return { allowed, headers };
    const retryAfter = Math.ceil((nowMs + (1 - b.tokens) / perMs) / 1000);
    return { allowed, headers: { ...headers, "Retry-After": String(Math.max(1, retryAfter - Math.floor(nowMs / 1000))) }, retryAfter };
  }

  /** The headers of the key's bucket without taking a token (answers that cost nothing). */
  peek(key: KeyRecord, nowMs: number): Record<string, string> {
    if (key.limit <= 0) return unlimitedHeaders(nowMs);
    return bucketHeaders(key, this.refilled(key, nowMs), nowMs);
  }

  private refilled(key: KeyRecord, nowMs: number): Bucket {
    let b = this.buckets.get(key.key);
    if (!b) {
      b = { tokens: key.burst, at: nowMs };
      this.buckets.set(key.key, b);
    }
    b.tokens = Math.min(key.burst, b.tokens + Math.max(0, nowMs - b.at) * (key.limit / 60000));
    b.at = nowMs;
    return b;
  }

  /** Forget a key's bucket (tier change, reset): it starts full again. */
  forget(key?: string): void {
    if (key === undefined) this.buckets.clear();
    else this.buckets.delete(key);
  }
}

function bucketHeaders(key: KeyRecord, b: Bucket, nowMs: number): Record<string, string> {
  const fullAt = nowMs + (key.burst - b.tokens) / (key.limit / 60000);
  return {
    [RATE_LIMIT_LIMIT]: String(key.limit),
    [RATE_LIMIT_REMAINING]: String(Math.floor(b.tokens)),
    [RATE_LIMIT_RESET]: String(Math.ceil(fullAt / 1000)),
  };
}

/** Enterprise: no limit (`Limit: 0`), no bucket, nothing to wait for. */
export function unlimitedHeaders(nowMs: number): Record<string, string> {
  return { [RATE_LIMIT_LIMIT]: "0", [RATE_LIMIT_REMAINING]: "0", [RATE_LIMIT_RESET]: String(Math.floor(nowMs / 1000)) };
}

/** No valid key: a fresh default-tier bucket, untouched. */
export function anonymousHeaders(nowMs: number): Record<string, string> {
  const { limit, burst } = TIERS.default;
  return { [RATE_LIMIT_LIMIT]: String(limit), [RATE_LIMIT_REMAINING]: String(burst), [RATE_LIMIT_RESET]: String(Math.floor(nowMs / 1000)) };
}
