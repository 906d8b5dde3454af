// The inline programs of the benchmark: N hosting servers (ours), the same N as NaiveServers
// (naive mode: the same inputs, served by the naive baseline's provider, bench/naive/server.ts),
// the same N on the plugin face (custom resources of type hosting:index:Server, as a generated
// SDK declares them), or N no-op resources.

import type { PulumiFn } from "@pulumi/pulumi/automation";
import * as pulumi from "@pulumi/pulumi";
import * as hosting from "pulumi-hosting";
import { NaiveServer } from "../naive/server";
import { NoopServer } from "./noop-resource";
import type { Mode, OwnerTagMode } from "./options";

const SERVER = { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04" };

/** A server of the plugin face, declared as the generated SDK's Server class declares it. */
class PluginServer extends pulumi.CustomResource {
  constructor(name: string, props: pulumi.Inputs) {
    super("hosting:index:Server", name, props);
  }
}

/**
 * `prefix` tells the stacks of one multi-stack run apart (labels name the stack); `ownerTag`
 * "off" declares `ownerTag: ""`, "declared" the stack's tag (options.ts).
 */
export function fleetProgram(mode: Mode, n: number, prefix = "", ownerTag: OwnerTagMode = "default"): PulumiFn {
  return async () => {
    for (let i = 0; i < n; i++) {
      const name = `srv-${String(i).padStart(4, "0")}`;
      if (mode === "bound") new NoopServer(name, { key: name, ...SERVER, label: `fleet-${i}` });
      else if (mode === "plugin") new PluginServer(name, { ...SERVER, label: `fleet-${prefix}${i}`, ...ownerTagArg(ownerTag) });
      else if (mode === "naive") new NaiveServer(name, { ...SERVER, label: `fleet-${prefix}${i}`, ...ownerTagArg(ownerTag) });
      else new hosting.Server(name, { ...SERVER, label: `fleet-${prefix}${i}`, ...ownerTagArg(ownerTag) });
    }
    return { count: n };
  };
}

function ownerTagArg(mode: OwnerTagMode): { ownerTag?: string } {
  if (mode === "off") return { ownerTag: "" };
  if (mode === "declared") return { ownerTag: `pulumi-stack:${pulumi.getProject()}/${pulumi.getStack()}` };
  return {};
}
