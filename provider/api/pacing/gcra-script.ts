// One grant of the Redis coordinator's token bucket: a Lua script that Redis runs atomically, on
// its own clock (`TIME`), in one round trip (ioredis's `defineCommand` sends EVALSHA and falls
// back to EVAL when Redis does not know the script yet). The algorithm is the published GCRA
// (gcra-plan.ts), as redis-cell (brandur/redis-cell) and redis-gcra (Losant/redis-gcra,
// rwz/redis-gcra) run it: a request is granted when now >= TAT - tolerance, and then
// TAT = max(TAT, now) + T; the key expires when TAT has passed, which is a full bucket again.
// Why not one of those: redis-gcra for Node takes `now` from the caller's clock (machines'
// clocks would have to agree) and redis-cell is a Redis module that users would have to load.
//
// Our own choices: time in whole microseconds (exact in Lua's doubles until the year 2255,
// so no rounding can hand out a token early); the key holds the interval beside TAT, and a
// change of tier keeps the debt in tokens, not in time (a process that has learnt the key's
// tier and one still on the defaults must not turn each other's debt into free tokens);
// `redis.replicate_commands()` where it exists, so that Redis 4 allows `TIME` before a write
// (from Redis 5 on that is the default; HSET of two fields needs Redis 4). The optional third
// argument replaces `TIME`: test/api/pacing/gcra-script.test.ts runs the script on fixed
// virtual times against its TypeScript twin (test/helpers/gcra-model.ts).

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
