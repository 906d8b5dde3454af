// A resource declared where no resource monitor would hear of it (provider/core/engine-context.ts).
// The Automation API case through the engine is test/e2e/outside-deployment.test.ts; under
// `pulumi.runtime.setMocks` a monitor is attached and construction works (resources.test.ts).
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { OutsideDeploymentError, assertInDeployment } from "../../../provider/core/engine-context";

describe("resources declared outside a running deployment (assertInDeployment)", () => {
  it("throws an OutsideDeploymentError naming the type and the resource when no monitor is attached", () => {
    let thrown: unknown;
    try {
      assertInDeployment("hosting:Server", "web-1", () => false);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).to.be.instanceOf(OutsideDeploymentError);
    const err = thrown as Error;
    expect(err.name).to.equal("OutsideDeploymentError");
    // What happened, what the engine would do, and what to do instead: the whole message.
    expect(err.message).to.equal(
      'hosting:Server "web-1" was declared outside a running Pulumi deployment: the Pulumi engine would not receive it, ' +
        "and would plan to delete it if it exists. Declare resources from the program itself (or from code it awaits), " +
        "not from a timer, event handler or callback that began before the run.",
    );
  });

  it("lets the resource through when a monitor is attached", () => {
    expect(() => assertInDeployment("hosting:Server", "web-1", () => true)).to.not.throw();
  });

  it("asks the SDK by default: under this process's state it agrees with pulumi.runtime.hasMonitor()", () => {
    const attached = pulumi.runtime.hasMonitor();
    const call = () => assertInDeployment("hosting:Webhook", "events");
    if (attached) expect(call).to.not.throw();
    else expect(call).to.throw(OutsideDeploymentError, 'hosting:Webhook "events"');
  });
});
