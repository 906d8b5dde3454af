// The benchmark's target for the plugin face: its `up` of N within 1.1 × the burst bound
// (engine + provisioning + the creates and catalogue reads beyond the burst of 100 at 1 a second).
// Results written by hand, no API.
import { expect } from "chai";
import { checkTargets } from "../../bench/fleet/targets";
import type { FleetRow, ModeCell } from "../../bench/fleet/table";

const cell = (seconds: number, requests: number, beyondCatalogue: number): ModeCell => ({ seconds, ok: true, requests, rateLimited: 0, beyondCatalogue });

describe("bench targets: the plugin face's up", () => {
  // 104 requests, 2 of them catalogue reads: 100 + 2 - 100 = 2 s of rate; bound 4 + 20 + 2 = 26 s.
  const row = (seconds: number): FleetRow => ({ shape: "A", n: 100, op: "up", engine: 4, plugin: cell(seconds, 104, 102) });

  it("is met at 1.1 × the bound and printed with both times", () => {
    const t = checkTargets([row(28.6)], undefined, 20000).find((c) => c.target.startsWith("plugin face"));
    expect(t).to.deep.equal({
      target: "plugin face, up shape A N=100: ≤ 1.1 × (engine + provisioning + creates and catalogue beyond the burst)",
      met: true,
      measured: "1.10 × (28.6 s vs 26.0 s)",
    });
  });

  it("is unmet just above it, and absent without a plugin cell or an engine time", () => {
    expect(checkTargets([row(28.7)], undefined, 20000).find((c) => c.target.startsWith("plugin face"))?.met).to.equal(false);
    expect(checkTargets([{ ...row(20), plugin: undefined }, { ...row(20), engine: undefined }], undefined, 20000).filter((c) => c.target.startsWith("plugin face"))).to.deep.equal([]);
  });
});
