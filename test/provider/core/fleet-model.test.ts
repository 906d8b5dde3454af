// The benchmark's many-stacks scenario in virtual time (test/helpers/fleet-model.ts): K processes,
// each with the product's rate limiter and status waiter, create their servers on one key of the
// default tier (60/min, burst 100) and wait for them to be active (20 s), starting 1 s apart. It
// shows where the time of K stacks goes beside one stack of K·M: into status polls, each a token
// that another stack's create waits for, and into 429s. Every figure is exact (one fake clock), so
// a change to the waiter or the limiter that moves one request shows here. Real processes on
// real time are measured by `npm run bench` (docs/benchmarks.md).
import { expect } from "chai";
import { resetWaiterTimings, setWaiterTimings } from "../../../provider/core/status-waiter";
import { fakeClock } from "../../helpers/fake-clock";
import { runFleet, type FleetResult } from "../../helpers/fleet-model";
import { headerLimiter } from "../../helpers/sharing-model";

const fleet = (processes: number, serversPerProcess: number, seed = 1) =>
  runFleet({ clock: fakeClock(), tier: { perMinute: 60, burst: 100 }, processes, serversPerProcess, limiter: headerLimiter(), startStaggerMs: 1000, seed });

function summary(r: FleetResult, one: FleetResult) {
  return {
    seconds: r.makespan / 1000,
    timeRatio: round(r.makespan / one.makespan),
    requests: r.arrivals.length,
    rateLimited: r.arrivals.filter((a) => !a.admitted).length,
    polls: r.polls,
    everyServerOnce: r.created.size === 160 && [...r.created.values()].every((n) => n === 1),
  };
}

const round = (x: number) => Number(x.toFixed(3));

describe("K stacks on one key, creating and waiting, in the deterministic model (header cooperation)", function () {
  afterEach(resetWaiterTimings);

  it("one stack of 160: 5 poll lists, every server seen active at 80.42 s", async () => {
    const one = await fleet(1, 160);
    expect(summary(one, one)).to.deep.equal({ seconds: 80.419, timeRatio: 1, requests: 165, rateLimited: 0, polls: [5], everyServerOnce: true });
  });

  it("4 × 40: 1.066× one stack's time (target ≤ 1.15×), 10 poll lists in all; 9 × 429 of 179 (target ≤ 1%: not met)", async () => {
    const one = await fleet(1, 160);
    const r = await fleet(4, 40);
    expect(summary(r, one)).to.deep.equal({ seconds: 85.709, timeRatio: 1.066, requests: 179, rateLimited: 9, polls: [1, 1, 3, 5], everyServerOnce: true });
  });

  it("8 × 20: 1.096× one stack's time (target ≤ 1.2×), 13 poll lists in all; 21 × 429 of 194 (target ≤ 2%: not met)", async () => {
    const one = await fleet(1, 160);
    const r = await fleet(8, 20);
    expect(summary(r, one)).to.deep.equal({ seconds: 88.143, timeRatio: 1.096, requests: 194, rateLimited: 21, polls: [1, 1, 1, 1, 1, 2, 2, 4], everyServerOnce: true });
  });

  it("over seeds 1 to 10: 4 × 40 at 1.081× on average (worst 1.143×), 8 × 20 at 1.122× (worst 1.154×); 429s 5.3% and 11.2% of requests", async function () {
    const runs: Record<string, { time: number[]; share: number[] }> = { "4x40": { time: [], share: [] }, "8x20": { time: [], share: [] } };
    for (let seed = 1; seed <= 10; seed++) {
      const one = await fleet(1, 160, seed);
      for (const [k, m] of [[4, 40], [8, 20]] as const) {
        const r = await fleet(k, m, seed);
        runs[`${k}x${m}`]!.time.push(r.makespan / one.makespan);
        runs[`${k}x${m}`]!.share.push(r.arrivals.filter((a) => !a.admitted).length / r.arrivals.length);
      }
    }
    const mean = (xs: number[]) => round(xs.reduce((a, b) => a + b, 0) / xs.length);
    const seen = Object.fromEntries(Object.entries(runs).map(([run, { time, share }]) => [run, { meanTime: mean(time), worstTime: round(Math.max(...time)), meanRateLimited: mean(share) }]));
    expect(seen).to.deep.equal({
      "4x40": { meanTime: 1.081, worstTime: 1.143, meanRateLimited: 0.053 },
      "8x20": { meanTime: 1.122, worstTime: 1.154, meanRateLimited: 0.112 },
    });
  });

  it("without gathering first polls (as before): one stack makes 20 poll lists, 4 × 40 makes 32 and takes 1.165×, 8 × 20 makes 31 and takes 1.286×", async () => {
    setWaiterTimings({ estimateGather: 0, sharedKeyGather: 0 });
    const one = await fleet(1, 160);
    expect(summary(one, one)).to.deep.include({ seconds: 80.802, polls: [20], requests: 180 });
    expect(summary(await fleet(4, 40), one)).to.deep.include({ timeRatio: 1.165, polls: [2, 2, 10, 18], requests: 206, rateLimited: 14 });
    expect(summary(await fleet(8, 20), one)).to.deep.include({ timeRatio: 1.286, polls: [2, 2, 2, 2, 2, 3, 8, 10], requests: 214, rateLimited: 23 });
  });
});
