// Servers -> Fleet (docs/guide.md, "From Servers to a Fleet"): the Fleet's `adoptIds` for the
// `Server` resources a stack holds, read from `pulumi stack export`. A Server whose resource
// name is one of the Fleet's member keys (`<group>-<region>-<n>`, as the demo and the Fleet name
// them) becomes that member: its server is taken over by id in the same `up` that drops the
// Server resource, and the Server's delete then leaves it to the Fleet (server/fleet-held.ts).

/** The resource types of a `Server` on either face. */
export const SERVER_TYPES = ["pulumi-nodejs:dynamic/hosting:Server", "hosting:index:Server"];

interface ExportedResource {
  urn: string;
  type: string;
  id?: string;
}

/** What `pulumi stack export` prints (the part this reads). */
export interface ExportedStack {
  deployment?: { resources?: ExportedResource[] };
}

/** The resource name of a URN: urn:pulumi:<stack>::<project>::<type>::<name>. */
function nameOf(urn: string): string {
  return urn.split("::").slice(3).join("::");
}

/**
 * `{ <member key>: <server id> }` for each Server of `stack` whose name is in `memberKeys`
 * (all Servers when `memberKeys` is not given), in member key order.
 */
export function fleetAdoptIds(stack: ExportedStack, memberKeys?: Iterable<string>): Record<string, string> {
  const keys = memberKeys ? new Set(memberKeys) : undefined;
  const found = (stack.deployment?.resources ?? [])
    .filter((r) => SERVER_TYPES.includes(r.type) && typeof r.id === "string" && r.id !== "")
    .map((r) => [nameOf(r.urn), r.id as string] as const)
    .filter(([name]) => !keys || keys.has(name));
  return Object.fromEntries(found.sort(([a], [b]) => a.localeCompare(b)));
}
