// The servers a run of this Fleet POSTed and never tagged (shape B: the create takes no tags, so
// a run killed before a member's tag PATCH leaves a server whose one mark is a pending label of
// the fleet's, identity.ts). The labels are this resource's alone, so they are its own runs':
// one that fits a member in need by what the API shows of it (region, plan, image), where the
// member's spec has no field the API never shows, becomes that member (no POST). The rest: a
// create deletes them before it makes its members (beside a live instance of the resource, only
// those ownership.ts `createMayTake` gives it); an update does the same with those that fit no
// spec it POSTs, and for the others first sends its members' POSTs, whose deterministic keys
// (made from the spec) an API that remembers them answers with the killed run's servers, and
// then deletes the ones no member took.

import type { Server } from "../api/wire/types";
import type { OperationContext } from "../core/context";
import type { MemberSpec } from "./types";
import { systemTagsOf } from "../server/system-tags";
import { pendingLabelOf } from "./identity";
import type { MemberFailure, MemberOps } from "./member-ops";
import { recordMember } from "./server-member-ops";
import { removeAll } from "./remove-all";
import type { FleetState } from "./roll";

/**
 * The servers with one of `labels` (the fleet's pending labels: identity.ts `pendingLabelsOf`) and
 * no mark at all (one list call per label; shape B only). The labels are this resource's alone
 * (its fleet tag names the stack, parents and name; an update's, its instance too), and one
 * resource runs one operation at a time, so none of them is another run's POST in flight. A
 * delete reads each server again first (server-member-ops.ts), so one tagged since by its holder
 * is left.
 */
export async function untaggedServers(ctx: OperationContext, labels: readonly string[], signal?: AbortSignal): Promise<Server[]> {
  if ((await ctx.api.shape) !== "B") return [];
  const lists = await Promise.all(labels.map(async (label) => {
    return (await ctx.api.listAllServers({ label }, signal ? { signal } : {})).filter((s) => s.label === label);
  }));
  return lists.flat().filter((s) => s.status !== "terminated" && systemTagsOf(s.tags).length === 0);
}

/**
 * After a create that failed or was cancelled (shape B): the servers with its create label and no
 * mark that it holds neither as members nor as leftovers are POSTs whose answer it never got (lost,
 * then a cancel or its last retry). They are recorded as leftovers, which marks.ts marks as this
 * instance's, so the engine records them with it and no later create takes them for a killed
 * create's. One resource runs one operation at a time, so each is this create's or a killed
 * create's of the resource, which a create takes anyway (ownership.ts `createMayTake`). A list
 * that fails is a warning: the next run of this instance finds them by the same label.
 */
export async function recordUnanswered(ctx: OperationContext, fleetTag: string, state: FleetState, signal: AbortSignal | undefined): Promise<void> {
  const label = pendingLabelOf(fleetTag, "create");
  let found: Server[];
  try {
    found = await untaggedServers(ctx, [label], signal);
  } catch (e) {
    ctx.log.warn(`the servers this create POSTed without an answer (label "${label}") could not be listed (${e instanceof Error ? e.message : String(e)}); the next \`pulumi up\` looks again`);
    return;
  }
  const held = new Set([...Object.values(state.members), ...Object.values(state.leftovers)].map((m) => m.id));
  for (const s of found) if (!held.has(s.id)) state.leftovers[s.id] = recordMember(s.id, { ...s, os: s.osSlug ?? "" });
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

/** Replace-forcing fields the API never shows of a server: a spec that sets one cannot be proved by what the API shows. */
const UNSHOWN = ["hostname", "sshKeyIds", "userData", "backups", "ddosProtection"] as const;

/**
 * Pairs untagged servers with the member keys in `needed` (key order; each server once) that
 * they fit: not in `error`, `fits` (region, plan and image as an adoption checks them), and a
 * spec with none of the fields the API never shows.
 */
export function pairUntagged(
  untagged: readonly Server[], needed: readonly string[], specs: Record<string, MemberSpec>, fits: (server: Server, spec: MemberSpec) => boolean,
): Record<string, string> {
  const free = [...untagged].filter((s) => s.status !== "error").sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const out: Record<string, string> = {};
  for (const key of needed) {
    const spec = specs[key];
    if (!spec || UNSHOWN.some((f) => isSet(spec[f]))) continue;
    const i = free.findIndex((s) => fits(s, spec));
    if (i < 0) continue;
    out[key] = free[i].id;
    free.splice(i, 1);
  }
  return out;
}

function isSet(v: unknown): boolean {
  return v !== undefined && v !== null && v !== false && v !== "" && !(Array.isArray(v) && v.length === 0);
}
