// After a fleet's run: its servers carry its marks (identity.ts). Two things can be missing:
//   the owner mark on a member recorded before owner marks existed (an older release's fleet,
//   or a member recorded after its tag PATCH failed), or recorded with another instance's mark
//   (an import): one PATCH each, once (the take-over of those servers, no replace)
//   the live mark, on one member (the anchor, the first by key), when no member carries it: set
//   by the run's end, so the account tells "held by an instance that finished a run" from "left
//   by a create that never finished" (ownership.ts); one PATCH, folded into the first when both
// Members made or taken over by this run carry the owner mark already: only members recorded
// before it are read (the waiter's batch: one list), and only when the fleet's list lacked them.

import type { Server } from "../api/wire/types";
import type { OperationContext } from "../core/context";
import { labelAndTagsPatch } from "../server/label-tags-patch";
import { isSystemTag, OWNER_MARK_PREFIX, ownerOf, systemTagsOf, takeOverMarks } from "../server/system-tags";
import { compareKeys } from "./members";
import { identityTags, liveMarkOf, ownerMarkOf } from "./identity";
import { mayDelete } from "./ownership";
import type { RecordedMember } from "./types";

export interface MarkInput {
  instance: string;
  fleetTag: string;
  members: Record<string, RecordedMember>;
  /** The servers the fleet's list found before the run. */
  found: readonly Server[];
  /** Server ids the state recorded before this run (the others were made or taken over by it). */
  previous: ReadonlySet<string>;
  /** The run's leftovers: with no member, the live mark goes on the first that carries this instance's owner mark (a take-over cut short). */
  leftovers?: Record<string, RecordedMember>;
}

/** How long a cancelled run may spend on its last steps together (the list of what it POSTed unanswered, its marks) before it hands the engine its state. */
export const CANCELLED_MARK_MS = 5_000;

/**
 * The signal of each of a run's last steps: the operation's until the engine cancels it; after
 * that, one window of CANCELLED_MARK_MS on the operation's clock, opened by the first step that
 * starts after the cancel and shared by the steps after it. A step cut short by the cancel ends
 * at once, so the last steps together take at most CANCELLED_MARK_MS once the cancel has come.
 */
export function lastStepSignals(ctx: OperationContext): () => AbortSignal | undefined {
  let window: AbortSignal | undefined;
  return () => {
    if (ctx.signal?.aborted !== true) return ctx.signal;
    if (!window) {
      const ended = new AbortController();
      ctx.clock.setTimeout(() => ended.abort(new Error(`the run was cancelled and its last steps took ${CANCELLED_MARK_MS} ms`)), CANCELLED_MARK_MS).unref();
      window = ended.signal;
    }
    return window;
  };
}

/**
 * Sets the missing marks; a failure is a warning (the run's outcome stands), named for the member.
 * A cancelled run marks only what it made (the live mark, a member its tag PATCH missed), within
 * the window of `lastSteps` (`lastStepSignals`): the engine records what it hands back, so its
 * servers must not look like an interrupted run's to the instance it replaces.
 */
export async function settleMarks(ctx: OperationContext, input: MarkInput, lastSteps = lastStepSignals(ctx)): Promise<void> {
  const cancelled = ctx.signal?.aborted === true;
  const signal = lastSteps();
  const { instance, fleetTag } = input;
  const found = new Map(input.found.map((s) => [s.id, s]));
  const keys = Object.keys(input.members).sort(compareKeys);
  const ids = new Set(keys.map((k) => input.members[k].id));
  const live = liveMarkOf(instance);
  const anchored = input.found.some((s) => ids.has(s.id) && (s.tags ?? []).includes(live) && ownerOf(s.tags) === instance);
  // The list before the run answers for servers the run left as they were; one it made or took
  // over (a reclaim re-marks it) is read as it is now.
  const current = async (id: string): Promise<Server | undefined> =>
    (input.previous.has(id) ? found.get(id) : undefined) ?? (await ctx.waiter.read(id, { signal }));
  const todo = await Promise.all(keys.map(async (key, i) => {
    const id = input.members[key].id;
    const anchor = i === 0 && !anchored;
    // A completed run's own members carry its marks already; a cancelled run's may lack them (its
    // tag PATCH cut short, shape B), and only those are read.
    if (!anchor && (cancelled ? input.previous.has(id) : !input.previous.has(id))) return undefined;
    if (!anchor && found.has(id) && ownerOf(found.get(id)!.tags) === instance) return undefined;
    let server: Server | undefined;
    try {
      server = await current(id);
    } catch (e) {
      ctx.log.warn(`member ${key}: server ${id} could not be read to mark it as this fleet's (${e instanceof Error ? e.message : String(e)}); the next \`pulumi up\` tries again`);
      return undefined;
    }
    if (!server) return undefined;
    const owner = ownerOf(server.tags);
    const recorded = input.members[key].owner;
    const ours = owner === instance || (owner === undefined ? mayDelete(server.tags, instance, undefined, fleetTag) : owner === recorded);
    if (!ours) return undefined;
    const marks = owner === instance ? systemTagsOf(server.tags) : takeOverMarks(server.tags, identityTags(fleetTag, key, instance));
    return { key, server, marks: anchor ? [...marks, live] : marks };
  }));
  todo.push(...(await leftoverMarks(ctx, input, signal, keys.length === 0 && !input.found.some((s) => (s.tags ?? []).includes(live)))));
  await Promise.all(todo.map(async (t) => {
    if (!t) return;
    const patch = labelAndTagsPatch(t.server, { tags: (t.server.tags ?? []).filter((x) => !isSystemTag(x)) }, [...new Set(t.marks)]);
    if (!patch) return;
    try {
      await ctx.api.updateServer(t.server.id, patch, { signal });
    } catch (e) {
      ctx.log.warn(`member ${t.key}: server ${t.server.id} could not be marked as this fleet's (${e instanceof Error ? e.message : String(e)}); the next \`pulumi up\` tries again`);
    }
  }));
}

/**
 * The leftovers the run took from an interrupted run and could not delete or take over (a cancel,
 * a failure), tagged or not, get this instance's owner mark, so no other instance takes them for
 * an interrupted run's; with no member, the first leftover (by id) carries the live mark.
 */
async function leftoverMarks(
  ctx: OperationContext, input: MarkInput, signal: AbortSignal | undefined, anchor: boolean,
): Promise<Array<{ key: string; server: Server; marks: string[] }>> {
  const out: Array<{ key: string; server: Server; marks: string[] }> = [];
  const leftovers = input.leftovers ?? {};
  for (const id of Object.keys(leftovers).sort()) {
    const server = await ctx.api.getServer(id, { signal }).catch(() => undefined);
    if (!server) continue;
    const owner = ownerOf(server.tags);
    const system = systemTagsOf(server.tags);
    // Its own, an interrupted run's it recorded with that owner, or one a killed run never tagged (shape B).
    const untagged = system.length === 0 && leftovers[id].owner === undefined;
    if (owner !== input.instance && !untagged && (owner === undefined || owner !== leftovers[id].owner)) continue;
    const marks = untagged ? [input.fleetTag, ownerMarkOf(input.instance)] : [...system.filter((t) => !t.startsWith(OWNER_MARK_PREFIX)), ownerMarkOf(input.instance)];
    if (anchor) {
      marks.push(liveMarkOf(input.instance));
      anchor = false;
    }
    out.push({ key: `leftover ${id}`, server, marks });
  }
  return out;
}
