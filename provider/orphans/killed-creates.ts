// The Fleet creates that were killed after their last mark: their servers mark their instance
// live, as a live Fleet's do, so the next `up` of the Fleet leaves them alone and makes its
// members again (docs/guide/ownership.md, "What the rule cannot tell"). Only a reader of every
// stack's state can tell such an instance from a live one: an instance that its unrecorded
// servers mark live and that no named stack's state holds is a killed create's. Importing it
// (`tag:hosting-owner:<instance>`, provider/fleet/read.ts) records its servers as the Fleet's,
// with no POST.
import type { Server } from "../api/wire/types";
import { liveInstancesOf, ownerMarkOf } from "../fleet/identity";
import { isFleetInstance } from "../fleet/ownership";
import { FLEET_TAG_PREFIX, ownerOf } from "../server/system-tags";

export interface KilledCreate {
  /** The fleet instance the servers carry the owner mark of. */
  instance: string;
  /** The fleet tag its servers carry. */
  fleetTag: string;
  /** The ids of its servers in no state. */
  servers: string[];
  /** The `pulumi import` id that records them: every server with the instance's owner mark. */
  importId: string;
}

/**
 * Of `unrecorded` (fleet servers no named state holds), the instances a create made that one of
 * them marks live and that `held` (every owner mark a named state's Fleet holds servers by) does
 * not hold, sorted by fleet tag then instance.
 */
export function killedCreates(unrecorded: readonly Server[], held: ReadonlySet<string>): KilledCreate[] {
  const live = new Set(unrecorded.flatMap((s) => liveInstancesOf(s.tags)));
  const byInstance = new Map<string, KilledCreate>();
  for (const s of unrecorded) {
    const owner = ownerOf(s.tags);
    const fleetTag = (s.tags ?? []).find((t) => t.startsWith(FLEET_TAG_PREFIX));
    if (typeof owner !== "string" || !isFleetInstance(owner) || !fleetTag || !live.has(owner) || held.has(owner)) continue;
    const found = byInstance.get(owner) ?? { instance: owner, fleetTag, servers: [], importId: `tag:${ownerMarkOf(owner)}` };
    found.servers.push(s.id);
    byInstance.set(owner, found);
  }
  return [...byInstance.values()].sort((a, b) => (a.fleetTag === b.fleetTag ? (a.instance < b.instance ? -1 : 1) : a.fleetTag < b.fleetTag ? -1 : 1));
}
