// Recorded members whose server no longer exists. A run killed midway can have deleted a
// member's old server (a roll's batch) after the engine last recorded the fleet, and a user can
// delete one outside Pulumi: the state then names a server that is gone. An update drops such
// members before it plans, so it makes them again instead of counting a server that is not
// there. The lists by the fleet's tags show every member it tagged; only a recorded member they
// do not show is read again (none in a steady `up`; a state of a release before fleet tags
// reads its members once, in one batched list).

import type { Server } from "../api/wire/types";
import type { OperationContext } from "../core/context";
import { compareKeys } from "./members";
import type { RecordedMember } from "./types";

/** Removes from `members` those whose server is gone (read again when the lists did not show it); their keys, in key order. */
export async function dropGoneMembers(ctx: OperationContext, members: Record<string, RecordedMember>, listed: readonly Server[]): Promise<string[]> {
  const shown = new Set(listed.map((s) => s.id));
  const unseen = Object.entries(members).filter(([, m]) => !shown.has(m.id));
  const reads = await Promise.all(unseen.map(async ([key, m]) => ({ key, server: await ctx.waiter.read(m.id, { signal: ctx.signal }) })));
  const gone = reads.filter((r) => !r.server || r.server.status === "terminated").map((r) => r.key).sort(compareKeys);
  for (const key of gone) delete members[key];
  return gone;
}
