// A resource declared where no resource monitor would hear of it (provider/core/engine-context.ts).
// The Automation API case through the engine is test/e2e/outside-deployment.test.ts; under
// `pulumi.runtime.setMocks` a monitor is attached and construction works (resources.test.ts).
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { OutsideDeploymentError, assertInDeployment } from "../../../provider/core/engine-context";

describe("resources declared outside a running deployment (assertInDeployment)", () => {
  it("throws an OutsideDeploymentError naming the type and the resource when no monitor is attached", function () {
    // Mocks set by an earlier test file in this process attach a monitor for good.
    if (pulumi.runtime.hasMonitor()) this.skip();
    let thrown: unknown;
    try {
      assertInDeployment("hosting:Server", "web-1");
    } catch (e) {
      thrown = e;
    }
    expect(thrown).to.be.instanceOf(OutsideDeploymentError);
    const err = thrown as Error;
    expect(err.name).to.equal("OutsideDeploymentError");
    expect(err.message).to.match(/^hosting:Server "web-1" was declared outside a running Pulumi deployment: the Pulumi engine would not receive it/);
    expect(err.message).to.include("not from a timer, event handler or callback that began before the run");
  });
});
