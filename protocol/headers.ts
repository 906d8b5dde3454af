// The HTTP headers the spec names, spelled once.

/** Retry-safe POSTs (api-spec.md "Conventions", rule 3). */
export const IDEMPOTENCY_KEY = "Idempotency-Key";

/** Every response carries these (api-spec.md "Rate limits"). */
export const RATE_LIMIT_LIMIT = "X-RateLimit-Limit";
export const RATE_LIMIT_REMAINING = "X-RateLimit-Remaining";
export const RATE_LIMIT_RESET = "X-RateLimit-Reset";
export const RATE_LIMIT_HEADERS = [RATE_LIMIT_LIMIT, RATE_LIMIT_REMAINING, RATE_LIMIT_RESET] as const;
