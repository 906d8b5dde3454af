// Putting a failed batch back: the members whose replacement failed (a new server that never
// became healthy, or ended in error) return to the spec they had. Their new servers are deleted
// (a leftover beside a kept old server, or the member itself where the old one was already
// deleted for maxUnavailable), and each member left with no server is made again from its old
// spec, waiting for health as any create does. New servers of the batch that did become healthy
// stay: their old servers are gone and they serve. `state` is updated after every completed
// call, so what the caller records on any failure here is exactly what exists.

import { each, MemberFailure, type MemberOps } from "../member-ops";
import { removeAll } from "../remove-all";
import type { FleetState } from "../roll";
import type { MemberSpec, RecordedMember } from "../types";

export interface RollbackResult {
  /** What was done, in words for the error that fails the `up`. */
  notes: string[];
  failures: MemberFailure[];
}

export async function rollBack(
  state: FleetState, failed: MemberFailure[], old: Record<string, RecordedMember>, ops: MemberOps, specOf: (m: RecordedMember) => MemberSpec,
): Promise<RollbackResult> {
  const keys = [...new Set(failed.map((f) => f.key))].filter((k) => old[k]);
  // One new server per member at most: beside its kept old server (a leftover), or in its place.
  const doomed = new Map<string, RecordedMember>();
  for (const key of keys) {
    const fresh = failed.find((f) => f.key === key && f.server)?.server;
    const current = state.members[key];
    if (fresh && state.leftovers[fresh.id]) doomed.set(key, fresh);
    else if (current && current.id !== old[key].id) doomed.set(key, current);
  }
  const removal = await removeAll([...doomed.keys()], (key) => doomed.get(key)!, ops);
  for (const key of removal.removed) {
    const id = doomed.get(key)!.id;
    delete state.leftovers[id];
    if (state.members[key]?.id === id) delete state.members[key];
  }
  const failures = removal.failures.map((f) => new MemberFailure(f.key, `rollback could not delete new server ${doomed.get(f.key)!.id}: ${f.reason}`));
  const remake = keys.filter((k) => !state.members[k]);
  failures.push(...(await each(remake, async (key) => {
    try {
      state.members[key] = await ops.create(key, specOf(old[key]));
    } catch (e) {
      if (e instanceof MemberFailure && e.server) state.members[key] = e.server;
      throw new MemberFailure(key, `rollback could not make it again from its old spec: ${e instanceof MemberFailure ? e.reason : String(e)}`, e instanceof MemberFailure ? e.server : undefined);
    }
  })));
  const remade = remake.filter((k) => !failures.some((f) => f.key === k));
  const notes: string[] = [];
  const deleted = removal.removed.map((key) => `${doomed.get(key)!.id} (${key})`);
  if (deleted.length > 0) notes.push(`rolled back: deleted the failed batch's new server${deleted.length > 1 ? "s" : ""} ${deleted.join(", ")}`);
  if (remade.length > 0) notes.push(`made ${remade.join(", ")} again from the old spec (the old server was already deleted)`);
  const back = keys.filter((k) => !failures.some((f) => f.key === k));
  if (back.length > 0) notes.push(`${back.join(", ")} ${back.length > 1 ? "are" : "is"} on the old spec again`);
  return { notes, failures };
}
