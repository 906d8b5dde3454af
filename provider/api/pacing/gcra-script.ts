// One grant of the Redis coordinator's token bucket: a Lua script Redis runs atomically on its
// own clock (`TIME`), in one round trip (EVALSHA, EVAL when Redis does not know it yet). The
// algorithm is the published GCRA (gcra-plan.ts): a request is granted when now >= TAT -
// tolerance, then TAT = max(TAT, now) + T; the key expires when TAT has passed (a full bucket).
// Redis's clock, not the caller's, so machines' clocks need not agree; a script, not a module,
// so users load nothing into Redis. Time is in whole microseconds (exact in Lua's doubles, so
// no rounding hands out a token early); the key keeps the interval beside TAT, so a change of
// tier keeps the debt in tokens; `redis.replicate_commands()` where it exists (Redis 4). The
// optional third argument replaces `TIME`, so the script runs on fixed virtual times in tests.

import type { Redis as RedisClient } from "ioredis";
import type { BucketPlan } from "./gcra-plan";

const LUA = `
if redis.replicate_commands then redis.replicate_commands() end
local interval = tonumber(ARGV[1])
local tolerance = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
if not now then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000000 + tonumber(t[2])
end
local held = redis.call('HMGET', KEYS[1], 'tat', 'interval')
local tat = tonumber(held[1]) or now
local was = tonumber(held[2])
if was and was ~= interval and tat > now then
  tat = now + math.ceil((tat - now) * interval / was)
end
local allowed = tat - tolerance
if now < allowed then
  return math.ceil((allowed - now) / 1000)
end
tat = math.max(tat, now) + interval
redis.call('HSET', KEYS[1], 'tat', string.format('%.0f', tat), 'interval', string.format('%.0f', interval))
redis.call('PEXPIRE', KEYS[1], math.ceil((tat - now) / 1000))
return 0
`;

const COMMAND = "hostingGcraTake";

type WithGcra = RedisClient & { [COMMAND]?: (key: string, ...args: string[]) => Promise<number> };

/** The Redis key of a budget's bucket (the budget is a hash: the API key never reaches Redis). */
export function bucketKey(budget: string): string {
  return `pulumi-hosting:gcra:${budget}`;
}

/**
 * Asks Redis for one token of `budget`: 0 when granted, else the milliseconds until one is
 * due. `nowUs` replaces Redis's clock (tests only).
 */
export async function takeToken(client: RedisClient, budget: string, plan: BucketPlan, nowUs?: number): Promise<number> {
  const c = client as WithGcra;
  if (!c[COMMAND]) client.defineCommand(COMMAND, { numberOfKeys: 1, lua: LUA });
  const args = [String(plan.intervalUs), String(plan.toleranceUs), ...(nowUs === undefined ? [] : [String(nowUs)])];
  return Number(await c[COMMAND]!(bucketKey(budget), ...args));
}
