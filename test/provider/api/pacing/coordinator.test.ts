// The Redis coordinator's bucket plan (provider/api/pacing/gcra-plan.ts) and the burst it
// coordinates (provider/api/pacing/coordinator.ts): the key's rate, never faster, and a burst
// below the API's by the reserve the plan explains; the password of a Redis URL never reaches
// a message.
import { expect } from "chai";
import { coordinatedBurst } from "../../../../provider/api/pacing/coordinator";
import { bucketPlan } from "../../../../provider/api/pacing/gcra-plan";
import { redactUrl } from "../../../../provider/api/pacing/redis-coordinator";

describe("coordinator bucket plan", () => {
  it("mirrors the default tier: 1 a second, 94 of the 100 at once (a reserve of 1 s of refill and 5%)", () => {
    expect(bucketPlan(60, 100)).to.deep.equal({ intervalUs: 1_000_000, toleranceUs: 93_000_000, burst: 94, reserve: 6 });
  });

  it("keeps 6 of 40 back at 240/min: 4 tokens of refill and 2 for 5%", () => {
    expect(bucketPlan(240, 40)).to.deep.equal({ intervalUs: 250_000, toleranceUs: 33 * 250_000, burst: 34, reserve: 6 });
  });

  for (const [perMinute, burst] of [[60, 100], [300, 500], [120, 20], [90, 100], [7, 10], [600, 40], [60, 1], [60, 2]] as const) {
    it(`never refills faster than the key, always grants one, never the whole burst when it can keep some (${perMinute}/min, burst ${burst})`, () => {
      const plan = bucketPlan(perMinute, burst);
      expect(plan.intervalUs, "one token's time").to.be.at.least(60_000_000 / perMinute);
      expect(plan.intervalUs - 60_000_000 / perMinute, "rounded up by less than a microsecond").to.be.below(1);
      expect(plan.burst).to.be.at.least(1);
      expect(plan.burst + plan.reserve).to.equal(burst);
      if (burst > 1) expect(plan.reserve).to.be.at.least(1);
      expect(plan.toleranceUs).to.equal((plan.burst - 1) * plan.intervalUs);
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
