// The Fleet benchmark's flags and its targets (bench/fleet/resource/), on made-up
// measurements: which bound each target uses, the literal bound kept as a note, and the
// suite's configurations.
import { expect } from "chai";
import { parseFleetBenchArgs } from "../../bench/fleet/resource/args";
import { fleetTargets, type ConfigResult, type Timed } from "../../bench/fleet/resource/targets";

const timed = (seconds: number, requests: { total: number; beyondCatalogue: number }, answerSeconds = 0): Timed => ({
  seconds, ok: true, answerSeconds, requests: { total: requests.total, rateLimited: 0, byRoute: {}, beyondCatalogue: requests.beyondCatalogue },
});

describe("bench: the Fleet benchmark's targets", () => {
  it("the suite runs 100 on the default tier and 1,000 on an unlimited key, on both faces unless --face names one", () => {
    const all = parseFleetBenchArgs(["--suite", "targets"]).configs.map((c) => `${c.face} ${c.n} ${c.tier} ${c.ops.join(",")}`);
    expect(all).to.deep.equal([
      "dynamic 100 default up,preview,refresh,roll,health-roll,destroy", "dynamic 1000 unlimited up,destroy",
      "plugin 100 default up,preview,refresh,roll,health-roll,destroy", "plugin 1000 unlimited up,destroy",
    ]);
    expect(parseFleetBenchArgs(["--suite", "targets", "--face", "plugin"]).configs.map((c) => c.face)).to.deep.equal(["plugin", "plugin"]);
    expect(() => parseFleetBenchArgs(["--tier", "gold"])).to.throw(/--tier: expected default or unlimited, got "gold"/);
    expect(() => parseFleetBenchArgs(["--ops", "up,fly"])).to.throw(/--ops: expected some of up, preview, refresh, roll, health-roll, destroy, got "up,fly"/);
  });

  it("default tier: the Fleet's up against the burst bound (engine for N no-op resources + provisioning + requests beyond the burst), and the roll", () => {
    const [config] = parseFleetBenchArgs(["--n", "100", "--provision-ms", "5000", "--surge", "10"]).configs;
    const r: ConfigResult = {
      config, engine: { n: { up: 3, destroy: 2 } }, servers: {}, stateBytesPerMember: {},
      // 103 requests: 3 catalogue reads beyond the burst of 100 cost 3 s at 1 a second.
      fleet: { up: timed(11.9, { total: 105, beyondCatalogue: 102 }), roll: timed(150, { total: 230, beyondCatalogue: 230 }) },
    };
    const checks = fleetTargets(r);
    expect(checks.map((c) => [c.met, c.measured.split(" (")[0]])).to.deep.equal([[true, "1.08 ×"], [true, "1.00 ×"], [true, "0 × 429"]]);
    r.fleet.up = timed(12.2, { total: 105, beyondCatalogue: 102 });
    expect(fleetTargets(r)[0]).to.include({ met: false });
  });

  it("default tier: the health-gated roll against batches × (provisioning + grace + the check's time to pass) + the rate time, printed after the roll", () => {
    const [config] = parseFleetBenchArgs(["--n", "100", "--provision-ms", "5000", "--surge", "10", "--ops", "roll,health-roll"]).configs;
    const r: ConfigResult = {
      config, engine: {}, servers: {}, stateBytesPerMember: {}, health: { graceSeconds: 2, afterSeconds: 10 },
      fleet: { roll: timed(150, { total: 230, beyondCatalogue: 230 }), "health-roll": timed(285, { total: 230, beyondCatalogue: 230 }) },
    };
    // 10 batches × (5 + 2 + 10) s + (200 - 100 burst) requests at 1 a second = 270 s.
    const checks = fleetTargets(r);
    expect(checks.map((c) => [c.target.includes("health-gated"), c.met, c.measured.split(" (")[0]])).to.deep.equal([[false, true, "1.00 ×"], [true, true, "1.06 ×"]]);
    r.fleet["health-roll"] = timed(311, { total: 230, beyondCatalogue: 230 });
    expect(fleetTargets(r)[1]).to.include({ met: false });
    delete r.health;
    expect(fleetTargets(r).map((c) => c.target.includes("health-gated")), "no check without the health-gated roll's figures").to.deep.equal([false]);
  });

  it("unlimited key: the literal bound is a note; the one held adds one no-op resource's engine time; and a third of the Servers' time", () => {
    const [config] = parseFleetBenchArgs(["--n", "1000", "--provision-ms", "5000", "--tier", "unlimited", "--ops", "up,destroy"]).configs;
    const r: ConfigResult = {
      config, engine: { one: { up: 1.8, destroy: 1.1 } }, stateBytesPerMember: {},
      servers: { up: timed(114, { total: 1068, beyondCatalogue: 1065 }), destroy: timed(179, { total: 1144, beyondCatalogue: 1144 }) },
      fleet: { up: timed(8.2, { total: 1005, beyondCatalogue: 1002 }, 0.25), destroy: timed(2.1, { total: 1001, beyondCatalogue: 1001 }, 0.1) },
    };
    const byTarget = Object.fromEntries(fleetTargets(r).map((c) => [c.target.replace(/^N=1000 shape A dynamic face unlimited key: /, ""), { met: c.met, note: c.note === true }]));
    expect(byTarget).to.deep.equal({
      "Fleet up against provisioning + the API's answer time alone": { met: false, note: true },
      "Fleet up, one no-op resource's engine time + provisioning + the API's answer time ≤ 1.2 × bound": { met: true, note: false },
      "Fleet up with its reconciliation, one no-op resource's engine time + provisioning + the API's answer time ≤ 1.25 × bound": { met: true, note: false },
      "Fleet up ≤ 1/3 of N Server resources' up": { met: true, note: false },
      "Fleet destroy against the API's answer time alone": { met: false, note: true },
      "Fleet destroy, one no-op resource's engine time + the API's answer time ≤ 1.2 × bound": { met: false, note: false },
      "Fleet destroy ≤ 1/3 of N Server resources' destroy": { met: true, note: false },
      "Fleet up 0 × 429": { met: true, note: false },
      "Fleet destroy 0 × 429": { met: true, note: false },
    });
  });
});
