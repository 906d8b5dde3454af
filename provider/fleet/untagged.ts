// The servers a run of a fleet's name POSTed and never tagged (shape B: the create takes no tags,
// so a run killed before a member's tag PATCH leaves a server whose one mark is the fleet's
// pending label, identity.ts). They name no member and no spec, so none is ever taken over as a
// member: a create deletes them before it makes its members; an update first sends its members'
// POSTs, whose deterministic keys (member-ops.ts) an API that remembers them answers with the
// killed run's servers, and then deletes the ones no member took.

import type { Server } from "../api/wire/types";
import type { OperationContext } from "../core/context";
import { systemTagsOf } from "../server/system-tags";
import { pendingLabelOf } from "./identity";
import type { MemberFailure, MemberOps } from "./member-failure";
import { recordMember } from "./member-ops";
import { removeAll } from "./remove-all";
import type { FleetState } from "./roll";

/**
 * The servers with the fleet's pending label and no mark at all (one list call; shape B only).
 * The label is this resource's alone (its fleet tag names the stack, parents and name), and one
 * resource runs one operation at a time, so none of them is another run's POST in flight. A
 * delete reads each server again first (member-ops.ts), so one tagged since by its holder is left.
 */
export async function untaggedServers(ctx: OperationContext, fleetTag: string): Promise<Server[]> {
  if ((await ctx.api.shape) !== "B") return [];
  const label = pendingLabelOf(fleetTag);
  const listed = await ctx.api.listAllServers({ label });
  return listed.filter((s) => s.status !== "terminated" && s.label === label && systemTagsOf(s.tags).length === 0);
}

/**
 * After an update's members: deletes the untagged servers that no member took (its repeated POST
 * answered with it, recorded as a member or leftover); one that could not be deleted is recorded
 * as a leftover, for the next run.
 */
export async function removeUntaken(untagged: readonly Server[], state: FleetState, ops: MemberOps): Promise<MemberFailure[]> {
  const taken = new Set([...Object.values(state.members), ...Object.values(state.leftovers)].map((m) => m.id));
  const records = new Map(untagged.filter((s) => !taken.has(s.id)).map((s) => [s.id, recordMember(s.id, { ...s, os: s.osSlug ?? "" })]));
  const { failures } = await removeAll([...records.keys()], (id) => records.get(id)!, ops);
  for (const f of failures) state.leftovers[f.key] = records.get(f.key)!;
  return failures;
}
