// The plugin's heap growing factor (provider/plugin/heap-growth.ts): 40 % unless
// HOSTING_PLUGIN_HEAP_GROWING_PERCENT sets another (0: V8's own), a bad value refused naming the
// variable and what it allows, and left to node's command line when that names one.
import { expect } from "chai";
import * as v8 from "v8";
import { heapGrowingPercent } from "../../../provider/core/settings";
import { limitHeapGrowth } from "../../../provider/plugin/heap-growth";

const VAR = "HOSTING_PLUGIN_HEAP_GROWING_PERCENT";

describe("the plugin's heap growing factor", () => {
  // limitHeapGrowth sets the flag in this process: V8's own factor again for the tests after.
  after(() => v8.setFlagsFromString("--heap-growing-percent=0"));

  it("is 40 % unless the variable sets another, 0 for V8's own", () => {
    expect(heapGrowingPercent({})).to.equal(40);
    expect(heapGrowingPercent({ [VAR]: "" })).to.equal(40);
    expect(heapGrowingPercent({ [VAR]: "0" })).to.equal(0);
    expect(heapGrowingPercent({ [VAR]: " 300 " })).to.equal(300);
  });

  it("refuses a value that is not a whole number from 0 to 300 with a SettingError naming the variable, the value and what is allowed", () => {
    for (const bad of ["abc", "-5", "12.5", "301", "1e2"]) {
      let err: Error | undefined;
      try {
        heapGrowingPercent({ [VAR]: bad });
      } catch (e) {
        err = e as Error;
      }
      expect(err?.name, bad).to.equal("SettingError");
      expect(err?.message, bad).to.equal(`environment variable ${VAR} is "${bad}"; allowed: a whole number from 0 to 300; 0 is V8's own factor`);
    }
  });

  it("is set at the plugin's start unless node's command line names one, in either spelling", () => {
    expect(limitHeapGrowth([], {})).to.equal(40);
    expect(limitHeapGrowth(["--enable-source-maps"], { [VAR]: "60" })).to.equal(60);
    expect(limitHeapGrowth(["--heap-growing-percent=80"], {})).to.equal(undefined);
    expect(limitHeapGrowth(["--heap_growing_percent=100"], {})).to.equal(undefined);
  });
});
