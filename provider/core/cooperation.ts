// Whether this provider process shares the key's rate limit with the other processes using
// it (provider/api/pacing/rate-limiter.ts, issue 15). On unless HOSTING_RATE_LIMIT_COOPERATION=off:
// the benchmark's "before" runs, and a process that must not yield to others.

export function cooperation(env: NodeJS.ProcessEnv = process.env): boolean {
  return !["off", "0", "false", "no"].includes((env.HOSTING_RATE_LIMIT_COOPERATION ?? "").trim().toLowerCase());
}
