// Servers -> Fleet in one `up` (docs/guide/adoption-and-moves.md, "From Servers to a Fleet"): the program replaces
// its `Server` resources by one `Fleet` whose `adoptIds` names their servers. The engine runs
// the Fleet's create or update (which adopts, and tags each server as its member:
// `hosting-fleet:<project>/<stack>/<fleet>`, provider/fleet/identity.ts) before the deletes of
// the resources the program dropped, so by the time a `Server` is deleted its server may
// belong to the Fleet. Its delete then leaves the server alone: the resource leaves the state,
// the server stays with its fleet. One read (batched with the other deletes' reads) decides.
//
// Which fleets count: those of the Server's own stack when the Server knows it (its ownership
// tag, `pulumi-stack:<project>/<stack>`, the default in shape A); without one (shape B's
// default) any fleet, since a server a Fleet holds is that Fleet's to delete, whatever stack
// it is in: deleting it from here would take a member from under its fleet.

import { FLEET_TAG_PREFIX } from "./system-tags";
import type { Server } from "../api/wire/types";
import { OWNER_TAG_PREFIX } from "./types";

export { FLEET_TAG_PREFIX };

/** The fleet tag on `server` that keeps it from this Server's delete, if any. */
export function fleetHolding(server: Pick<Server, "tags"> | undefined, ownerTag: unknown): string | undefined {
  const stack = typeof ownerTag === "string" && ownerTag.startsWith(OWNER_TAG_PREFIX) ? ownerTag.slice(OWNER_TAG_PREFIX.length) : undefined;
  return (server?.tags ?? []).find((t) => t.startsWith(FLEET_TAG_PREFIX) && (stack === undefined || t.startsWith(`${FLEET_TAG_PREFIX}${stack}/`)));
}
