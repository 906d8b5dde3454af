// Which servers a Fleet instance may act on (take over, record, delete), from the servers' own
// tags (identity.ts says what each mark means), never from how they were listed: an API that
// ignores `?tag=` or a `next` link that wanders costs no other resource's server.
//   its own      carries `hosting-owner:<this instance>`
//   abandoned    carries the fleet's tag and the owner mark of an instance that no listed server
//                marks live and that runs no operation in this process (a Fleet of the same name
//                created in the same `up`): left by a create that never finished; the fleet takes
//                it over (reclaim) or deletes it (a leftover recorded with that owner)
//   unmarked     carries the fleet's tag and no owner mark: made before owner marks existed; an
//                update or delete of the fleet counts it as its own (as before), a create does not
//                (it may be a live older Fleet's of that name: a replacement's create runs beside it)
//   another's    anything else: a live instance's, a Server's (`hosting-owner:server`), two owners
// A delete reads the server again just before it (mayDelete): it leaves a server whose owner mark
// changed since the fleet recorded it, so a take-over by another resource in the same `up` wins.

import type { Server } from "../api/wire/types";
import { FLEET_TAG_PREFIX, ownerOf } from "../server/system-tags";
import { liveInstancesOf } from "./identity";

/** A listed server this instance may take: its own, an abandoned instance's, or (not in a create) an unmarked one. */
export interface Claimable {
  server: Server;
  /** The owner mark it carries, when not this instance's (an abandoned instance's). */
  owner?: string;
}

export interface ClaimOptions {
  /** This fleet instance (its resource id). */
  instance: string;
  /** The fleet's tag: a server without it is never this fleet's, whatever the list said. */
  fleetTag: string;
  /** Whether servers carrying the fleet's tag and no owner mark count (an update's or delete's, not a create's). */
  unmarked: boolean;
  /** Whether an instance runs an operation in this process now (its servers are not abandoned). @default none does */
  running?: (instance: string) => boolean;
}

/** Of the servers listed for the fleet's tag, those this instance may take, with the owner each carries. */
export function claimable(found: readonly Server[], opts: ClaimOptions): Claimable[] {
  const ours = found.filter((s) => (s.tags ?? []).includes(opts.fleetTag) && s.status !== "terminated");
  const live = new Set(ours.flatMap((s) => liveInstancesOf(s.tags)));
  const out: Claimable[] = [];
  for (const server of ours) {
    const owner = ownerOf(server.tags);
    if (owner === opts.instance) out.push({ server });
    else if (owner === undefined ? opts.unmarked : owner !== null && owner.startsWith("fleet-") && !live.has(owner) && !opts.running?.(owner)) {
      out.push({ server, ...(owner ? { owner } : {}) });
    }
  }
  return out;
}

/**
 * Whether the instance may delete `server` now: it carries this instance's owner mark, or the
 * one the fleet recorded it with (an abandoned instance's leftover), or (a server recorded before
 * owner marks existed) no owner mark and no other fleet's tag.
 */
export function mayDelete(tags: readonly string[] | undefined, instance: string, recordedOwner: unknown, fleetTag: string | undefined): boolean {
  const owner = ownerOf(tags);
  if (owner === null) return false;
  if (owner !== undefined) return owner === instance || (typeof recordedOwner === "string" && owner === recordedOwner);
  const fleets = (tags ?? []).filter((t) => t.startsWith(FLEET_TAG_PREFIX));
  return fleets.length === 0 || (fleetTag !== undefined && fleets.every((t) => t === fleetTag));
}
