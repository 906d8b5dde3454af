// The tagless orphan check (`hosting-orphans --stack`): no ownership tag needed, so it works
// for shape B's default servers. Each named stack is previewed; the servers its program would
// create are matched (match-planned.ts) against the account's servers that no named stack
// holds. What a crash created is exactly such a server: the program declares it, the state
// does not know it. A Fleet plans no per-member creates: its unrecorded servers are the ones
// carrying its tag (the fleet takes them over on its next `up`). Acting on them (adopt or
// delete) is the caller's explicit step.
import type { HostingApi, Server } from "../api/wire/types";
import { findOrphans, untrackedServers } from "./find-orphans";
import { matchPlanned, type MatchResult } from "./match-planned";
import type { PreviewedStack } from "./preview-stack";

/** The pairs of planned creates and servers, and the unrecorded servers of the stacks' fleets. */
export type TaglessResult = MatchResult & { fleetMembers: Server[] };

export async function findTaglessOrphans(api: HostingApi, stacks: PreviewedStack[]): Promise<TaglessResult> {
  const stateIds = new Set(stacks.flatMap((s) => [...s.stateIds]));
  const candidates = await untrackedServers(api, stateIds, stacks.map((s) => s.ownTag));
  const fleetMembers = await findOrphans(api, stacks.flatMap((s) => s.fleetTags), stateIds, stacks.flatMap((s) => s.fleetInstances));
  return { ...matchPlanned(stacks.flatMap((s) => s.planned), candidates), fleetMembers };
}
