// The Fleet benchmark's inline programs: N `hosting.Server`, one `hosting.Fleet` of N members
// (one group in ewr), and N no-op resources for the engine's own cost. On the plugin face the
// same resources are `hosting:index:Server` and `hosting:index:Fleet`, declared as the
// generated SDK declares them.

import * as pulumi from "@pulumi/pulumi";
import type { PulumiFn } from "@pulumi/pulumi/automation";
import * as hosting from "pulumi-hosting";
import { NoopServer } from "../noop-resource";
import type { Face } from "./args";

class PluginResource extends pulumi.CustomResource {
  constructor(type: string, name: string, props: pulumi.Inputs) {
    super(type, name, props);
  }
}

const SERVER = { region: "ewr", plan: "vc2-1c-1gb" };

export const serversProgram = (n: number, face: Face): PulumiFn => async () => {
  for (let i = 0; i < n; i++) {
    const args = { ...SERVER, os: "ubuntu-24.04", label: `srv-${i}` };
    if (face === "plugin") new PluginResource("hosting:index:Server", `srv-${i}`, args);
    else new hosting.Server(`srv-${i}`, args);
  }
};

/**
 * `os` and `healthCheck` are read when the program runs, so the roll is the same stack with
 * another image (and a health check for the health-gated roll). Like
 * the Servers program, it exports nothing: exporting `members` would copy the Fleet's outputs
 * into the stack's outputs (0.4 s more for 1,000 members), a cost of the program, not the Fleet.
 */
export const fleetProgram = (n: number, surge: number, os: () => string, face: Face = "dynamic", healthCheck: () => object | undefined = () => undefined): PulumiFn => async () => {
  const health = healthCheck();
  const args = { maxSurge: surge, defaults: { plan: SERVER.plan, os: os() }, groups: [{ name: "srv", regions: [SERVER.region], count: n }], ...(health ? { healthCheck: health } : {}) };
  if (face === "plugin") new PluginResource("hosting:index:Fleet", "fleet", args);
  else new hosting.Fleet("fleet", args);
};

export const noopProgram = (n: number): PulumiFn => async () => {
  for (let i = 0; i < n; i++) new NoopServer(`noop-${i}`, { key: `noop-${i}`, ...SERVER, os: "ubuntu-24.04", label: `noop-${i}` });
};
