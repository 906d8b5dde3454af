// The many-stacks table and its targets (bench/fleet/multi-table.ts): each K × M run is
// compared with the one stack of K·M of the same shape and pacing, and judged against
// the many-stacks targets for its K. No benchmark runs here: the results are written by hand.
import { expect } from "chai";
import { checkMultiTargets, multiRows } from "../../bench/fleet/multi-table";
import type { MultiStackResult } from "../../bench/fleet/multi-stack";
import type { Pacing, Shape } from "../../bench/fleet/options";

function result(shape: Shape, k: number, m: number, pacing: Pacing, seconds: number, total: number, rateLimited: number): MultiStackResult {
  return {
    shape,
    k,
    m,
    cooperate: pacing !== "off",
    pacing,
    seconds,
    perStackSeconds: Array.from({ length: k }, () => seconds),
    ok: true,
    requests: { total, rateLimited, byRoute: {}, beyondCatalogue: 0 },
    servers: k * m,
    timeline: [],
  };
}

const verdicts = (results: MultiStackResult[]) =>
  Object.fromEntries(checkMultiTargets(multiRows(results), results).map((c) => [c.target, c.met]));

describe("many-stacks table: the targets for each K", () => {
  it("compares each run with one stack of the same shape, not of another", () => {
    const rows = multiRows([
      result("A", 1, 160, "on", 100, 200, 0),
      result("B", 1, 160, "on", 50, 100, 0),
      result("A", 4, 40, "on", 110, 210, 0),
      result("B", 4, 40, "on", 110, 210, 0),
    ]);
    expect(rows.map((r) => [r.shape, r.run, r.timeRatio])).to.deep.equal([
      ["A", "one stack × 160", undefined],
      ["B", "one stack × 160", undefined],
      ["A", "4 stacks × 40", 1.1],
      ["B", "4 stacks × 40", 2.2],
    ]);
  });

  it("holds 4 stacks to ≤ 1.15× time and ≤ 1% 429s", () => {
    // 1.18× and 1.5% 429s: over 4 stacks' targets (and within 8 stacks', the next test).
    expect(verdicts([result("B", 1, 160, "on", 100, 200, 0), result("B", 4, 40, "on", 118, 200, 3)])).to.deep.equal({
      "shape B, 4 stacks × 40, cooperation on: time ≤ 1.15× one stack": false,
      "shape B, 4 stacks × 40, cooperation on: requests ≤ 1.15× one stack": true,
      "shape B, 4 stacks × 40, cooperation on: 429s ≤ 1% of requests": false,
      "shape B, 4 stacks × 40, cooperation on: every server exists once": true,
    });
  });

  it("holds 8 stacks to ≤ 1.2× time and ≤ 2% 429s", () => {
    expect(verdicts([result("B", 1, 160, "on", 100, 200, 0), result("B", 8, 20, "on", 118, 200, 3)])).to.deep.equal({
      "shape B, 8 stacks × 20, cooperation on: time ≤ 1.2× one stack": true,
      "shape B, 8 stacks × 20, cooperation on: requests ≤ 1.15× one stack": true,
      "shape B, 8 stacks × 20, cooperation on: 429s ≤ 2% of requests": true,
      "shape B, 8 stacks × 20, cooperation on: every server exists once": true,
    });
    // 1.21×, 2.5% 429s and one server missing: over every target.
    const over = { ...result("B", 8, 20, "on", 121, 240, 6), servers: 159 };
    expect(verdicts([result("B", 1, 160, "on", 100, 200, 0), over])).to.deep.equal({
      "shape B, 8 stacks × 20, cooperation on: time ≤ 1.2× one stack": false,
      "shape B, 8 stacks × 20, cooperation on: requests ≤ 1.15× one stack": false,
      "shape B, 8 stacks × 20, cooperation on: 429s ≤ 2% of requests": false,
      "shape B, 8 stacks × 20, cooperation on: every server exists once": false,
    });
  });

  it("sets no target for cooperation off (the before) or for one stack", () => {
    expect(verdicts([result("A", 1, 160, "off", 100, 200, 0), result("A", 4, 40, "off", 300, 900, 400)])).to.deep.equal({});
  });
});
