// Whose a server is, for a Fleet instance: one rule, from what survives a process only: the
// server's tags as the API returns them, the live marks the same list shows, and this
// resource's recorded state (docs/guide.md, "Whose a server is", describes the marks).
// Nothing held in memory changes the answer, so two provider processes, two programs or two
// machines on one key answer alike. Every take-over, reclaim and delete of a Fleet asks here.

import type { Server } from "../api/wire/types";
import { FLEET_TAG_PREFIX, NEW_PENDING_LABEL_PREFIX, ownerOf } from "../server/system-tags";
import { instanceOfPendingLabel, liveInstancesOf } from "./identity";

/**
 * own          carries this instance's owner mark, or the owner mark this instance's state
 *              recorded it with (an import, a leftover taken from an interrupted run), or the
 *              one its state records its members with (an import's, on a server a killed run made)
 * interrupted  carries this resource's fleet tag and the owner mark of another Fleet instance
 *              that no server marks live: left by a create of this same resource that never
 *              finished (the tag names the resource: stack, parents and name, as its URN does);
 *              under a tag of a name the resource left before its last run, another's
 * unmarked     carries this resource's fleet tag and no owner mark: made by a release from
 *              before owner marks
 * another      anything else: a live instance's, a Server's, another resource's, two owners
 */
export type Whose = "own" | "interrupted" | "unmarked" | "another";

export interface Holder {
  /** This fleet instance (its resource id, identity.ts `instanceOf`). */
  instance: string;
  /** This resource's fleet tag; a server without it is never this fleet's, whatever a list said. */
  fleetTag: string | undefined;
  /** The owner marks this instance's state records its members with (an import's): a server carrying one is its own too. */
  importedOwners?: ReadonlySet<string>;
  /** Whether an interrupted run's server under `fleetTag` may be this resource's (unrecorded.ts `interruptedTags`); else it is another's. @default true */
  interruptedHere?: boolean;
}

/** Whose `server` is for `holder`; `live`: the instances that some listed server marks live; `recordedOwner`: the owner mark the state recorded it with. */
export function whose(tags: readonly string[] | undefined, holder: Holder, live: ReadonlySet<string>, recordedOwner?: unknown): Whose {
  const owner = ownerOf(tags);
  if (owner === null) return "another";
  if (owner === holder.instance || (owner !== undefined && ((typeof recordedOwner === "string" && owner === recordedOwner) || holder.importedOwners?.has(owner)))) return "own";
  if (holder.fleetTag === undefined || !(tags ?? []).includes(holder.fleetTag)) return "another";
  if (owner === undefined) return "unmarked";
  return isFleetInstance(owner) && !live.has(owner) && holder.interruptedHere !== false ? "interrupted" : "another";
}

/** A listed server this instance may take: its own, an interrupted run's, or (not in a create) an unmarked one. */
export interface Claimable {
  server: Server;
  /** The owner mark it carries, when not this instance's (an interrupted run's, an import's). */
  owner?: string;
  /** Whose it is (`whose`); an untagged one (untagged.ts) by its pending label (`whoseUntagged`). */
  kind: Exclude<Whose, "another">;
}

export interface ClaimOptions extends Holder {
  /** Whether servers carrying the fleet's tag and no owner mark count (an update's or delete's, not a create's). */
  unmarked: boolean;
}

/** Of the servers listed for the fleet's tag, those this instance may take, with the owner each carries. */
export function claimable(found: readonly Server[], opts: ClaimOptions): Claimable[] {
  const listed = found.filter((s) => s.status !== "terminated");
  const live = new Set(listed.flatMap((s) => liveInstancesOf(s.tags)));
  const out: Claimable[] = [];
  for (const server of listed) {
    const kind = whose(server.tags, opts, live);
    if (kind === "own") out.push({ server, kind, ...(ownerOf(server.tags) !== opts.instance ? { owner: ownerOf(server.tags)! } : {}) });
    else if (kind === "interrupted") out.push({ server, kind, owner: ownerOf(server.tags)! });
    else if (kind === "unmarked" && opts.unmarked) out.push({ server, kind });
  }
  return out;
}

/**
 * Whose a server with one of the fleet's pending labels and no mark is (untagged.ts, shape B) for
 * `holder`: a create's label was POSTed by a create of a new instance that was killed before it
 * tagged it, so no live instance holds it ("interrupted"); an update's label by a run of the live
 * instance it names ("own" for that instance, or for an import of its members; "another" for any
 * other, and for a label that names no instance: no release writes one).
 */
export function whoseUntagged(server: Server, holder: Pick<Holder, "instance" | "importedOwners">): "own" | "interrupted" | "another" {
  if (server.label.startsWith(NEW_PENDING_LABEL_PREFIX)) return "interrupted";
  const named = instanceOfPendingLabel(server.label);
  return named !== undefined && (named === holder.instance || holder.importedOwners?.has(named) === true) ? "own" : "another";
}

/**
 * What a create may take of what runs of its resource left (`claims`, the tagged ones, and the
 * `untagged` ones), by the servers listed for its tags. With no other instance of the resource
 * live, all of them. Beside a live instance (a replacement's create runs beside the old one),
 * every tagged one (an interrupted run's owner mark is no live instance's: the live instance's own
 * carry its mark, and an import's carry the mark their first instance keeps live until the
 * import's first update re-marks them, imported.ts) and never an untagged one with an update's
 * label: it may be that instance's killed update's, which its refresh records as a leftover and
 * its next update or delete takes or deletes. So two instances never claim one server.
 */
export function createMayTake<C extends { server: Server }>(claims: readonly C[], untagged: readonly Server[], listed: readonly Server[], instance: string): { claims: C[]; untagged: Server[] } {
  const beside = listed.some((s) => s.status !== "terminated" && liveInstancesOf(s.tags).some((live) => live !== instance));
  if (!beside) return { claims: [...claims], untagged: [...untagged] };
  return { claims: [...claims], untagged: untagged.filter((s) => whoseUntagged(s, { instance }) === "interrupted") };
}

/**
 * Whether the instance may delete `server` now (read just before the DELETE): its own, or an
 * unmarked server that names no other fleet. An interrupted run's server is deleted only once
 * recorded with its owner (a leftover), which makes it "own".
 */
export function mayDelete(tags: readonly string[] | undefined, instance: string, recordedOwner: unknown, fleetTag: string | undefined): boolean {
  const kind = whose(tags, { instance, fleetTag }, new Set(), recordedOwner);
  if (kind === "own") return true;
  if (ownerOf(tags) !== undefined) return false;
  // No owner mark: a server recorded before owner marks existed, unless it names another fleet.
  const fleets = (tags ?? []).filter((t) => t.startsWith(FLEET_TAG_PREFIX));
  return fleets.length === 0 || (fleetTag !== undefined && fleets.every((t) => t === fleetTag));
}

/** Whether an owner mark's value names a Fleet instance a create made (identity.ts `instanceOf`): only a create can be interrupted before its instance is live. */
export function isFleetInstance(owner: string): boolean {
  return owner.startsWith("fleet-");
}
