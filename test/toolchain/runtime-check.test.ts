// The runtime check at package load refuses a Node or @pulumi/pulumi outside the supported ranges,
// naming the versions and the fix, and accepts those inside them, this process's own included.
import { expect } from "chai";
import { assertSupportedRuntime, currentVersions, runtimeProblem } from "../../provider/runtime-check";

describe("the runtime check at package load: Node and @pulumi/pulumi versions", () => {
  const refused: Array<[string, Parameters<typeof runtimeProblem>[0], string[]]> = [
    ["a Node older than 20.19", { node: "18.20.4", sdk: "3.248.0", sdkNodeRange: ">=18" }, ["Node.js 20.19.0 or later", "v18.20.4"]],
    ["Node 20.18, one release short", { node: "20.18.3", sdk: "3.248.0", sdkNodeRange: ">=18" }, ["20.19.0", "v20.18.3"]],
    ["an SDK below the peer range", { node: "24.21.0", sdk: "3.200.0", sdkNodeRange: ">=18" }, [">=3.248.0 <4.0.0", "has 3.200.0"]],
    ["an SDK of the next major", { node: "24.21.0", sdk: "4.0.0", sdkNodeRange: ">=22" }, [">=3.248.0 <4.0.0", "has 4.0.0"]],
    ["no SDK at all", { node: "24.21.0" }, ["not installed", "npm install @pulumi/pulumi"]],
    ["the newest SDK on Node 20", { node: "20.20.2", sdk: "3.270.0", sdkNodeRange: ">=22" }, ["@pulumi/pulumi 3.270.0 needs Node.js >=22", "v20.20.2"]],
  ];
  for (const [what, versions, named] of refused) {
    it(`refuses ${what}, naming the versions and the fix`, () => {
      const problem = runtimeProblem(versions);
      for (const text of named) expect(problem).to.include(text);
      expect(problem).to.include("README: Tested with");
      expect(() => assertSupportedRuntime(versions)).to.throw(problem!).with.property("stack", `Error: ${problem}`);
    });
  }

  const accepted: Array<[string, Parameters<typeof runtimeProblem>[0]]> = [
    ["the oldest lane: Node 20.19 with 3.248.0", { node: "20.19.0", sdk: "3.248.0", sdkNodeRange: ">=18" }],
    ["the middle lane: Node 22 with 3.270.0", { node: "22.23.3", sdk: "3.270.0", sdkNodeRange: ">=22" }],
    ["the current lane: Node 24 with 3.270.0", { node: "24.21.0", sdk: "3.270.0", sdkNodeRange: ">=22" }],
    ["an engines range it cannot read (left to npm)", { node: "22.0.0", sdk: "3.260.0", sdkNodeRange: "^22 || ^24" }],
  ];
  for (const [what, versions] of accepted) {
    it(`accepts ${what}`, () => expect(runtimeProblem(versions)).to.equal(undefined));
  }

  it("accepts this process and its installed SDK (the lane's own versions)", () => {
    const here = currentVersions();
    expect(here.node).to.equal(process.versions.node);
    expect(here.sdk).to.equal(require("@pulumi/pulumi/package.json").version);
    expect(runtimeProblem(here)).to.equal(undefined);
  });
});
