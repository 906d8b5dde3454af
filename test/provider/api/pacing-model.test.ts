// One process's pacing in virtual time: the product's RateLimiter against the simulator's token
// bucket (test/helpers/sharing-model.ts, one process), each request 20 virtual ms there and
// back. Where pacing.test.ts proves over HTTP that nothing is refused, this proves when each
// request goes, to the millisecond, however busy the machine running it.
import { expect } from "chai";
import type { WaitReport } from "../../../provider/api";
import { fakeClock, type FakeClock } from "../../helpers/fake-clock";
import { headerLimiter, ModelApi, mulberry32, type ModelLimiter } from "../../helpers/sharing-model";
import type { RateLimiter, RateLimiterOptions } from "../../../provider/api/pacing/rate-limiter";

/** One process on a model key: its limiter (the client's defaults: 60/min, burst 100 until the headers tell). */
function oneProcess(tier: { perMinute: number; burst: number }, extra: Partial<RateLimiterOptions> = {}) {
  const clock = fakeClock();
  const api = new ModelApi(clock, tier);
  const limiter = headerLimiter(extra)({ index: 0, clock, random: mulberry32(1) });
  return { clock, api, limiter };
}

/** Runs the clock until `work` is done and no timer is left. */
async function finish<T>(clock: FakeClock, work: Promise<T>): Promise<T> {
  await clock.runAll();
  return work;
}

/** How many requests reached the bucket at each virtual millisecond. */
function histogram(at: number[]): Array<[number, number]> {
  const n = new Map<number, number>();
  for (const t of at) n.set(t, (n.get(t) ?? 0) + 1);
  return [...n];
}

describe("pacing in virtual time (one process, the simulator's bucket)", () => {
  it("paces 300 requests on a tier of burst 10 at 6000/min: one probe, then slow start, the rest at the refill rate, no 429", async () => {
    const { clock, api, limiter } = oneProcess({ perMinute: 6000, burst: 10 });
    const done = await finish(clock, Promise.all(Array.from({ length: 300 }, (_, i) => api.request(0, limiter, "read", `r${i}`))));
    expect(done.every(Boolean)).to.equal(true);
    expect(api.arrivals.filter((a) => !a.admitted), "429s").to.deep.equal([]);
    // The probe at 10 ms, answered at 20; then 2, 4, 6 at once (slow start) while the burst lasts.
    expect(histogram(api.arrivals.slice(0, 13).map((a) => a.at))).to.deep.equal([[10, 1], [30, 2], [50, 4], [70, 6]]);
    // 290 requests past the burst at 100/s: 2.9 s, and the last one reaches the bucket at 2940 ms.
    expect(api.arrivals.at(-1)!.at).to.equal(2940);
    const perSecond = [0, 1, 2].map((s) => api.arrivals.filter((a) => a.at >= s * 1000 && a.at < (s + 1) * 1000).length);
    expect(perSecond).to.deep.equal([105, 100, 95]);
  });

  it("after idling on a tier of burst 10, the bucket it believes in refills to 10, not to the default 100: the next 60 go paced, no 429", async () => {
    const { clock, api, limiter } = oneProcess({ perMinute: 6000, burst: 10 });
    await finish(clock, Promise.all(Array.from({ length: 300 }, (_, i) => api.request(0, limiter, "read", `r${i}`))));
    await clock.tick(300);
    const idleEnd = api.at();
    const before = api.arrivals.length;
    await finish(clock, Promise.all(Array.from({ length: 60 }, (_, i) => api.request(0, limiter, "read", `s${i}`))));
    const next = api.arrivals.slice(before);
    expect(next.filter((a) => !a.admitted), "429s").to.deep.equal([]);
    // The refilled burst of 10 at once (one trip on from the idle end), then one per token (10 ms) from 40 ms.
    const paced = Array.from({ length: 50 }, (_, i): [number, number] => [40 + i * 10, 1]);
    expect(histogram(next.map((a) => a.at - idleEnd))).to.deep.equal([[10, 10], ...paced]);
  });

  it("does not pace an unlimited (enterprise) key: after the probe's answer all 199 others go at once", async () => {
    const { clock, api, limiter } = oneProcess({ perMinute: 0, burst: 0 });
    await finish(clock, Promise.all(Array.from({ length: 200 }, (_, i) => api.request(0, limiter, "read", `r${i}`))));
    expect(histogram(api.arrivals.map((a) => a.at))).to.deep.equal([[10, 1], [30, 199]]);
  });

  it("lets a waiting mutation go before 15 waiting status polls", async () => {
    const { clock, api, limiter } = oneProcess({ perMinute: 1200, burst: 2 });
    await finish(clock, api.request(0, limiter, "read", "catalogue")); // calibrates the bucket
    const polls = Array.from({ length: 16 }, (_, i) => api.request(0, limiter, "poll", `poll-${i}`));
    await clock.tick(5);
    const create = api.request(0, limiter, "mutation", "create");
    await finish(clock, Promise.all([...polls, create]));
    // The first poll went before the create was queued; the create goes next, not 16th.
    expect(api.arrivals.slice(0, 4).map((a) => `${a.at} ${a.label}`)).to.deep.equal(["10 catalogue", "30 poll-0", "100 create", "170 poll-1"]);
    expect(api.arrivals.at(-1)).to.deep.include({ at: 900, label: "poll-15" });
    expect(api.arrivals.filter((a) => !a.admitted), "429s").to.deep.equal([]);
  });

  it("honours a 429's retry_after: one 429, then the retry at retry_after plus its jitter, admitted", async () => {
    const { clock, api, limiter } = oneProcess({ perMinute: 120, burst: 2 });
    // Another process drains the bucket behind this one's back.
    expect([api.takeBehindTheirBacks(), api.takeBehindTheirBacks()]).to.deep.equal([true, true]);
    await finish(clock, api.request(0, limiter, "read", "account"));
    // Refused at 10 ms: one token back at 510 ms, so retry_after is the next whole second (1000);
    // the retry leaves at 1000 ms + 627.1 ms of jitter (the seeded random 0.6270...), on the next whole
    // virtual millisecond, and arrives 10 ms on.
    expect(api.arrivals).to.deep.equal([
      { at: 10, process: 0, admitted: false, label: "account" },
      { at: 1000 + Math.ceil(mulberry32(1)() * 1000) + 10, process: 0, admitted: true, label: "account" },
    ]);
    expect(api.arrivals[1]!.at).to.equal(1638);
  });
});

describe("a newcomer to a key others are spending, in virtual time", () => {
  /** One process whose key's bucket others left with `left` of the default tier's 100. */
  async function newcomer(left: number) {
    const { clock, api, limiter } = oneProcess({ perMinute: 60, burst: 100 });
    for (let i = left; i < 100; i++) expect(api.takeBehindTheirBacks()).to.equal(true);
    const work = Promise.all(Array.from({ length: 6 }, (_, i) => api.request(0, limiter, "mutation", `c${i}`)));
    await finish(clock, work);
    return { api, limiter: limiter as RateLimiter };
  }

  it("with 5 tokens left, it counts the others from its first answer and takes what its share allows, not the last tokens at once", async () => {
    const { api, limiter } = await newcomer(5);
    expect(api.arrivals.filter((a) => !a.admitted), "429s").to.deep.equal([]);
    // Before: alone in its eyes, it spent the 5 tokens within 50 ms (the 6th at 1071 ms).
    expect(api.arrivals.map((a) => a.at)).to.deep.equal([10, 4067, 4090, 4618, 5620, 6609]);
    expect(limiter.snapshot().othersPerMinute).to.be.above(0);
  });

  it("its grants skip the jitter while the stock is above 40: all 6 within 70 ms with 60 left, over 3 s with 30 left", async () => {
    const plenty = await newcomer(60);
    expect(plenty.api.arrivals.filter((a) => !a.admitted), "429s").to.deep.equal([]);
    expect(plenty.api.arrivals.map((a) => a.at)).to.deep.equal([10, 30, 30, 50, 50, 70]);
    // Near empty each grant waits up to one token's time (1 s) at random, so that processes
    // hearing the same news do not spend it in the same millisecond.
    const scarce = await newcomer(30);
    expect(scarce.api.arrivals.filter((a) => !a.admitted), "429s").to.deep.equal([]);
    expect(scarce.api.arrivals.map((a) => a.at)).to.deep.equal([10, 658, 661, 1206, 2188, 3157]);
  });
});

describe("rate-limit wait report in virtual time", () => {
  it("says once, 3 s into the wait, how many requests wait and that the key is this process's alone", async () => {
    const reports: Array<[number, WaitReport]> = [];
    const { clock, api, limiter } = oneProcess({ perMinute: 120, burst: 1 }, { onWait: (r) => reports.push([api.at(), r]) });
    // 12 requests at 2/s: 5.7 s, so one report (the next could only come 10 s later).
    await finish(clock, Promise.all(Array.from({ length: 12 }, (_, i) => api.request(0, limiter, "read", `r${i}`))));
    expect(api.arrivals.filter((a) => !a.admitted), "429s").to.deep.equal([]);
    expect(api.arrivals.at(-1)!.at).to.equal(5730);
    expect(reports).to.deep.equal([
      [
        3140,
        {
          queued: 5,
          perMinute: 120,
          sharePerMinute: 120,
          othersPerMinute: 0,
          etaMs: 2500,
          message: "hosting API rate limit: 5 requests waiting; this process has the key's 120/min to itself; about 3 s left at this pace",
        },
      ],
    ]);
  });

  it("says the key is shared once the other process's use shows: the second process's report at 13.39 s", async () => {
    const clock = fakeClock();
    const api = new ModelApi(clock, { perMinute: 120, burst: 1 });
    const reports: Array<[number, number, string]> = [];
    const limiters: ModelLimiter[] = [0, 1].map((p) => headerLimiter({ onWait: (r) => reports.push([api.at(), p, r.message]) })({ index: p, clock, random: mulberry32(p + 1) }));
    // 2 × 24 requests at the key's 2/s.
    await finish(clock, Promise.all(limiters.flatMap((l, p) => Array.from({ length: 24 }, (_, i) => api.request(p, l, "read", `p${p}-${i}`)))));
    expect(reports.map(([at, p, m]) => `${at} p${p} ${m}`)).to.deep.equal([
      "3140 p0 hosting API rate limit: 17 requests waiting; this process has the key's 120/min to itself; about 9 s left at this pace",
      "3324 p1 hosting API rate limit: 24 requests waiting; this process has the key's 120/min to itself; about 13 s left at this pace",
      // Its share is the key less the others' use, scaled down by its five 429s (AIMD).
      "13388 p1 hosting API rate limit: 23 requests waiting; sharing the key with other processes (about 6/min); this process's share 29/min of 120/min; about 48 s left at this pace",
      "23769 p1 hosting API rate limit: 6 requests waiting; this process has the key's 120/min to itself; about 3 s left at this pace",
    ]);
  });
});
