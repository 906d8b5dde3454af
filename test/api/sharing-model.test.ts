// Sharing one key, and one process crashing, proven in the deterministic model
// (test/helpers/sharing-model.ts): the product's header-cooperating RateLimiter in K processes
// against the simulator's token bucket, in virtual time. Every figure below is exact: the same
// on every run and every machine, so a change to the limiter that moves one request shows here.
// The rates of real processes on real time are the benchmark's (`npm run soak`, bench/soak.ts).
import { expect } from "chai";
import { fakeClock } from "../helpers/fake-clock";
import { admittedBetween, headerLimiter, idealSharedBucket, runModel, type ModelResult, type ModelRun } from "../helpers/sharing-model";

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

describe("sharing one key, in the deterministic model (header cooperation)", () => {
  it("K = 3 × 20 creates on 600/min, burst 20: 6 × 429 of 66 requests; pacing alone, 38 of 98", async () => {
    const tier = { perMinute: 600, burst: 20 };
    const together = await run({ tier, processes: 3, serversPerProcess: 20, limiter: headerLimiter() });
    expectCreatedOnce(together, 3, 20, () => true);
    expect(summary(together, 3)).to.deep.equal({
      requests: 66,
      rateLimited: 6,
      rateLimitedBy: [1, 3, 2],
      share: [12, 6, 20],
      finishedAt: [2979, 4293, 2354],
      gaveUp: 0,
    });
    const alone = await run({ tier, processes: 3, serversPerProcess: 20, limiter: headerLimiter({ cooperate: false }) });
    expectCreatedOnce(alone, 3, 20, () => true);
    expect(summary(alone, 3)).to.deep.include({ requests: 98, rateLimited: 38, rateLimitedBy: [2, 19, 17], share: [20, 1, 1] });
  });

  it("K = 8 × 20 creates on the default tier (60/min, burst 100): 44 × 429 of 204 requests, every server once", async () => {
    const r = await run({ tier: { perMinute: 60, burst: 100 }, processes: 8, serversPerProcess: 20, limiter: headerLimiter() });
    expectCreatedOnce(r, 8, 20, () => true);
    // 21.6%: what the real CLI measured for 8 × 20 in shape A (21.5%, issue 20); the target is 2%.
    expect(summary(r, 8)).to.deep.equal({
      requests: 204,
      rateLimited: 44,
      rateLimitedBy: [7, 6, 7, 4, 0, 5, 9, 6],
      share: [15, 13, 13, 13, 14, 14, 12, 20],
      finishedAt: [49568, 29091, 53467, 35970, 55398, 46410, 62829, 20914],
      gaveUp: 0,
    });
    // 160 creates at 1/s past a burst of 100 need 60 s at the least: the key is not left idle.
    expect(Math.max(...r.finishedAt.map(Number))).to.be.below(63_000);
  });

  it("is deterministic: the same run gives the same requests at the same virtual milliseconds", async () => {
    const o = { tier: { perMinute: 60, burst: 100 }, processes: 8, serversPerProcess: 20, limiter: headerLimiter() };
    const [a, b] = [await run(o), await run(o)];
    expect(a.arrivals).to.have.length(204);
    expect(b.arrivals).to.deep.equal(a.arrivals);
  });
});

describe("a process crashing on a shared key, in the deterministic model (header cooperation)", () => {
  it("K = 3 × 40 on 240/min, burst 40, one killed at 3 s: the survivors take the whole key (48 in 11.95 s) and create every server once", async () => {
    const kill = { process: 0, atMs: 3000 };
    const r = await run({ tier: { perMinute: 240, burst: 40 }, processes: 3, serversPerProcess: 40, limiter: headerLimiter(), kill });
    expectCreatedOnce(r, 3, 40, (p) => p !== 0);
    expect(summary(r, 3)).to.deep.equal({
      requests: 110,
      rateLimited: 11,
      rateLimitedBy: [6, 0, 5],
      share: [19, 40, 15],
      finishedAt: [undefined, 8614, 14954],
      gaveUp: 0,
    });
    expect(admittedBetween(r.arrivals, 3, 0, kill.atMs), "each process's share before the crash").to.deep.equal([19, 18, 14]);
    expect(r.arrivals.filter((a) => a.at >= kill.atMs && a.process === 0), "nothing of the dead process after its death").to.deep.equal([]);
    // After the crash the survivors send their 48 remaining creates at the key's 4/s: all of it.
    const after = admittedBetween(r.arrivals, 3, kill.atMs, 14954 + 1);
    expect(after).to.deep.equal([0, 22, 26]);
    expect((48 * 1000) / (14954 - kill.atMs), "admitted per second after the crash").to.be.at.least(4);
    expect(r.arrivals.filter((a) => a.at >= kill.atMs && !a.admitted)).to.have.length(1);
  });

  it("K = 8 × 20 on the default tier, one killed at 20 s: the survivors take its share (44 in 38 s, above the key's 1/s) and create every server once", async () => {
    const kill = { process: 0, atMs: 20_000 };
    const r = await run({ tier: { perMinute: 60, burst: 100 }, processes: 8, serversPerProcess: 20, limiter: headerLimiter(), kill });
    expectCreatedOnce(r, 8, 20, (p) => p !== 0);
    expect(summary(r, 8)).to.deep.equal({
      requests: 196,
      rateLimited: 41,
      rateLimitedBy: [6, 6, 7, 4, 0, 5, 7, 6],
      share: [15, 13, 13, 13, 14, 14, 12, 20],
      finishedAt: [undefined, 29091, 53467, 35970, 58003, 49169, 56405, 20914],
      gaveUp: 0,
    });
    expect(admittedBetween(r.arrivals, 8, 0, kill.atMs), "each process's share before the crash").to.deep.equal([15, 13, 13, 13, 14, 14, 12, 17]);
    const after = admittedBetween(r.arrivals, 8, kill.atMs, 58003 + 1);
    expect(after.reduce((a, b) => a + b, 0), "the survivors' remaining creates, all admitted after the crash").to.equal(44);
    expect((44 * 1000) / (58003 - kill.atMs), "admitted per second after the crash").to.be.at.least(1);
    expect(r.arrivals.filter((a) => a.at >= kill.atMs && !a.admitted)).to.have.length(3);
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
