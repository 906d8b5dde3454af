// The tagless orphan check (`hosting-orphans --stack`): no ownership tag needed, so it works
// for shape B's default servers. Each named stack is previewed; the servers its program would
// create are matched (match-planned.ts) against the account's servers that no named stack
// holds. What a crash created is exactly such a server: the program declares it, the state
// does not know it. A Fleet plans no per-member creates: its unrecorded servers are the ones
// carrying its tag: the fleet takes them over on its next `up`, but for those of a create killed
// after its last mark (killed-creates.ts), which the named stacks' states tell apart and which a
// `pulumi import` records where the state does not hold the Fleet yet. Acting on them (adopt,
// import or delete) is the caller's explicit step.
import type { HostingApi, Server } from "../api/wire/types";
import { FLEET_TYPES } from "../core/resource-types";
import { findOrphans, untrackedServers } from "./find-orphans";
import { killedCreates, type KilledCreate } from "./killed-creates";
import { matchPlanned, type MatchResult } from "./match-planned";
import type { PlannedFleet } from "./planned-creates";
import type { PreviewedStack } from "./preview-stack";

/** A killed create's servers, with the Fleet of a named stack's program whose tag they carry. */
export type KilledFleetCreate = KilledCreate & { stack: string; fleet: PlannedFleet };

/** Whether `pulumi import` can record a killed create: the preview creates its Fleet (the state does not hold it) on the plugin face. */
export function importable(k: KilledFleetCreate): boolean {
  return k.fleet.created && k.fleet.type === FLEET_TYPES[1];
}

/** The pairs of planned creates and servers, the unrecorded servers of the stacks' fleets, and the killed creates among them. */
export type TaglessResult = MatchResult & { fleetMembers: Server[]; killedCreates: KilledFleetCreate[] };

export async function findTaglessOrphans(api: HostingApi, stacks: PreviewedStack[]): Promise<TaglessResult> {
  const stateIds = new Set(stacks.flatMap((s) => [...s.stateIds]));
  const candidates = await untrackedServers(api, stateIds, stacks.map((s) => s.ownTag));
  const fleetMembers = await findOrphans(api, stacks.flatMap((s) => s.fleetTags), stateIds, stacks.flatMap((s) => s.fleetInstances));
  const held = new Set(stacks.flatMap((s) => [...s.fleetOwners]));
  const declared = stacks.flatMap((s) => s.fleets.map((fleet) => ({ stack: s.name, fleet })));
  const killed = killedCreates(fleetMembers, held).flatMap((k) => declared.filter((d) => d.fleet.tag === k.fleetTag).map((d) => ({ ...k, ...d })));
  return { ...matchPlanned(stacks.flatMap((s) => s.planned), candidates), fleetMembers, killedCreates: killed };
}
