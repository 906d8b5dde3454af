// The TypeScript twin of the coordinator's Lua script (provider/api/pacing/gcra-script.ts): the
// same GCRA step on a map instead of Redis and a clock the test drives.
// test/provider/api/pacing/gcra-script.test.ts checks that both give the same answers and keep the same
// state on a fixed sequence of times; the deterministic model (gcra-model.test.ts) then runs
// processes against the twin.
import type { BucketPlan } from "../../provider/api/pacing/gcra-plan";

export interface GcraState {
  tat: number;
  interval: number;
  /** When the key expires (PEXPIRE), in µs. */
  expiresAt: number;
}

export class GcraModel {
  readonly keys = new Map<string, GcraState>();

  /** One step at `nowUs`: 0 when granted, else the milliseconds until a token is due. */
  take(key: string, plan: Pick<BucketPlan, "intervalUs" | "toleranceUs">, nowUs: number): number {
    let held = this.keys.get(key);
    if (held && held.expiresAt <= nowUs) {
      this.keys.delete(key);
      held = undefined;
    }
    let tat = held?.tat ?? nowUs;
    if (held && held.interval !== plan.intervalUs && tat > nowUs) {
      tat = nowUs + Math.ceil(((tat - nowUs) * plan.intervalUs) / held.interval);
    }
    const allowed = tat - plan.toleranceUs;
    if (nowUs < allowed) return Math.ceil((allowed - nowUs) / 1000);
    tat = Math.max(tat, nowUs) + plan.intervalUs;
    this.keys.set(key, { tat, interval: plan.intervalUs, expiresAt: nowUs + Math.ceil((tat - nowUs) / 1000) * 1000 });
    return 0;
  }
}
