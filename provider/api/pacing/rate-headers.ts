// An answer's rate-limit headers as numbers (docs/contract.md, "Rate limit"): what the token
// bucket (token-bucket.ts), the header cooperation and the coordinator learn from.

import { RATE_LIMIT_LIMIT, RATE_LIMIT_REMAINING, RATE_LIMIT_RESET } from "../../../protocol/headers";
import type { HeaderGetter } from "./pacer";

export interface RateHeaders {
  /** `X-RateLimit-Limit`: requests per minute; 0 for an unlimited key. */
  limit: number;
  /** `X-RateLimit-Remaining`: the tokens left when the server answered. */
  remaining?: number;
  /** `X-RateLimit-Reset`: when the bucket is full again, in whole seconds since the epoch. */
  resetSec?: number;
}

/** The headers of an answer, or undefined when it carries no `X-RateLimit-Limit`. */
export function rateHeaders(header: HeaderGetter): RateHeaders | undefined {
  const limit = num(header(RATE_LIMIT_LIMIT));
  if (limit === undefined) return undefined;
  return { limit, remaining: num(header(RATE_LIMIT_REMAINING)), resetSec: num(header(RATE_LIMIT_RESET)) };
}

function num(v: string | undefined): number | undefined {
  if (v === undefined || v === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}
