// The plugin's heap growing factor (provider/plugin/heap-growth.ts): set when Node's options name
// none, left to them when its command line or NODE_OPTIONS names `--heap-growing-percent`.
import { expect } from "chai";
import { limitHeapGrowth } from "../../../provider/plugin/heap-growth";

describe("the plugin's heap growing factor", () => {
  it("is set when neither node's command line nor NODE_OPTIONS names one", () => {
    expect(limitHeapGrowth([], "")).to.equal(true);
    expect(limitHeapGrowth(["--enable-source-maps"], "--max-old-space-size=4096")).to.equal(true);
  });

  it("is left to node's command line or NODE_OPTIONS when either names one, in either spelling", () => {
    expect(limitHeapGrowth(["--heap-growing-percent=80"], "")).to.equal(false);
    expect(limitHeapGrowth([], "--inspect --heap_growing_percent=100")).to.equal(false);
  });
});
