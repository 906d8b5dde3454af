// What an exported stack state (`pulumi stack export`) says about servers: every server id a
// resource records, and the tag of every Fleet in it. Each resource type that owns a server is
// read here, on both faces:
//   Server   (pulumi-nodejs:dynamic/hosting:Server, hosting:index:Server)  its id
//   Fleet    (pulumi-nodejs:dynamic/hosting:Fleet,  hosting:index:Fleet)   the ids of its members
//            and leftovers, its tag and its instance (provider/fleet/identity.ts)
//   Webhook and the provider resource own none.
// A type of this provider that is none of these is refused with an error rather than guessed:
// a tool that misreads a state would call a running server an orphan and offer to delete it.

import { isFleetType, isHostingType, isServerType, PROVIDER_TYPE, WEBHOOK_TYPES } from "../core/resource-types";
import { instanceOf } from "../fleet/identity";
import { urnName } from "../core/urn";

export { FLEET_TYPES, isHostingType, SERVER_TYPES } from "../core/resource-types";
const OWN_NO_SERVER: readonly string[] = [...WEBHOOK_TYPES, PROVIDER_TYPE];

export interface StateServers {
  /** Every server id a resource of the state records. */
  ids: Set<string>;
  /** The tag of every Fleet in the state that has one (a Fleet from before tags has none). */
  fleetTags: string[];
  /** Every Fleet instance of the state (provider/fleet/identity.ts `instanceOf` of its id): its updates' pending labels name it. */
  fleetInstances: string[];
  /** Every owner mark a Fleet of the state holds servers by: each instance, and the mark an imported member was recorded with. */
  fleetOwners: Set<string>;
  /** Every Fleet of the state: its name and type, and every fleet tag it lists its servers by (its first, its last run's, its former names'). */
  fleets: Array<{ name: string; type: string; tags: string[] }>;
}

interface StateResource {
  type?: unknown;
  urn?: unknown;
  id?: unknown;
  outputs?: Record<string, unknown>;
}

export function serversInState(exported: unknown): StateServers {
  const deployment = (exported as { deployment?: { resources?: unknown } } | undefined)?.deployment;
  const resources = Array.isArray(deployment?.resources) ? (deployment.resources as StateResource[]) : [];
  const ids = new Set<string>();
  const fleetTags: string[] = [];
  const fleetInstances: string[] = [];
  const fleetOwners = new Set<string>();
  const fleets: StateServers["fleets"] = [];
  for (const r of resources) {
    const type = typeof r.type === "string" ? r.type : "";
    if (isServerType(type)) {
      if (typeof r.id === "string" && r.id !== "") ids.add(r.id);
    } else if (isFleetType(type)) {
      for (const group of [r.outputs?.members, r.outputs?.leftovers]) for (const id of memberIds(group)) ids.add(id);
      if (typeof r.outputs?.fleetTag === "string") fleetTags.push(r.outputs.fleetTag);
      if (typeof r.id === "string" && r.id !== "") fleetInstances.push(instanceOf(r.id));
      for (const group of [r.outputs?.members, r.outputs?.leftovers]) for (const owner of memberOwners(group)) fleetOwners.add(owner);
      const tags = [r.outputs?.fleetTag, r.outputs?.nameTag, ...(Array.isArray(r.outputs?.formerTags) ? r.outputs.formerTags : [])].filter((t): t is string => typeof t === "string");
      fleets.push({ name: typeof r.urn === "string" ? urnName(r.urn) : "", type, tags: [...new Set(tags)] });
    } else if (isHostingType(type) && !OWN_NO_SERVER.includes(type)) {
      throw new Error(
        `the state holds ${String(r.urn ?? type)} of type ${type}, which this version of hosting-orphans does not understand; ` +
          "it will not judge the servers of a state it cannot read (a running server could look like an orphan): use the hosting-orphans of the pulumi-hosting release that made the stack",
      );
    }
  }
  for (const instance of fleetInstances) fleetOwners.add(instance);
  return { ids, fleetTags, fleetInstances, fleetOwners, fleets };
}

/** The server ids of a Fleet's `members` or `leftovers` output (plain, or as a secret the export shows unwrapped). */
function memberIds(group: unknown): string[] {
  return fieldOfEach(group, "id");
}

/** The owner marks a Fleet's `members` or `leftovers` were recorded with (an import's, a reclaim's). */
function memberOwners(group: unknown): string[] {
  return fieldOfEach(group, "owner");
}

function fieldOfEach(group: unknown, field: "id" | "owner"): string[] {
  if (!group || typeof group !== "object") return [];
  return Object.values(group as Record<string, unknown>).flatMap((m) => {
    const value = (m as Record<string, unknown> | null)?.[field];
    return typeof value === "string" && value !== "" ? [value] : [];
  });
}
