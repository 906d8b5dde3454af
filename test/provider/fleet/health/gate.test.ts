// The health gate (provider/fleet/health/gate.ts) on virtual time: a scripted prober answers
// each try, the fake clock runs the grace, the interval, the per-try time-out and the deadline,
// and each test asserts at which virtual millisecond every try ran and how the wait ended.
import { expect } from "chai";
import { fakeClock, type FakeClock } from "../../../helpers/fake-clock";
import { describeFailure, waitHealthy, type GateOptions } from "../../../../provider/fleet/health/gate";
import type { Prober, ProbeResult } from "../../../../provider/fleet/health/probe";
import type { CheckedHealthCheck } from "../../../../provider/fleet/health/types";

const check = (over: Partial<CheckedHealthCheck> = {}): CheckedHealthCheck => ({
  kind: "http", url: "http://{mainIp}/healthz", healthyStatusCodes: [200],
  intervalSeconds: 5, timeoutSeconds: 2, graceSeconds: 0, healthyThreshold: 1, deadlineSeconds: 60, ...over,
} as CheckedHealthCheck);

const PASS: ProbeResult = { pass: true, seen: "status 200" };
const FAIL: ProbeResult = { pass: false, seen: "status 503" };

/** A prober that answers `script` in turn (the last answer repeats), each after `latencyMs`; "hang" never answers. */
function scripted(clock: FakeClock, script: (ProbeResult | "hang")[], latencyMs = 10): { prober: Prober; at: number[]; aborted: number[] } {
  const at: number[] = [];
  const aborted: number[] = [];
  let i = 0;
  const prober: Prober = (_c, _t, signal) => {
    at.push(clock.elapsed());
    const answer = script[Math.min(i++, script.length - 1)];
    signal.addEventListener("abort", () => aborted.push(clock.elapsed()));
    if (answer === "hang") return new Promise<ProbeResult>(() => undefined);
    return clock.sleep(latencyMs).then(() => answer);
  };
  return { prober, at, aborted };
}

async function run(clock: FakeClock, c: CheckedHealthCheck, opts: Partial<GateOptions> & Pick<GateOptions, "prober">) {
  let done = false;
  const p = waitHealthy(c, "http://203.0.113.9/healthz", { clock, ...opts }).finally(() => (done = true));
  p.catch(() => undefined);
  while (!done) await clock.tick(100);
  return { p, at: clock.elapsed() };
}

describe("fleet health gate (virtual time)", () => {
  let clock: FakeClock;
  beforeEach(() => (clock = fakeClock()));

  it("waits the grace period before the first try, then passes at once", async () => {
    const s = scripted(clock, [PASS]);
    const { p } = await run(clock, check({ graceSeconds: 30 }), { prober: s.prober });
    const o = await p;
    expect(o.healthy).to.equal(true);
    expect(s.at).to.deep.equal([30_000]);
    expect(o.tries).to.equal(1);
  });

  it("tries every intervalSeconds from the start of each try", async () => {
    const s = scripted(clock, [FAIL, FAIL, FAIL, PASS]);
    const o = await (await run(clock, check({ intervalSeconds: 5 }), { prober: s.prober })).p;
    expect(o.healthy).to.equal(true);
    expect(s.at).to.deep.equal([0, 5000, 10_000, 15_000]);
    expect(o.seen).to.equal("3 × status 503, 1 × status 200");
  });

  it("needs healthyThreshold passes in a row", async () => {
    const s = scripted(clock, [PASS, PASS, PASS]);
    const o = await (await run(clock, check({ healthyThreshold: 3 }), { prober: s.prober })).p;
    expect(o.healthy).to.equal(true);
    expect(s.at).to.deep.equal([0, 5000, 10_000]);
  });

  it("a flapping check (pass, fail, pass, ...) is not healthy before its passes in a row", async () => {
    const s = scripted(clock, [PASS, FAIL, PASS, FAIL, PASS, PASS, PASS]);
    const o = await (await run(clock, check({ healthyThreshold: 3 }), { prober: s.prober })).p;
    expect(o.healthy).to.equal(true);
    // Healthy only at the third pass of the run that starts at the fifth try.
    expect(s.at).to.deep.equal([0, 5000, 10_000, 15_000, 20_000, 25_000, 30_000]);
    expect(o.tries).to.equal(7);
  });

  it("a check that flaps forever fails at its deadline", async () => {
    const flap = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? PASS : FAIL));
    const s = scripted(clock, flap);
    const { p, at } = await run(clock, check({ healthyThreshold: 2, deadlineSeconds: 60 }), { prober: s.prober });
    const o = await p;
    expect(o.healthy).to.equal(false);
    expect(o.tries).to.equal(12);
    expect(o.elapsedMs).to.equal(60_000);
    expect(at).to.be.at.least(60_000);
  });

  it("fails a member that never passes at deadlineSeconds, naming what it saw", async () => {
    const s = scripted(clock, [FAIL]);
    const c = check({ deadlineSeconds: 30, graceSeconds: 10 });
    const o = await (await run(clock, c, { prober: s.prober })).p;
    expect(o.healthy).to.equal(false);
    expect(o.elapsedMs).to.equal(30_000);
    expect(s.at).to.deep.equal([10_000, 15_000, 20_000, 25_000]);
    expect(describeFailure(c, "http://203.0.113.9/healthz", o)).to.equal(
      "health check (GET http://203.0.113.9/healthz) did not pass within deadlineSeconds 30 of the server being active: 4 tries saw 4 × status 503",
    );
  });

  it("a try that does not answer times out after timeoutSeconds and counts as failed", async () => {
    const s = scripted(clock, ["hang", "hang", PASS]);
    const o = await (await run(clock, check({ timeoutSeconds: 2 }), { prober: s.prober })).p;
    expect(o.healthy).to.equal(true);
    expect(s.at).to.deep.equal([0, 5000, 10_000]);
    expect(s.aborted).to.deep.equal([2000, 7000]);
    expect(o.seen).to.equal("2 × timed out after 2s, 1 × status 200");
  });

  it("a per-try time-out longer than the interval delays the next try, never overlaps it", async () => {
    const s = scripted(clock, ["hang", PASS]);
    const o = await (await run(clock, check({ timeoutSeconds: 8, intervalSeconds: 5 }), { prober: s.prober })).p;
    expect(o.healthy).to.equal(true);
    expect(s.at).to.deep.equal([0, 8000]);
  });

  it("customTimeouts shorter than the deadline bound the wait and are named", async () => {
    const s = scripted(clock, [FAIL]);
    const c = check({ deadlineSeconds: 300 });
    const o = await (await run(clock, c, { prober: s.prober, budget: { ms: 12_000, source: "customTimeouts.update of 12s, which overrides waitTimeoutSeconds" } })).p;
    expect(o.healthy).to.equal(false);
    expect(o.elapsedMs).to.equal(12_000);
    expect(s.at).to.deep.equal([0, 5000, 10_000]);
    expect(describeFailure(c, "t", o)).to.contain("within customTimeouts.update of 12s");
  });

  it("the last try is cut short by the deadline", async () => {
    const s = scripted(clock, ["hang"]);
    const o = await (await run(clock, check({ deadlineSeconds: 6, timeoutSeconds: 4 }), { prober: s.prober })).p;
    expect(o.healthy).to.equal(false);
    expect(s.at).to.deep.equal([0, 5000]);
    expect(s.aborted).to.deep.equal([4000, 6000]);
    expect(o.seen).to.equal("1 × timed out after 4s, 1 × timed out after 1s");
  });

  it("Cancel ends the grace period at once", async () => {
    const s = scripted(clock, [PASS]);
    const ac = new AbortController();
    const p = waitHealthy(check({ graceSeconds: 120 }), "t", { clock, prober: s.prober, signal: ac.signal });
    const caught = p.catch((e) => e);
    await clock.tick(1000);
    ac.abort(new Error("cancelled"));
    await clock.flush();
    expect(((await caught) as Error).message).to.equal("cancelled");
    expect(clock.elapsed()).to.equal(1000);
    expect(s.at).to.deep.equal([]);
  });

  it("Cancel ends a try in flight at once and aborts it", async () => {
    const s = scripted(clock, ["hang"]);
    const ac = new AbortController();
    const caught = waitHealthy(check({ timeoutSeconds: 30 }), "t", { clock, prober: s.prober, signal: ac.signal }).catch((e) => e);
    await clock.tick(500);
    ac.abort(new Error("cancelled"));
    await clock.flush();
    expect(((await caught) as Error).message).to.equal("cancelled");
    expect(s.aborted).to.deep.equal([500]);
    expect(clock.pending()).to.equal(0);
  });

  it("Cancel in the interval between tries ends the wait at once", async () => {
    const s = scripted(clock, [FAIL]);
    const ac = new AbortController();
    const caught = waitHealthy(check(), "t", { clock, prober: s.prober, signal: ac.signal }).catch((e) => e);
    await clock.tick(2000);
    ac.abort(new Error("cancelled"));
    await clock.flush();
    expect(((await caught) as Error).message).to.equal("cancelled");
    expect(s.at).to.deep.equal([0]);
  });
});
