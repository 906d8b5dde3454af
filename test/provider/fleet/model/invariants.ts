// The checks after each step of a sequence (the observer checks each instant during one):
//   states    no state records a server twice, and no server is recorded by two states
//   exists    after a completed run (not killed, not a failed delete) every server its state
//             records exists; after a run that succeeded, with the recorded status (an import's
//             as it read them), and every
//             live server the model saw the instance make or take is recorded (so no member key
//             has a second server); after an `up` whose diff found no change, every server its
//             state records exists but one a killed run of the instance deleted (the recovery's)
//   orphans   after a recovery (a completed `up` of every instance), every live server is recorded

import { recordedIds, type World } from "./world";
import type { Slot } from "./program";

export function checkStates(w: World): string[] {
  const out: string[] = [];
  const holder = new Map<string, string>();
  for (const { rec } of w.allRecorded()) {
    const ids = recordedIds(rec.outs);
    const dup = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (dup.length > 0) out.push(`states: ${rec.handle} records ${dup.join(", ")} twice`);
    for (const id of new Set(ids)) {
      const other = holder.get(id);
      if (other !== undefined) out.push(`states: server ${id} is recorded by ${other} and ${rec.handle}`);
      holder.set(id, rec.handle);
    }
  }
  return out;
}

/**
 * After a run of `slot` that completed; `succeeded` when it ended without an error; `statuses`
 * unless the run was an import, which records each server as it read it (a pending one included);
 * `unchanged` after an `up` whose diff found no change, which leaves a killed run's deletes to the recovery.
 */
export function checkExists(w: World, slot: Slot, succeeded: boolean, statuses = succeeded, unchanged = false): string[] {
  const rec = w.slots[slot].recorded;
  if (!rec) return [];
  const out: string[] = [];
  const live = new Map(w.observer.live().map((s) => [s.id, s]));
  for (const [key, m] of Object.entries(rec.outs.members ?? {}) as [string, any][]) {
    const s = live.get(m.id);
    if (!s && unchanged && w.observer.deletedBy.get(m.id) === rec.handle) continue;
    if (!s) out.push(`exists: ${rec.handle} records member ${key} as ${m.id}, which does not exist`);
    else if (statuses && s.status !== m.status) out.push(`exists: ${rec.handle} records member ${key} (${m.id}) as ${m.status}, it is ${s.status}`);
  }
  for (const [id] of Object.entries(rec.outs.leftovers ?? {})) if (!live.has(id)) out.push(`exists: ${rec.handle} records leftover ${id}, which does not exist`);
  if (!succeeded) return out;
  const recorded = new Set(recordedIds(rec.outs));
  for (const s of live.values()) {
    if (w.observer.owners.get(s.id)?.handle === rec.handle && !recorded.has(s.id)) {
      out.push(`exists: ${s.id} (${s.label}) was made or taken by ${rec.handle}, which succeeded without recording it`);
    }
  }
  return out;
}

export function checkOrphans(w: World): string[] {
  const recorded = new Set(w.allRecorded().flatMap(({ rec }) => recordedIds(rec.outs)));
  return w.observer.live().filter((s) => !recorded.has(s.id)).map((s) => {
    const owner = w.observer.owners.get(s.id);
    return `orphans: after a recovery, ${s.id} (${s.label}, made by ${owner?.handle ?? "nobody seen"}) is live and in no state`;
  });
}
