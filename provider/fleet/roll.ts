// Applies a member plan (plan.ts) to the fleet's recorded state, in this order: leftovers of an
// earlier failed roll deleted; members no longer declared deleted; in-place updates; the
// replacements whose new server an interrupted run made (`adopt`) rolled; new members created
// (all at once); then the other replacements rolled in batches of maxSurge + maxUnavailable in key
// order (the first maxUnavailable old servers deleted, the batch's new servers created and waited
// for, the rest of the old servers deleted, pauseSeconds; a canary first, batches.ts; members out
// of service at the start count against maxUnavailable and go first in their batch). So the
// account never holds more than size + maxSurge of the fleet's servers, and never fewer than
// size - maxUnavailable members serve. `state` is updated after every completed call, so what
// the caller records on failure is exactly what exists. Servers an interrupted run made come in
// `adopt`: taken over instead of a POST, recorded as leftovers until the take-over succeeds.

import type { Clock } from "../api/time/clock";
import { sleepUnlessCancelled } from "../core/operation";
import type { Progress } from "../core/progress";
import { rollBatchLine } from "./member-progress";
import { each, MemberFailure, type MemberOps } from "./member-ops";
import type { MemberPlan } from "./plan";
import { removeAll } from "./remove-all";
import type { MemberSpec, RecordedMember } from "./types";

export interface FleetState {
  members: Record<string, RecordedMember>;
  leftovers: Record<string, RecordedMember>;
}

export interface RollOptions {
  maxSurge: number;
  maxUnavailable: number;
  /**
   * Members out of service when the roll starts (failing their check, health/unavailable.ts): each
   * counts against maxUnavailable until it is replaced, and taking its old server out costs
   * nothing, so its batch takes it out first. With maxSurge 0 they are rolled first. @default none
   */
  outOfService?: readonly string[];
  pauseMs: number;
  clock: Pick<Clock, "sleep">;
  /** Member key → server id to take over instead of creating: a new member's or a replacement's. */
  adopt?: Record<string, string>;
  /** The engine's Cancel: ends a pause between batches at once. @default none */
  signal?: AbortSignal;
  /** Members of the first batch (batches.ts). @default 0: no canary */
  canary?: number;
  /** The pause after the canary batch. @default pauseMs */
  canaryPauseMs?: number;
  /** Where the roll says which batch it is at (core/progress.ts). @default none */
  progress?: Progress;
}

export interface RollResult {
  failures: MemberFailure[];
  /** Replacements done, of those planned. */
  replaced: number;
}

export async function applyPlan(
  state: FleetState, plan: MemberPlan, specs: Record<string, MemberSpec>, ops: MemberOps, opts: RollOptions,
): Promise<RollResult> {
  const failures: MemberFailure[] = [];
  const leftovers = await removeAll(plan.leftovers, (id) => state.leftovers[id], ops);
  for (const id of leftovers.removed) delete state.leftovers[id];
  failures.push(...leftovers.failures);
  const removed = await removeAll(plan.delete, (key) => state.members[key], ops);
  for (const key of removed.removed) delete state.members[key];
  failures.push(...removed.failures);
  failures.push(...(await each(plan.update, async (key) => {
    try {
      state.members[key] = await ops.update(key, state.members[key], specs[key]);
    } catch (e) {
      if (e instanceof MemberFailure && e.server) state.members[key] = e.server;
      throw e;
    }
  })));
  // A replacement whose new server an interrupted run already made (adopt) goes before any POST:
  // that server is in the account already, so a new member created first would hold more than
  // size + maxSurge until the roll reached it.
  const replacing = plan.replace.map((r) => r.key);
  const taken = replacing.filter((key) => opts.adopt?.[key] !== undefined);
  let first: RollResult = { failures: [], replaced: 0 };
  if (taken.length > 0) {
    if (failures.length > 0) return { failures, replaced: 0 };
    first = await rollReplacements(state, taken, specs, ops, opts);
    if (first.failures.length > 0) return first;
  }
  failures.push(...(await each(plan.create, async (key) => {
    try {
      state.members[key] = await ops.create(key, specs[key], opts.adopt?.[key]);
      delete state.leftovers[state.members[key].id];
    } catch (e) {
      // A server that exists but is not ready is the member: the next `up` replaces it. A
      // leftover whose take-over failed stays a leftover, as recorded (reconcile.ts).
      if (e instanceof MemberFailure && e.server && !(e.server.id in state.leftovers)) state.members[key] = e.server;
      throw e;
    }
  })));
  if (failures.length > 0) return { failures, replaced: first.replaced };
  const rest = await rollReplacements(state, taken.length > 0 ? replacing.filter((key) => opts.adopt?.[key] === undefined) : replacing, specs, ops, opts);
  return { failures: rest.failures, replaced: first.replaced + rest.replaced };
}

async function rollReplacements(
  state: FleetState, keys: string[], specs: Record<string, MemberSpec>, ops: MemberOps, opts: RollOptions,
): Promise<RollResult> {
  // Members out of service still to replace: they use up maxUnavailable until their batch.
  const rolled = new Set(keys);
  const sick = new Set((opts.outOfService ?? []).filter((k) => rolled.has(k)));
  const size = Math.max(1, opts.maxSurge + Math.max(0, opts.maxUnavailable - sick.size));
  // With no surge a batch must take its old servers out first: the sick ones go first, which costs nothing.
  const ordered = opts.maxSurge === 0 && sick.size > 0 ? [...keys.filter((k) => sick.has(k)), ...keys.filter((k) => !sick.has(k))] : keys;
  let replaced = 0;
  const batches = batchesOf(ordered, size, opts.pauseMs, opts.canary, opts.canaryPauseMs);
  for (const [index, { keys: batch, pauseBeforeMs }] of batches.entries()) {
    opts.progress?.status(rollBatchLine(index + 1, batches.length, batch));
    if (pauseBeforeMs > 0) {
      try {
        await sleepUnlessCancelled(opts.clock, pauseBeforeMs, opts.signal);
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        return { failures: [new MemberFailure(batch[0], `the roll stopped in its pause (pauseSeconds) before this member's batch: ${why}`)], replaced };
      }
    }
    const free = batch.filter((k) => sick.has(k));
    const out = { free, budget: Math.max(0, opts.maxUnavailable - (sick.size - free.length)) };
    const failures = await rollBatch(state, batch, specs, ops, out, opts.adopt ?? {});
    replaced += batch.length - failures.filter((f) => batch.includes(f.key)).length;
    if (failures.length > 0) return { failures, replaced };
    for (const key of batch) sick.delete(key);
  }
  return { failures: [], replaced };
}

/**
 * One batch; returns its failures (the roll stops on any). `out.free`: its members out of service
 * already; `out.budget`: how many others it may take out of service first.
 */
async function rollBatch(
  state: FleetState, batch: string[], specs: Record<string, MemberSpec>, ops: MemberOps, out: { free: string[]; budget: number }, adopt: Record<string, string>,
): Promise<MemberFailure[]> {
  const failures: MemberFailure[] = [];
  const old: Record<string, RecordedMember> = Object.fromEntries(batch.map((k) => [k, state.members[k]]));
  // a. Out of service first: these members have no server until their new one is created.
  const serving = batch.filter((k) => !out.free.includes(k));
  const early = [...out.free, ...serving.slice(0, Math.min(out.budget, serving.length))];
  const takenOut = await removeAll(early, (key) => old[key], ops);
  for (const key of takenOut.removed) {
    delete state.members[key];
    delete old[key];
  }
  failures.push(...takenOut.failures);
  if (failures.length > 0) return failures;
  // b. The new servers, each active before its old one goes.
  const fresh: Record<string, RecordedMember> = {};
  failures.push(...(await each(batch, async (key) => {
    try {
      // A server an interrupted run made for this member (reconcile.ts) is taken over, not made again.
      fresh[key] = await ops.create(key, specs[key], adopt[key]);
      delete state.leftovers[fresh[key].id];
    } catch (e) {
      if (e instanceof MemberFailure && e.server && !(e.server.id in state.leftovers)) {
        if (old[key]) state.leftovers[e.server.id] = e.server;
        else state.members[key] = e.server;
      }
      throw e;
    }
  })));
  // c. Every new server that is active takes its member's place; its old server goes.
  const swapped = Object.keys(fresh);
  for (const key of swapped) if (!old[key]) state.members[key] = fresh[key];
  const replaced = swapped.filter((k) => old[k]);
  const gone = await removeAll(replaced, (key) => old[key], ops);
  for (const key of replaced) state.members[key] = fresh[key];
  // An old server whose delete failed is kept as a leftover: the next `up` deletes it.
  for (const f of gone.failures) state.leftovers[old[f.key].id] = old[f.key];
  failures.push(...gone.failures);
  return failures;
}

/** A roll's batches: members in key order, `size` (maxSurge + maxUnavailable) at a time; a canary's first batch holds `canary` members, followed by `canaryPauseMs` instead of the usual pause. */
interface Batch {
  keys: string[];
  /** The wait before this batch starts (0 for the first). */
  pauseBeforeMs: number;
}

export function batchesOf(keys: string[], size: number, pauseMs: number, canary = 0, canaryPauseMs?: number): Batch[] {
  const batches: Batch[] = [];
  let start = 0;
  if (canary > 0 && keys.length > 0) {
    batches.push({ keys: keys.slice(0, canary), pauseBeforeMs: 0 });
    start = Math.min(canary, keys.length);
  }
  for (; start < keys.length; start += size) {
    const first = batches.length === 0;
    const afterCanary = canary > 0 && batches.length === 1;
    batches.push({ keys: keys.slice(start, start + size), pauseBeforeMs: first ? 0 : afterCanary ? (canaryPauseMs ?? pauseMs) : pauseMs });
  }
  return batches;
}
