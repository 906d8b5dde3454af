// A Fleet's outputs in a stack's `pulumi stack export`, on either face: the plugin face records
// it as `hosting:index:Fleet`, the dynamic face as the dynamic resource `pulumi-nodejs:dynamic/hosting:Fleet`.

export interface FleetOutputs {
  members: Record<string, { id: string; os?: string }>;
  leftovers: Record<string, { id: string }>;
  fleetTag?: string;
  heldRoll?: { members: string[] } | null;
}

/** The first Fleet resource in the exported state; none when it holds no Fleet. */
function firstFleet(exported: string): { id?: string; outputs?: unknown } | undefined {
  const doc = JSON.parse(exported);
  return (doc.deployment.resources ?? []).find((r: any) => /hosting[:/]+(index:)?Fleet$/.test(r.type));
}

/** The outputs of the first Fleet in the exported state; none when it holds no Fleet. */
export function fleetIn(exported: string): FleetOutputs | undefined {
  return firstFleet(exported)?.outputs as FleetOutputs | undefined;
}

/** The resource id of the first Fleet in the exported state (a created Fleet's is its instance: `fleet-<uuid>`). */
export function fleetIdIn(exported: string): string | undefined {
  return firstFleet(exported)?.id;
}

/** The outputs of the first Fleet in the exported state; throws when it holds no Fleet. */
export function fleetOutputs(exported: string): FleetOutputs {
  const fleet = fleetIn(exported);
  if (!fleet) throw new Error("the exported state holds no Fleet");
  return fleet;
}
