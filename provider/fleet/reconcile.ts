// Converge on what exists, not on what was remembered: before a Fleet's create or update changes
// anything, the servers this instance may take (ownership.ts) are compared with the state.
//   reclaimed  a server made for member <key> whose spec it fits (its spec mark, and region, plan
//              and OS by the rules of an adoption), where that member has no server yet or is
//              being replaced: it becomes the member through the server core's adoption, no POST
//   stray      any other unrecorded server of the fleet: recorded as a leftover, so the same
//              `up` deletes it and a failure keeps it in the state
// A leftover an earlier run recorded that fits a member in need is reclaimed too. An update has
// already recorded as members its own servers in service whose spec changed (in-service.ts).

import type { Server } from "../api/wire/types";
import { memberKeyOf } from "./identity";
import type { MemberSpec, RecordedMember } from "./types";

export interface Reconciliation {
  /** Member key -> server id to take over instead of creating. */
  reclaim: Record<string, string>;
  /** Servers of the fleet that the state does not hold and no member takes: leftovers to delete. */
  strays: Server[];
}

export interface ReconcileInput {
  /** Every server carrying the fleet's tag (terminated ones left out). */
  found: Server[];
  members: Record<string, RecordedMember>;
  leftovers: Record<string, RecordedMember>;
  specs: Record<string, MemberSpec>;
  /** Keys that need a server: the plan's creates and replacements. */
  needed: string[];
  /** Whether a server can be taken over as a member with this spec, with no replace. */
  fits(server: Server, spec: MemberSpec): boolean;
}

export function reconcile(input: ReconcileInput): Reconciliation {
  const recorded = new Set(Object.values(input.members).map((m) => m.id));
  const needed = new Set(input.needed);
  const candidates = new Map<string, Server[]>();
  const strays: Server[] = [];
  for (const server of input.found) {
    if (recorded.has(server.id)) continue;
    const key = memberKeyOf(server.tags);
    const spec = key !== undefined ? input.specs[key] : undefined;
    if (key !== undefined && spec && needed.has(key) && server.status !== "error" && input.fits(server, spec)) {
      candidates.set(key, [...(candidates.get(key) ?? []), server]);
    } else if (!(server.id in input.leftovers)) {
      strays.push(server);
    }
  }
  const reclaim: Record<string, string> = {};
  for (const [key, servers] of candidates) {
    const [best, ...rest] = [...servers].sort(preferred);
    reclaim[key] = best.id;
    strays.push(...rest.filter((s) => !(s.id in input.leftovers)));
  }
  return { reclaim, strays: strays.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) };
}

/** Of two servers made for one member: the one already active, then the older one, then the lower id. */
function preferred(a: Server, b: Server): number {
  const rank = (s: Server) => (s.status === "active" ? 0 : 1);
  return rank(a) - rank(b) || (a.createdAt ?? "").localeCompare(b.createdAt ?? "") || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
