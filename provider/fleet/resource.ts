// A fleet of servers declared as groups × regions × count, one resource (provider/fleet/).
//   create  POST /v1/servers per member (or adoption: no POST), each waited for until `active`
//   read    one GET /v1/servers answers every member (refresh); `pulumi import` on the plugin face
//   update  per member key: DELETE for a lower count, PATCH for label/tags, POST for a new
//           member, and a rolling replacement (POST, wait for active, DELETE) in batches of
//           maxSurge + maxUnavailable for OS, plan and the other replace fields
//   delete  DELETE /v1/servers/:id for every member, then polls until they are gone
// The calls per member are a Server's (provider/server/resource.ts lists them).

import * as pulumi from "@pulumi/pulumi";
import { assertInDeployment } from "../core/engine-context";
import { isolateEngineConnections } from "../core/engine-connections";
import { dynamicFacts, providerShell, shellCache } from "../core/shell";
import type { ResourceFacts } from "../core/context";
import type { FleetArgs, FleetMember } from "./types";

export type { FleetArgs, FleetDefaults, FleetGroup, FleetMember } from "./types";

// The shell that is serialized into state: two functions that load the implementation by
// package name at call time (see provider/core/route.ts for why two).
/** The serialized provider of a `Fleet` with these facts (a thin shell over provider/fleet/provider.ts). */
export const fleetProvider = shellCache((facts: ResourceFacts) =>
  providerShell(
    (...a: unknown[]) => require("pulumi-hosting/internal/fleet").observe(a, facts),
    (...a: unknown[]) => require("pulumi-hosting/internal/fleet").change(a, facts),
  ),
);

isolateEngineConnections();

/**
 * A fleet of servers: groups of identical servers in several regions, each member named
 * `<group>-<region>-<n>`. Changes converge by member key, and a change that replaces servers
 * (OS, plan, ...) rolls through the fleet in batches bounded by `maxSurge` and `maxUnavailable`.
 */
export class Fleet extends pulumi.dynamic.Resource {
  /** The members by key `<group>-<region>-<n>`: id, label, region, plan, os, mainIp and status of each. */
  declare public readonly members: pulumi.Output<Record<string, FleetMember>>;
  /** Servers of a failed replacement that hold no member; the next `up` deletes them. */
  declare public readonly leftovers: pulumi.Output<Record<string, FleetMember>>;
  /** The rolling replacement's surge: extra servers at once. */
  declare public readonly maxSurge: pulumi.Output<number>;
  /** The rolling replacement's members out of service at once. */
  declare public readonly maxUnavailable: pulumi.Output<number>;
  /** Seconds between two batches of a rolling replacement. */
  declare public readonly pauseSeconds: pulumi.Output<number>;

  constructor(name: string, args: FleetArgs, opts?: pulumi.CustomResourceOptions);
  /** Fleet.get's form: no arguments; `opts.id` names the fleet to read. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions & { id: pulumi.Input<pulumi.ID> });
  constructor(name: string, args: FleetArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    assertInDeployment("hosting:Fleet", name);
    const props: Record<string, unknown> = { members: undefined, leftovers: undefined, ...(args ?? {}) };
    // The stack, the parents' types and the name, for the tag every member carries
    // (provider/fleet/identity.ts); the host passes the provider none of them.
    const facts = dynamicFacts(name, { withName: true, replaceOnChanges: opts?.replaceOnChanges, parent: opts?.parent }, { project: pulumi.getProject(), stack: pulumi.getStack() });
    super(fleetProvider(facts), name, props, opts, "hosting", "Fleet");
  }

  /** Looks up an existing fleet by the id of an earlier `up`. */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): Fleet {
    return new Fleet(name, undefined, { ...opts, id });
  }
}
