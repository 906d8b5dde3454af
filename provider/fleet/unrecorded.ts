// The servers of a Fleet resource as the API lists them, and those of them its state does not
// record: its own instance's (made by a killed update) and an interrupted run's (a killed create
// or `--replace`), judged by ownership.ts, and in shape B the untagged ones with its pending labels
// (untagged.ts). A refresh records its own instance's as leftovers and an interrupted run's apart
// (read.ts), so the next `up` sees a change and takes or deletes them (docs/guide/recovery.md):
// without it, a killed replacement's servers wait for the Fleet's next update.

import type { Server } from "../api/wire/types";
import type { OperationContext } from "../core/context";
import { claimable, whoseUntagged, type Claimable } from "./ownership";
import { untaggedServers } from "./untagged";
import { fleetTagFor, pendingLabelsOf } from "./identity";

/** Every live server the API lists for the fleet's tag (one list call, paged); ownership.ts checks each one's own tags. */
export async function fleetServers(ctx: OperationContext, fleetTag: string | undefined): Promise<Server[]> {
  if (!fleetTag) return [];
  return (await ctx.api.listAllServers({ tag: fleetTag })).filter((s) => s.status !== "terminated");
}

/**
 * The tags to list a resource's servers by: the one its URN gives now, the one its state kept
 * from its first name (a rename by alias keeps it), and those of the other names it was updated
 * under. Where the URN's facts are unknown, the recorded ones.
 */
export function resourceTags(recorded: { fleetTag?: string; formerTags?: readonly string[] }, ctx: OperationContext): string[] {
  return [...new Set([fleetTagFor(ctx), recorded.fleetTag, ...(recorded.formerTags ?? [])].filter((t): t is string => !!t))];
}

/**
 * The tags under which an interrupted run's server (another instance's owner mark, or shape B's
 * create label) may be this resource's: the name it runs under now and the one its state was
 * last written under. Its last run under that name took or deleted what its earlier runs left
 * there, so one under a name it left before is a new Fleet's of that name (a rename's first name
 * reused). Every tag for a state written before `nameTag` existed.
 */
export function interruptedTags(recorded: { nameTag?: string }, ctx: OperationContext): Set<string> | undefined {
  if (!recorded.nameTag) return undefined;
  return new Set([fleetTagFor(ctx), recorded.nameTag].filter((t): t is string => !!t));
}

/** What the lists by a resource's tags show: every live tagged server, the untagged ones (shape B), and the tagged ones the instance may take. */
export interface ResourceServers {
  found: Server[];
  untagged: Server[];
  claims: Claimable[];
}

/** Whose servers a resource's lists look for, and which of them it may take (ownership.ts `claimable`). */
export interface ListedFor {
  instance: string;
  /** Whether a server with the fleet's tag and no owner mark (an earlier release's) may be taken. */
  unmarked: boolean;
  /** The owner marks an import recorded its members with (`importedOwners`). */
  importedOwners?: ReadonlySet<string>;
  /** The tags under which an interrupted run's server may be taken (`interruptedTags`); every tag when absent. */
  interruptedUnder?: ReadonlySet<string>;
  /** A create's new instance: no update of it has run, so no server has its update label to list. */
  created?: boolean;
}

/**
 * One list per tag of the resource (and per pending label, shape B), each server once. Under a
 * kept tag a killed run's servers are taken too: nothing on them tells the renamed Fleet's killed
 * run from a killed create of a new Fleet of its first name (docs/guide/ownership.md).
 */
export async function resourceServers(ctx: OperationContext, tags: readonly string[], of: ListedFor): Promise<ResourceServers> {
  const { instance, unmarked, importedOwners, interruptedUnder } = of;
  const labelled = [...(of.created ? [] : [instance]), ...(importedOwners ?? [])];
  const [lists, untaggedLists] = await Promise.all([
    Promise.all(tags.map((t) => fleetServers(ctx, t))),
    Promise.all(tags.map((t) => untaggedServers(ctx, pendingLabelsOf(t, labelled)))),
  ]);
  const here = (t: string) => !interruptedUnder || interruptedUnder.has(t);
  const claims = tags.flatMap((t, i) => claimable(lists[i], { instance, fleetTag: t, unmarked, importedOwners, interruptedHere: here(t) }));
  const holder = { instance, importedOwners };
  const untagged = tags.flatMap((t, i) => untaggedLists[i].filter((s) => {
    const whose = whoseUntagged(s, holder);
    return whose !== "another" && (here(t) || whose === "own");
  }));
  return { found: uniqueById(lists.flat(), (s) => s.id), untagged: uniqueById(untagged, (s) => s.id), claims: uniqueById(claims, (c) => c.server.id) };
}

/** The servers of this resource that `recorded` lacks and `instance` may take (the untagged ones too), each with the owner mark it carries when not the instance's, and every tagged server the lists showed. */
export async function unrecordedServers(
  ctx: OperationContext, instance: string, tags: readonly string[], recorded: ReadonlySet<string>, unmarked: boolean, importedOwners?: ReadonlySet<string>,
  interruptedUnder?: ReadonlySet<string>,
): Promise<{ claims: Claimable[]; listed: Server[] }> {
  const { found, untagged, claims } = await resourceServers(ctx, tags, { instance, unmarked, importedOwners, interruptedUnder });
  // resourceServers left out the untagged servers of another instance: none is "another" here.
  const untaggedClaims = untagged.flatMap((server): Claimable[] => {
    const kind = whoseUntagged(server, { instance, importedOwners });
    return kind === "another" ? [] : [{ server, kind }];
  });
  const all = uniqueById([...claims, ...untaggedClaims], (c) => c.server.id);
  return { claims: all.filter((c) => !recorded.has(c.server.id)), listed: found };
}

/** The first of each id, in order. */
function uniqueById<T>(items: readonly T[], idOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(idOf(item)) && (seen.add(idOf(item)), true));
}

/** The owner marks recorded on members other than `instance`'s own (an import's), for ownership.ts `Holder.importedOwners`. */
export function importedOwners(members: Record<string, Record<string, unknown>> | undefined, instance: string): Set<string> {
  return new Set(Object.values(members ?? {}).map((m) => m.owner).filter((o): o is string => typeof o === "string" && o !== instance));
}
