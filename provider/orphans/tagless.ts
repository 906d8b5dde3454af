// The tagless orphan check (`hosting-orphans --stack`): no ownership tag needed, so it works
// for shape B's default servers. Each named stack is previewed; the servers its program would
// create are matched (match-planned.ts) against the account's servers that no named stack
// holds. What a crash created is exactly such a server: the program declares it, the state
// does not know it. Acting on the matches (adopt or delete) is the caller's explicit step.
import type { HostingApi } from "../api/wire/types";
import { untrackedServers } from "./find-orphans";
import { matchPlanned, type MatchResult } from "./match-planned";
import type { PreviewedStack } from "./preview-stack";

export async function findTaglessOrphans(api: HostingApi, stacks: PreviewedStack[]): Promise<MatchResult> {
  const stateIds = new Set(stacks.flatMap((s) => [...s.stateIds]));
  const candidates = await untrackedServers(api, stateIds, stacks.map((s) => s.ownTag));
  return matchPlanned(stacks.flatMap((s) => s.planned), candidates);
}
