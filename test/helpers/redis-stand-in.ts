// An in-memory stand-in for the `ioredis` package, for the coordinator in a deterministic model:
// RedisCoordinator takes its packages from options (redis-packages.ts), so the real coordinator
// (gate, plan, mutation marker, idle close) runs against this instead of a server. It offers
// only what the coordinator calls: connect, disconnect, `on`, SET … PX and PTTL on the clock
// the model drives, and `defineCommand`, whose command runs the Lua script's TypeScript twin
// (gcra-model.ts, checked against the script on a real Redis) at the clock's time, as the
// script runs at Redis's `TIME`. Every client made from one stand-in shares its keys.
import type { RedisPackages } from "../../provider/api/pacing/redis-packages";
import type { Clock } from "../../provider/api/time/clock";
import { GcraModel } from "./gcra-model";

export function redisStandIn(clock: Clock): { packages: RedisPackages; gcra: GcraModel; commands: () => number } {
  const gcra = new GcraModel();
  const expiries = new Map<string, number>();
  let commands = 0;
  class Redis {
    [name: string]: unknown;
    on(): this {
      return this;
    }
    async connect(): Promise<void> {}
    disconnect(): void {}
    defineCommand(name: string): void {
      this[name] = async (key: string, intervalUs: string, toleranceUs: string) => {
        commands++;
        return gcra.take(key, { intervalUs: Number(intervalUs), toleranceUs: Number(toleranceUs) }, Math.round(clock.now() * 1000));
      };
    }
    async set(key: string, _value: string, _px: "PX", ttlMs: number): Promise<"OK"> {
      commands++;
      expiries.set(key, clock.now() + ttlMs);
      return "OK";
    }
    async pttl(key: string): Promise<number> {
      commands++;
      const left = (expiries.get(key) ?? -Infinity) - clock.now();
      return left > 0 ? left : -2;
    }
  }
  return { packages: { ioredis: { Redis } as unknown as RedisPackages["ioredis"] }, gcra, commands: () => commands };
}
