// The window plan of the Redis coordinator (provider/api/coordinator.ts): the library's fixed
// windows must stay inside the API's token bucket, and the password of a Redis URL never
// reaches a message.
import { expect } from "chai";
import { coordinatedBurst, windowPlan } from "../../../provider/api/pacing/coordinator";
import { redactUrl } from "../../../provider/api/pacing/redis-coordinator";

/** The most requests the plan can grant in `t` seconds: two steady windows meet at an edge, one burst. */
function worstCase(plan: ReturnType<typeof windowPlan>, t: number): number {
  return plan.points * (Math.ceil(t / plan.seconds) + 1) + plan.burstPoints;
}

describe("coordinator window plan", () => {
  it("mirrors the default tier: 1 a second, the burst less 5 once per 100 s", () => {
    expect(windowPlan(60, 100)).to.deep.equal({ points: 1, seconds: 1, burstPoints: 95, burstSeconds: 100 });
  });

  it("finds whole-second windows for rates that are not a whole number a second", () => {
    expect(windowPlan(90, 100)).to.include({ points: 3, seconds: 2 });
    expect(windowPlan(20, 10)).to.include({ points: 1, seconds: 3 });
  });

  for (const [perMinute, burst] of [[60, 100], [300, 500], [120, 20], [90, 100], [20, 10], [600, 40]] as const) {
    it(`never grants more than the API's bucket allows within a burst window (${perMinute}/min, burst ${burst})`, () => {
      const plan = windowPlan(perMinute, burst);
      expect(plan.points / plan.seconds).to.be.at.most(perMinute / 60);
      for (const t of [0, 0.5, 1, 2, 5, 10, 30, plan.burstSeconds - 1]) {
        expect(worstCase(plan, t), `${t} s`).to.be.at.most(burst + (perMinute / 60) * t);
      }
    });
  }

  it("takes a documented tier's burst, else the headers' estimate", () => {
    expect(coordinatedBurst(60, 80.7)).to.equal(100);
    expect(coordinatedBurst(300, 12)).to.equal(500);
    expect(coordinatedBurst(120, 20.9)).to.equal(20);
  });

  it("hides a Redis URL's password", () => {
    expect(redactUrl("connect to redis://user:pw@host:6379/0 failed")).to.equal("connect to redis://user:***@host:6379/0 failed");
    expect(redactUrl("redis://:pw@127.0.0.1:1/0")).to.equal("redis://:***@127.0.0.1:1/0");
  });
});
