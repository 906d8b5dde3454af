// Sharing one key, and one process crashing, proven in the deterministic model
// (test/helpers/sharing-model.ts): the product's header-cooperating RateLimiter in K processes
// against the simulator's token bucket, in virtual time. Every figure below is exact: the same
// on every run and every machine, so a change to the limiter that moves one request shows here.
// The rates of real processes on real time are the benchmark's (`npm run soak`, bench/soak.ts).
import { expect } from "chai";
import { fakeClock } from "../../helpers/fake-clock";
import { admittedBetween, headerLimiter, idealSharedBucket, runModel, type ModelResult, type ModelRun } from "../../helpers/sharing-model";

/** The figures a test asserts; `share` is each process's admitted requests before the first one finished. */
function summary(r: ModelResult, k: number) {
  const first = Math.min(...r.finishedAt.filter((t): t is number => t !== undefined));
  return {
    requests: r.arrivals.length,
    rateLimited: r.arrivals.filter((a) => !a.admitted).length,
    rateLimitedBy: Array.from({ length: k }, (_, p) => r.arrivals.filter((a) => a.process === p && !a.admitted).length),
    share: admittedBetween(r.arrivals, k, 0, first),
    finishedAt: r.finishedAt,
    gaveUp: r.gaveUp,
  };
}

/** Each label of the processes in `alive` created exactly once; the others' at most once. */
function expectCreatedOnce(r: ModelResult, k: number, m: number, alive: (p: number) => boolean): void {
  for (let p = 0; p < k; p++) {
    const labels = Array.from({ length: m }, (_, i) => `p${p}-${i}`);
    if (alive(p)) expect(labels.map((l) => r.created.get(l)), `process ${p}: every server once`).to.deep.equal(labels.map(() => 1));
    else expect(labels.filter((l) => (r.created.get(l) ?? 0) > 1), `process ${p}: no server twice`).to.deep.equal([]);
  }
}

const run = (o: Omit<ModelRun, "clock">) => runModel({ clock: fakeClock(), ...o });

const DEFAULT_TIER = { perMinute: 60, burst: 100 };

/** The last create of a run, in virtual ms. */
const lastFinish = (r: ModelResult) => Math.max(...r.finishedAt.filter((t): t is number => t !== undefined));

/**
 * Virtual ms after `from` (in steps of 100) until the first window of `windowMs` in which the
 * processes admit at least 90% of the key's rate: how long the survivors of a crash take to use
 * the whole key again. Undefined when no such window starts before the last create.
 */
function fullRateAfter(r: ModelResult, processes: number, from: number, perMinute: number, windowMs = 5000): number | undefined {
  const end = lastFinish(r);
  for (let t = from; t + windowMs <= end; t += 100) {
    const n = admittedBetween(r.arrivals, processes, t, t + windowMs).reduce((a, b) => a + b, 0);
    if (n >= (0.9 * perMinute * windowMs) / 60_000) return t - from;
  }
  return undefined;
}

describe("sharing one key, in the deterministic model (header cooperation)", () => {
  it("K = 3 × 20 creates on 600/min, burst 20: 0 × 429 of 60 requests; pacing alone, 38 of 98", async () => {
    const tier = { perMinute: 600, burst: 20 };
    const together = await run({ tier, processes: 3, serversPerProcess: 20, limiter: headerLimiter() });
    expectCreatedOnce(together, 3, 20, () => true);
    expect(summary(together, 3)).to.deep.equal({
      requests: 60,
      rateLimited: 0,
      rateLimitedBy: [0, 0, 0],
      share: [20, 16, 19],
      finishedAt: [4007, 4808, 4321],
      gaveUp: 0,
    });
    const alone = await run({ tier, processes: 3, serversPerProcess: 20, limiter: headerLimiter({ cooperate: false }) });
    expectCreatedOnce(alone, 3, 20, () => true);
    expect(summary(alone, 3)).to.deep.include({ requests: 98, rateLimited: 38, rateLimitedBy: [2, 19, 17], share: [20, 1, 1] });
  });

  it("one process doing all 160 creates on the default tier: 0 × 429, the last at 60.4 s (the yardstick of the runs below)", async () => {
    const r = await run({ tier: DEFAULT_TIER, processes: 1, serversPerProcess: 160, limiter: headerLimiter() });
    expect(summary(r, 1)).to.deep.include({ requests: 160, rateLimited: 0, finishedAt: [60399] });
  });

  it("K = 4 × 40 creates on the default tier: 0 × 429 of 160 requests (target ≤ 1%), 1.072× one process's time (target ≤ 1.15×)", async () => {
    const r = await run({ tier: DEFAULT_TIER, processes: 4, serversPerProcess: 40, limiter: headerLimiter() });
    expectCreatedOnce(r, 4, 40, () => true);
    // What the limiter does on this model, to the request: any change to it shows here first.
    expect(summary(r, 4)).to.deep.equal({
      requests: 160,
      rateLimited: 0,
      rateLimitedBy: [0, 0, 0, 0],
      share: [37, 40, 39, 32],
      finishedAt: [59487, 50999, 54299, 64774],
      gaveUp: 0,
    });
    // The exact figures move with any change to the limiter; the many-stacks targets stay.
    expect(r.arrivals.filter((a) => !a.admitted).length / r.arrivals.length, "share of 429s").to.be.at.most(0.01);
    expect(lastFinish(r) / 60_399, "time against one process doing all 160").to.be.at.most(1.15);
  });

  it("K = 8 × 20 creates on the default tier (60/min, burst 100): 1 × 429 of 161 requests (target ≤ 2%), 1.069× one process's time (target ≤ 1.2×), every server once", async () => {
    const r = await run({ tier: DEFAULT_TIER, processes: 8, serversPerProcess: 20, limiter: headerLimiter() });
    expectCreatedOnce(r, 8, 20, () => true);
    // What the limiter does on this model, to the request.
    expect(summary(r, 8)).to.deep.equal({
      requests: 161,
      rateLimited: 1,
      rateLimitedBy: [0, 0, 0, 0, 0, 1, 0, 0],
      share: [20, 19, 19, 19, 18, 18, 15, 16],
      finishedAt: [46017, 52028, 46939, 50931, 54747, 58745, 64576, 64371],
      gaveUp: 0,
    });
    expect(r.arrivals.filter((a) => !a.admitted).length / r.arrivals.length, "share of 429s").to.be.at.most(0.02);
    expect(lastFinish(r) / 60_399, "time against one process doing all 160").to.be.at.most(1.2);
  });

  it("K = 3 × 40 creates on 240/min, burst 40: 0 × 429 of 120 requests, 1.066× one process's time (20.2 s)", async () => {
    const tier = { perMinute: 240, burst: 40 };
    const alone = await run({ tier, processes: 1, serversPerProcess: 120, limiter: headerLimiter() });
    expect(summary(alone, 1)).to.deep.include({ requests: 120, rateLimited: 0, finishedAt: [20226] });
    const r = await run({ tier, processes: 3, serversPerProcess: 40, limiter: headerLimiter() });
    expectCreatedOnce(r, 3, 40, () => true);
    expect(summary(r, 3)).to.deep.equal({
      requests: 120,
      rateLimited: 0,
      rateLimitedBy: [0, 0, 0],
      share: [40, 20, 19],
      finishedAt: [10786, 21560, 17881],
      gaveUp: 0,
    });
  });

  it("is deterministic: the same run gives the same requests at the same virtual milliseconds", async () => {
    const o = { tier: { perMinute: 60, burst: 100 }, processes: 8, serversPerProcess: 20, limiter: headerLimiter() };
    const [a, b] = [await run(o), await run(o)];
    expect(a.arrivals).to.have.length(161);
    expect(b.arrivals).to.deep.equal(a.arrivals);
  });
});

describe("a process crashing on a shared key, in the deterministic model (header cooperation)", () => {
  it("K = 3 × 40 on 240/min, burst 40, one killed at 3 s: the survivors take the whole key at once (55 in 12.12 s) and create every server once", async () => {
    const kill = { process: 0, atMs: 3000 };
    const r = await run({ tier: { perMinute: 240, burst: 40 }, processes: 3, serversPerProcess: 40, limiter: headerLimiter(), kill });
    expectCreatedOnce(r, 3, 40, (p) => p !== 0);
    expect(summary(r, 3)).to.deep.equal({
      requests: 96,
      rateLimited: 0,
      rateLimitedBy: [0, 0, 0],
      share: [16, 20, 40],
      finishedAt: [undefined, 15118, 9817],
      gaveUp: 0,
    });
    expect(admittedBetween(r.arrivals, 3, 0, kill.atMs), "each process's share before the crash").to.deep.equal([16, 13, 12]);
    expect(r.arrivals.filter((a) => a.at >= kill.atMs && a.process === 0), "nothing of the dead process after its death").to.deep.equal([]);
    // After the crash the survivors send their 55 remaining creates at above the key's 4/s.
    const after = admittedBetween(r.arrivals, 3, kill.atMs, 15118 + 1);
    expect(after).to.deep.equal([0, 27, 28]);
    expect((55 * 1000) / (15118 - kill.atMs), "admitted per second after the crash").to.be.at.least(4);
    // The first 5 s after the crash already hold 90% of the key's rate (target: within 10 s).
    const recovered = fullRateAfter(r, 3, kill.atMs, 240);
    expect(recovered).to.equal(0);
    expect(recovered! + 5000).to.be.at.most(10_000);
  });

  it("K = 8 × 20 on the default tier, one killed at 20 s: the survivors use the whole key again at once (a 5 s window at 90% of 1/s ends 5 s after) and create every server once", async () => {
    const kill = { process: 0, atMs: 20_000 };
    const r = await run({ tier: DEFAULT_TIER, processes: 8, serversPerProcess: 20, limiter: headerLimiter(), kill });
    expectCreatedOnce(r, 8, 20, (p) => p !== 0);
    expect(summary(r, 8)).to.deep.equal({
      requests: 157,
      rateLimited: 1,
      rateLimitedBy: [0, 0, 0, 0, 0, 1, 0, 0],
      share: [16, 19, 19, 20, 18, 18, 15, 15],
      finishedAt: [undefined, 46099, 42959, 41990, 53902, 55185, 56689, 61917],
      gaveUp: 0,
    });
    expect(admittedBetween(r.arrivals, 8, 0, kill.atMs), "each process's share before the crash").to.deep.equal([16, 15, 16, 15, 15, 14, 12, 12]);
    const after = admittedBetween(r.arrivals, 8, kill.atMs, 61917 + 1);
    expect(after, "the survivors' remaining creates, all admitted after the crash").to.deep.equal([0, 5, 4, 5, 5, 6, 8, 8]);
    // 115 admitted by 20 s, of the 120 the bucket held: the key was in use to its last 5 tokens.
    // The survivors' 41 then take 41.9 s, 1.02× the 41 s the key's 1/s allows.
    expect(after.reduce((a, b) => a + b, 0)).to.equal(41);
    expect((61917 - kill.atMs) / 41_000, "the survivors' time against the key's rate").to.be.at.most(1.1);
    expect(r.arrivals.filter((a) => a.at >= kill.atMs && !a.admitted)).to.have.length(0);
    const recovered = fullRateAfter(r, 8, kill.atMs, 60);
    expect(recovered).to.equal(0);
    expect(recovered! + 5000, "a window at the key's full rate ends within 10 s of the crash").to.be.at.most(10_000);
  });
});

describe("the model's control: an exact shared bucket plugged in as the coordinator", () => {
  // How any coordinator plugs in: each process's RateLimiter gets its own RateCoordinator, and
  // the coordinators share one store (here a GCRA on the model's clock) through a closure.
  const withShared = (tier: { perMinute: number; burst: number }, marginMs?: number): Omit<ModelRun, "clock" | "processes" | "serversPerProcess"> & { clock: ReturnType<typeof fakeClock> } => {
    const clock = fakeClock();
    const shared = idealSharedBucket(clock, tier, marginMs);
    return { clock, tier, limiter: (ctx) => headerLimiter({ coordinator: shared(ctx) })(ctx) };
  };

  it("8 × 88 creates on the default tier, 10 virtual minutes of sustained demand: 0 × 429, every server once, the last at the bucket's bound", async () => {
    const r = await runModel({ ...withShared({ perMinute: 60, burst: 100 }), processes: 8, serversPerProcess: 88 });
    expectCreatedOnce(r, 8, 88, () => true);
    expect(r.arrivals.filter((a) => !a.admitted), "grants beyond the API's bucket").to.deep.equal([]);
    expect(r.arrivals).to.have.length(704);
    // 100 at once, then 604 at 1/s: the last create reaches the bucket 604 s (and 21 ms) in.
    expect(Math.max(...r.finishedAt.map(Number))).to.equal(604_021);
  });

  it("sees a single grant beyond the bucket: the same bucket granting at the exact instant a token is due meets one 429", async () => {
    const tier = { perMinute: 240, burst: 40 };
    const exact = await runModel({ ...withShared(tier, 0), processes: 3, serversPerProcess: 40 });
    expect(exact.arrivals.filter((a) => !a.admitted)).to.deep.equal([{ at: 260, process: 0, admitted: false, label: "p0-38" }]);
    const margin = await runModel({ ...withShared(tier), processes: 3, serversPerProcess: 40 });
    expect(margin.arrivals.filter((a) => !a.admitted)).to.deep.equal([]);
  });
});
