// The coordinator's Lua script on a real Redis: on fixed virtual times it answers as its TypeScript
// twin does, and on Redis's own clock it grants the plan's burst, then one token per interval.
//
// The coordinator's Lua script (provider/api/pacing/gcra-script.ts) on a real Redis (Debian's
// redis-server, scripts/redis.sh): on fixed virtual times (the script's test override of
// `TIME`) it answers as its TypeScript twin (test/helpers/gcra-model.ts) does and keeps the
// same theoretical arrival time; on Redis's own clock it grants the plan's burst, then one token
// per interval; each grant is one EVALSHA, and a flushed script cache costs nothing but an EVAL.
import { expect } from "chai";
import { bucketPlan, type BucketPlan } from "../../../../provider/api/pacing/gcra-plan";
import { bucketKey, takeToken } from "../../../../provider/api/pacing/gcra-script";
import { GcraModel } from "../../../helpers/gcra-model";
import { useRedisClient } from "../../../helpers/redis";

/** A fixed start in µs (14 November 2023): the script's numbers are as large as real ones. */
const T0 = 1_700_000_000_000_000;

describe("GCRA script on Redis", () => {
  const redis = useRedisClient();
  let n = 0;

  /** One step of both, and the TAT each keeps. */
  const both = async (model: GcraModel, budget: string, plan: BucketPlan, now: number) => {
    const script = await takeToken(redis().client, budget, plan, now);
    const twin = model.take(budget, plan, now);
    const tat = await redis().client.hget(bucketKey(budget), "tat");
    return { script, twin, tat: tat === null ? undefined : Number(tat), twinTat: model.keys.get(budget)?.tat };
  };

  it("grants the plan's burst at once, then one token per interval, and says how long to wait", async () => {
    const plan = bucketPlan(240, 40);
    const budget = `fixed-${++n}`;
    const model = new GcraModel();
    for (let i = 0; i < plan.burst; i++) expect((await both(model, budget, plan, T0)).script, `grant ${i + 1}`).to.equal(0);
    expect(await both(model, budget, plan, T0)).to.include({ script: 250, twin: 250 });
    expect(await both(model, budget, plan, T0 + 100_000)).to.include({ script: 150, twin: 150 });
    expect(await both(model, budget, plan, T0 + 250_000)).to.include({ script: 0, twin: 0 });
    expect(await both(model, budget, plan, T0 + 250_001)).to.include({ script: 250, twin: 250 });
    const { tat } = await both(model, budget, plan, T0 + 250_001);
    expect(tat, "TAT: 35 tokens' time after T0").to.equal(T0 + 35 * 250_000);
  });

  it("keeps the debt in tokens when the tier changes (240/min to 60/min: 4 times the time)", async () => {
    const fast = bucketPlan(240, 40);
    const slow = bucketPlan(60, 100);
    const budget = `tier-${++n}`;
    const model = new GcraModel();
    for (let i = 0; i < 10; i++) await both(model, budget, fast, T0);
    expect((await both(model, budget, slow, T0)).tat, "10 tokens of debt at 1 s, plus this grant").to.equal(T0 + 11 * 1_000_000);
  });

  it("answers as its TypeScript twin on 400 steps of virtual time with tier changes", async () => {
    const plans = [bucketPlan(240, 40), bucketPlan(60, 100), bucketPlan(7, 10), bucketPlan(600, 43)];
    const budget = `twin-${++n}`;
    const model = new GcraModel();
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let now = T0;
    let plan = plans[0]!;
    let granted = 0;
    let refused = 0;
    for (let step = 0; step < 400; step++) {
      if (random() < 0.05) plan = plans[Math.floor(random() * plans.length)]!;
      now += Math.floor(random() * random() * 400_000);
      const r = await both(model, budget, plan, now);
      expect(r.script, `step ${step}: answer`).to.equal(r.twin);
      expect(r.tat, `step ${step}: TAT`).to.equal(r.twinTat);
      if (r.script === 0) granted++;
      else refused++;
    }
    expect(granted, "both answers occur").to.be.above(50);
    expect(refused, "both answers occur").to.be.above(50);
  });

  it("runs on Redis's clock: the burst, then a wait of about one interval", async () => {
    const plan = bucketPlan(240, 40);
    const budget = `clock-${++n}`;
    const answers: number[] = [];
    for (let i = 0; i <= plan.burst; i++) answers.push(await takeToken(redis().client, budget, plan));
    expect(answers.slice(0, plan.burst).every((a) => a === 0), answers.join(",")).to.equal(true);
    expect(answers[plan.burst], "the wait for the next token").to.be.within(150, 250);
    const ttl = await redis().client.pttl(bucketKey(budget));
    expect(ttl, "the key expires once the bucket is full again").to.be.within(plan.burst * 250 - 200, plan.burst * 250);
  });

  it("takes one EVALSHA per grant, and falls back to EVAL when Redis forgot the script", async () => {
    const plan = bucketPlan(6000, 1000);
    const budget = `trips-${++n}`;
    await redis().client.script("FLUSH");
    expect(await takeToken(redis().client, budget, plan)).to.equal(0);
    await redis().client.config("RESETSTAT");
    for (let i = 0; i < 10; i++) expect(await takeToken(redis().client, budget, plan)).to.equal(0);
    const stats = await redis().client.info("commandstats");
    const calls = (cmd: string) => Number(new RegExp(`cmdstat_${cmd}:calls=(\\d+)`).exec(stats)?.[1] ?? 0);
    expect({ evalsha: calls("evalsha"), eval: calls("eval") }).to.deep.equal({ evalsha: 10, eval: 0 });
  });
});
