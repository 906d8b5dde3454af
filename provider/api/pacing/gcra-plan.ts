// The parameters of the Redis coordinator's token bucket (gcra-script.ts), from the key's limits
// as the API's headers show them. GCRA (the generic cell rate algorithm) keeps one number per
// bucket, the theoretical arrival time (TAT) of the next request at the key's rate, and is
// exactly a token bucket: a request conforms while it comes no earlier than TAT less the burst
// tolerance. Named after the ATM traffic contract (ITU-T I.371); brandur.org's "Rate Limiting,
// Cells, and GCRA" and the redis-cell and redis-gcra projects explain it for Redis.

/** A bucket of `burst` tokens refilled at the key's rate, in GCRA's terms (microseconds). */
export interface BucketPlan {
  /** Emission interval T: one token's refill time, 60 s / the rate, rounded up. */
  intervalUs: number;
  /** Burst tolerance: (burst - 1) × T, how far ahead of TAT a request may still come. */
  toleranceUs: number;
  /** Tokens the coordinator hands out at once: the API's burst less `reserve`. */
  burst: number;
  /** Tokens of the API's bucket the coordinator never hands out (see bucketPlan). */
  reserve: number;
}

/**
 * The API refills `perMinute`/60 tokens a second up to `burst`. The coordinator's bucket has
 * the same rate (its interval rounded up to whole microseconds, so never faster) and a burst
 * that keeps a reserve below the API's, for two reasons that a token bucket does not remove:
 * - one second of refill: a tier's burst that the spec does not document is learnt from
 *   `X-RateLimit-Reset`, whole seconds, so the estimate can be that much too high
 *   (coordinatedBurst);
 * - 5% of the burst: Redis grants on its clock and the API counts when the request arrives.
 *   The API's bucket can only be overdrawn when the requests granted in some span arrive in a
 *   shorter one (one travelled longer than a later one); when the burst is known (a documented
 *   tier), the reserve absorbs `reserve / rate` seconds of such spread (6 s on the default
 *   tier), and what the first reason leaves of it otherwise.
 * A fixed window would need more (two windows' requests can meet at its edge); a token bucket
 * has no edges, so the two reasons above add up: 6 of 100 on the default tier, 6 of 40 at
 * 240/min.
 */
export function bucketPlan(perMinute: number, burst: number): BucketPlan {
  const whole = Math.max(1, Math.floor(burst));
  const reserve = Math.min(whole - 1, Math.ceil(perMinute / 60) + Math.ceil(whole / 20));
  const tokens = whole - reserve;
  const intervalUs = Math.ceil(60_000_000 / perMinute);
  return { intervalUs, toleranceUs: (tokens - 1) * intervalUs, burst: tokens, reserve };
}
