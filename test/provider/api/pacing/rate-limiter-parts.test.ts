// The rate limiter's parts one by one (provider/api/pacing/: token-bucket.ts, rate-headers.ts,
// header-cooperation.ts, grant-timing.ts, coordinator-link.ts, wait-report.ts's WaitReporter,
// priority-queues.ts). Each takes the time as an argument, so these tests hand it virtual
// milliseconds and no clock runs; the whole limiter is proven in pacing-model.test.ts and
// sharing-model.test.ts.
import { expect } from "chai";
import { CoordinatorLink } from "../../../../provider/api/pacing/coordinator-link";
import type { RateCoordinator } from "../../../../provider/api/pacing/coordinator";
import { GrantTiming, type GrantTimingOptions } from "../../../../provider/api/pacing/grant-timing";
import { HeaderCooperation } from "../../../../provider/api/pacing/header-cooperation";
import { PriorityQueues } from "../../../../provider/api/pacing/priority-queues";
import { rateHeaders } from "../../../../provider/api/pacing/rate-headers";
import { TokenBucket } from "../../../../provider/api/pacing/token-bucket";
import { WaitReporter } from "../../../../provider/api/pacing/wait-report";
import type { WaitReport } from "../../../../provider/api/pacing/wait-report";
import { EPOCH } from "../../../helpers/fake-clock";

const RATE = 60 / 60_000; // the default tier: 60/min, in tokens per ms

describe("rate limiter parts", () => {
  describe("token bucket", () => {
    it("starts full at the tier's burst and rate", () => {
      const b = new TokenBucket(60, 100, 0);
      expect([b.tokens, b.capacity, b.ratePerMs, b.unlimited]).to.deep.equal([100, 100, RATE, false]);
      expect(new TokenBucket(60, 0, 0).capacity, "never less than one token").to.equal(1);
    });

    it("refills for the time passed at the given rate, up to the given cap, asking for them only when time passed", () => {
      const b = new TokenBucket(60, 100, 0);
      b.tokens = 0;
      const asked: string[] = [];
      const cap = (n: number) => () => (asked.push("cap"), n);
      const rate = () => (asked.push("rate"), RATE);
      b.refill(5000, cap(100), rate);
      expect(b.tokens).to.equal(5);
      b.refill(5000, cap(100), rate);
      expect(asked, "no time passed: nothing asked").to.deep.equal(["cap", "rate"]);
      b.refill(10_000, cap(7), rate);
      expect(b.tokens, "capped").to.equal(7);
      asked.length = 0;
      b.refill(11_000, cap(7), rate);
      expect(asked, "already at the cap: the rate is not asked").to.deep.equal(["cap"]);
    });

    it("learns its capacity from Remaining and Reset and only ever lowers its tokens", () => {
      const b = new TokenBucket(60, 100, 0);
      b.correct(0, 9, undefined, 2);
      expect([b.capacity, b.tokens], "first answer: capacity Remaining + 1, tokens Remaining less the 2 in flight").to.deep.equal([10, 7]);
      b.correct(0, 50, undefined, 0);
      expect([b.capacity, b.tokens], "a larger Remaining grows the capacity, not the tokens").to.deep.equal([51, 7]);
      const c = new TokenBucket(60, 100, 0);
      c.correct(0, 99, undefined, 0);
      c.correct(0, 40, 10, 0);
      // Full in 10 s (plus a second of rounding) at 1/s: at most 40 + 11.
      expect(c.capacity).to.equal(51);
    });

    it("reads X-RateLimit-* as numbers, nothing without a limit", () => {
      const headers = (h: Record<string, string>) => (name: string) => h[name.toLowerCase()];
      expect(rateHeaders(headers({ "x-ratelimit-limit": "60", "x-ratelimit-remaining": "5", "x-ratelimit-reset": "1767225660" })))
        .to.deep.equal({ limit: 60, remaining: 5, resetSec: 1767225660 });
      expect(rateHeaders(headers({ "x-ratelimit-limit": "0", "x-ratelimit-remaining": "", "x-ratelimit-reset": "soon" })))
        .to.deep.equal({ limit: 0, remaining: undefined, resetSec: undefined });
      expect(rateHeaders(headers({ "x-ratelimit-remaining": "5" }))).to.equal(undefined);
    });
  });

  /** A bucket, the grant counters and the cooperation over them, 60/min and a burst of 100. */
  function cooperating(on = true) {
    const bucket = new TokenBucket(60, 100, 0);
    const grants = { seq: 0, inFlight: 0 };
    return { bucket, grants, cooperation: new HeaderCooperation(0, on, bucket, grants) };
  }

  /** Two answers 1 s apart: 100 left, then 80, none of them ours: others spent 21 tokens. */
  function othersSeen(parts: ReturnType<typeof cooperating>, last = 80) {
    parts.cooperation.heard(0, last + 20, undefined);
    parts.cooperation.heard(1000, last, undefined);
  }

  describe("header cooperation", () => {
    it("alone or off: the whole rate, the whole bucket, no reserve", () => {
      for (const on of [true, false]) {
        const { cooperation, grants } = cooperating(on);
        grants.inFlight = 3;
        expect([cooperation.othersPerMs(0), cooperation.sharePerMs(0), cooperation.reserve(0), cooperation.refillCap(0)]).to.deep.equal([0, RATE, 0, 97]);
      }
    });

    it("sees others in a Remaining that dropped more than our requests explain, and then counts on its share", () => {
      const parts = cooperating();
      othersSeen(parts);
      const { cooperation } = parts;
      // 20 tokens of theirs less the dead band of 2, over half the 10 s window: more than the
      // key's rate, so capped at all but a sixteenth of it; ours is that sixteenth.
      expect(cooperation.othersPerMs(1000)).to.be.closeTo(RATE * (1 - 1 / 16), 1e-12);
      expect(cooperation.sharePerMs(1000)).to.be.closeTo(RATE / 16, 1e-12);
      expect(cooperation.reserve(1000)).to.equal(1);
      // Our share of the bucket: 100 / 16 tokens, above the reserve.
      expect(cooperation.refillCap(1000)).to.be.closeTo(100 / 16, 1e-9);
    });

    it("records the last Remaining with our grants answered by then", () => {
      const parts = cooperating();
      parts.grants.seq = 5;
      parts.grants.inFlight = 2;
      parts.cooperation.heard(1000, 42, undefined);
      expect(parts.cooperation.lastRemaining).to.deep.equal({ at: 1000, remaining: 42, seq: 3 });
    });

    it("alone with nothing in flight it takes what the answer shows; not when it does not cooperate", () => {
      for (const on of [true, false]) {
        const { bucket, cooperation } = cooperating(on);
        bucket.tokens = 3;
        cooperation.clamp(1000, 50);
        expect(bucket.tokens).to.equal(on ? 50 : 3);
      }
    });

    it("while others are active keeps its tokens within its share of what lies above the reserve", () => {
      const parts = cooperating();
      othersSeen(parts);
      parts.grants.inFlight = 1;
      parts.cooperation.clamp(1000, 80);
      // (80 - 1 reserved) × 1/16 less the one in flight.
      expect(parts.bucket.tokens).to.be.closeTo(79 / 16 - 1, 1e-9);
    });

    it("slow start: one more in flight per admitted answer, halved by a 429, never above the capacity", () => {
      const { bucket, grants, cooperation } = cooperating();
      const windows = [200, 200, 200, 429, 200].map((status) => (cooperation.adjustWindow(0, status), cooperation.window));
      expect(windows).to.deep.equal([2, 3, 4, 2, 3]);
      grants.inFlight = 3;
      expect(cooperation.windowFull()).to.equal(true);
      bucket.capacity = 2;
      cooperation.adjustWindow(0, 200);
      expect(cooperation.window).to.equal(2);
      expect(cooperating(false).cooperation.windowFull(), "only while cooperating").to.equal(false);
    });
  });

  describe("grant timing (jitter and probes)", () => {
    function timing(on = true, random = 0.5) {
      const parts = cooperating(on);
      const logged: string[] = [];
      const opts: GrantTimingOptions = { maxPauseMs: 60_000, jitterMs: 1000, logger: (l) => logged.push(l), random: () => random };
      return { ...parts, logged, timing: new GrantTiming(opts, parts.bucket, parts.cooperation, parts.grants) };
    }

    it("pauses every request until a 429's retry_after plus the jitter, never shorter, never beyond maxPauseMs", () => {
      const t = timing();
      t.timing.pause(EPOCH, EPOCH / 1000 + 2);
      expect(t.timing.pausedUntil - EPOCH).to.equal(2500);
      expect(t.logged).to.deep.equal(["hosting API rate limit reached: pausing requests for 2500 ms"]);
      t.timing.pause(EPOCH, EPOCH / 1000 + 1);
      expect(t.timing.pausedUntil - EPOCH, "an earlier end does not shorten it").to.equal(2500);
      t.timing.pause(EPOCH, EPOCH / 1000 + 3600);
      expect(t.timing.pausedUntil - EPOCH).to.equal(60_000);
      const alone = timing(false);
      alone.timing.pause(EPOCH, undefined);
      expect(alone.timing.pausedUntil - EPOCH, "no retry_after: one token's time, no jitter without cooperation").to.equal(1000);
    });

    it("while others are active a grant waits a random part of one token's time, once", () => {
      const t = timing();
      expect(t.timing.jitter(1000), "alone: no jitter").to.equal(undefined);
      othersSeen(t, 10);
      expect(t.timing.jitter(1000)).to.equal(1500);
      expect(t.timing.jitter(1200), "the same delay, not a new one").to.equal(1500);
      expect(t.timing.jitter(1500)).to.equal(undefined);
      expect(t.timing.jitter(1500), "the next grant draws again").to.equal(2000);
    });

    it("skips the jitter while the last answer's stock, less our grants since, is plenty", () => {
      const t = timing();
      othersSeen(t, 41);
      expect(t.timing.jitter(1000)).to.equal(undefined);
      t.grants.seq = 1;
      expect(t.timing.jitter(1000)).to.equal(1500);
    });

    it("holds a grant while the last Remaining, less our grants since, shows no token left", () => {
      const t = timing();
      othersSeen(t, 10);
      t.grants.inFlight = 1;
      expect(t.timing.staleEmpty(1000, 2)).to.equal(false);
      t.grants.seq = 9;
      expect(t.timing.staleEmpty(1000, 2)).to.equal(true);
      expect(timing(false).timing.staleEmpty(1000, 2), "only while cooperating").to.equal(false);
    });

    it("probes after ten tokens' time without an answer while others seem active, with nothing in flight", () => {
      const t = timing();
      othersSeen(t);
      t.timing.answered(1000);
      expect(t.timing.probeDue(10_999)).to.equal(false);
      expect(t.timing.probeDue(11_000)).to.equal(true);
      t.grants.inFlight = 1;
      expect(t.timing.probeDue(11_000)).to.equal(false);
    });
  });

  describe("coordinator link", () => {
    function coordinator(answer: "granted" | "unavailable" | Promise<"granted" | "unavailable"> = "granted") {
      const learnt: Array<[number, number]> = [];
      const c: RateCoordinator = {
        take: () => Promise.resolve(answer),
        mutationWaiting: () => () => undefined,
        learn: (perMinute, burst) => learnt.push([perMinute, burst]),
      };
      return { c, learnt };
    }

    it("tells the coordinator the key's limits: a documented tier's burst, else the largest the headers showed", () => {
      const { c, learnt } = coordinator();
      const link = new CoordinatorLink(c, () => undefined);
      link.learn(EPOCH, 60, 30, EPOCH / 1000 + 70, RATE);
      link.learn(EPOCH, 120, 30, EPOCH / 1000 + 70, 120 / 60_000);
      link.learn(EPOCH, 120, 10, EPOCH / 1000 + 10, 120 / 60_000);
      link.learnUnlimited();
      expect(learnt).to.deep.equal([[60, 100], [120, 170], [120, 170], [0, 0]]);
    });

    it("drops a coordinator that was unavailable once, and only that one", () => {
      const first = coordinator().c;
      let lost = 0;
      const link = new CoordinatorLink(first, () => lost++);
      link.lost(coordinator().c);
      expect([link.current, lost]).to.deep.equal([first, 0]);
      link.lost(first);
      link.lost(first);
      expect([link.current, lost]).to.deep.equal([undefined, 1]);
    });

    it("a take the signal ends hands the local token back and rejects with the reason", async () => {
      const { c } = coordinator(new Promise(() => undefined));
      const link = new CoordinatorLink(c, () => undefined);
      const controller = new AbortController();
      let handedBack = 0;
      const take = link.take(c, "read", controller.signal, () => handedBack++);
      const reason = new Error("cancelled");
      controller.abort(reason);
      expect(await take.catch((e: unknown) => e)).to.equal(reason);
      expect(handedBack).to.equal(1);
    });
  });

  describe("wait reporter", () => {
    it("reports after waitReportAfterMs of waiting, then at most every waitReportMs, and wakes in time for it", () => {
      const reports: WaitReport[] = [];
      const reporter = new WaitReporter({ onWait: (r) => reports.push(r) });
      const measure = () => ({ queued: 2, perMinute: 60, sharePerMinute: 60, othersPerMinute: 0, etaMs: 2000 });
      for (const now of [0, 2999, 3000, 12_999, 13_000]) reporter.report(now, 0, measure);
      expect(reports.length).to.equal(2);
      expect(reports[0]!.message).to.equal("hosting API rate limit: 2 requests waiting; this process has the key's 60/min to itself; about 2 s left at this pace");
      expect(reporter.wakeAt(100_000, 13_000)).to.equal(23_000);
      expect(reporter.wakeAt(14_000, 13_000)).to.equal(14_000);
    });

    it("without onWait it measures nothing and sleeps as long as asked", () => {
      const reporter = new WaitReporter({});
      reporter.report(60_000, 0, () => expect.fail("nobody listens"));
      expect(reporter.wakeAt(100_000, 0)).to.equal(100_000);
    });
  });

  describe("priority queues", () => {
    it("serves mutations, then reads, then polls, first come first served within each", () => {
      const q = new PriorityQueues<string>();
      q.push("poll", "p1");
      q.push("read", "r1");
      q.push("mutation", "m1");
      q.push("read", "r2");
      expect([q.size, q.heads()]).to.deep.equal([4, ["m1", "r1", "p1"]]);
      expect(q.remove("read", "r2")).to.equal(true);
      expect(q.remove("read", "r2"), "already out").to.equal(false);
      expect([q.shift(), q.shift(), q.shift(), q.shift(), q.size]).to.deep.equal(["m1", "r1", "p1", undefined, 0]);
    });

    it("skips the items taken out before their turn, in any mix of pushes, removals and shifts (against a list)", () => {
      const q = new PriorityQueues<{ id: number }>();
      const model: Record<string, { id: number }[]> = { completion: [], mutation: [], read: [], poll: [] };
      const priorities = ["completion", "mutation", "read", "poll"] as const;
      let seed = 7;
      const random = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
      let next = 0;
      for (let step = 0; step < 20_000; step++) {
        const p = priorities[random(4)]!;
        const op = random(10);
        if (op < 5) {
          const item = { id: next++ };
          q.push(p, item);
          model[p]!.push(item);
        } else if (op < 8 && model[p]!.length > 0) {
          const item = model[p]![random(model[p]!.length)]!;
          model[p]!.splice(model[p]!.indexOf(item), 1);
          expect(q.remove(p, item)).to.equal(true);
          expect(q.remove(p, item), "already out").to.equal(false);
        } else {
          const first = priorities.find((x) => model[x]!.length > 0);
          expect(q.shift()).to.equal(first ? model[first]!.shift() : undefined);
        }
        expect(q.size).to.equal(priorities.reduce((n, x) => n + model[x]!.length, 0));
        expect(q.heads()).to.deep.equal(priorities.flatMap((x) => model[x]!.slice(0, 1)));
      }
    });
  });
});
