// Servers -> Fleet (docs/guide/adoption-and-moves.md, "From Servers to a Fleet"): the Fleet's `adoptIds` for the
// `Server` resources a stack holds, read from `pulumi stack export`. A Server whose resource
// name is one of the Fleet's member keys (`<group>-<region>-<n>`, as the demo and the Fleet name
// them) becomes that member: its server is taken over by id in the same `up` that drops the
// Server resource, and the Server's delete then leaves it to the Fleet (server/fleet-held.ts).

import { isServerType } from "../core/resource-types";
import { urnName } from "../core/urn";

export { SERVER_TYPES } from "../core/resource-types";

interface ExportedResource {
  urn: string;
  type: string;
  id?: string;
}

/** What `pulumi stack export` prints (the part this reads). */
export interface ExportedStack {
  deployment?: { resources?: ExportedResource[] };
}

/**
 * `{ <member key>: <server id> }` for each Server of `stack` whose name is in `memberKeys`
 * (all Servers when `memberKeys` is not given), in member key order.
 */
export function fleetAdoptIds(stack: ExportedStack, memberKeys?: Iterable<string>): Record<string, string> {
  const keys = memberKeys ? new Set(memberKeys) : undefined;
  const found = (stack.deployment?.resources ?? [])
    .filter((r) => isServerType(r.type) && typeof r.id === "string" && r.id !== "")
    .map((r) => [urnName(r.urn), r.id as string] as const)
    .filter(([name]) => !keys || keys.has(name));
  return Object.fromEntries(found.sort(([a], [b]) => a.localeCompare(b)));
}
