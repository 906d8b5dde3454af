// The HTTP headers the spec names, spelled once.

/** Lets a client retry a POST whose answer it lost without the work being done twice. */
export const IDEMPOTENCY_KEY = "Idempotency-Key";

/** Every response carries these (docs/openapi.yaml, `components.headers`). */
export const RATE_LIMIT_LIMIT = "X-RateLimit-Limit";
export const RATE_LIMIT_REMAINING = "X-RateLimit-Remaining";
export const RATE_LIMIT_RESET = "X-RateLimit-Reset";
export const RATE_LIMIT_HEADERS = [RATE_LIMIT_LIMIT, RATE_LIMIT_REMAINING, RATE_LIMIT_RESET] as const;
