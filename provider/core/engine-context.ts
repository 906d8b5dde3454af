// Refuses to declare a resource that the Pulumi engine would never hear of.
//
// The Node SDK sends a registration to the resource monitor of the deployment whose
// context the constructor runs in. A program run by the Automation API's inline-program
// server keeps that context in an AsyncLocalStorage; a constructor that runs outside it
// (a callback of something created before the run, a timer, an event handler) finds no
// monitor, and the SDK then answers the registration itself with a made-up URN and no
// error (runtime/resource.js, "if we aren't attached to the engine ... mock up a fake
// response"). The program ends cleanly, the engine has seen none of those resources, and
// plans to delete every one of them: a preview shows `- N to delete`, an `up` deletes the
// fleet. Throwing here turns that into a failed run that names the resource.

import * as pulumi from "@pulumi/pulumi";
import { untypedMethod } from "./sdk-internals";

export class OutsideDeploymentError extends Error {
  constructor(type: string, name: string) {
    super(
      `${type} "${name}" was declared outside a running Pulumi deployment: the Pulumi engine would not receive it, ` +
        `and would plan to delete it if it exists. Declare resources from the program itself (or from code it awaits), ` +
        `not from a timer, event handler or callback that began before the run.`,
    );
    this.name = "OutsideDeploymentError";
  }
}

/**
 * Throws when a resource declared now would not reach any resource monitor. `attached` is the
 * SDK's own answer; tests pass theirs, since mocks set once in a process attach one for good.
 */
export function assertInDeployment(type: string, name: string, attached: () => boolean = () => pulumi.runtime.hasMonitor() || legacyTestMode()): void {
  if (attached()) return;
  throw new OutsideDeploymentError(type, name);
}

/** PULUMI_TEST_MODE (SDKs before mocks) answers registrations locally on purpose. */
function legacyTestMode(): boolean {
  return untypedMethod(pulumi.runtime, "isTestModeEnabled")?.() === true;
}
