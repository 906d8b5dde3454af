// A member's create, update and delete: the server core's own functions
// (provider/server/provider.ts), the ones a `Server` resource calls (its delete in its two
// halves, sendDelete and confirmDeleted, so a fleet can send all its DELETEs first), so a fleet member is
// created, adopted, patched, waited for and deleted exactly as a `Server` is; no second path.
// A server the core reports as existing but not ready (ResourceInitFailedError) comes back as a
// MemberFailure that carries it, so the fleet records it (roll.ts). Every create and adoption
// carries the member's identity tags, an update's creates a deterministic Idempotency-Key (identity.ts), and every
// call the fleet operation's context (the engine's Cancel and customTimeouts). A delete reads the
// server's own tags first (one list for the group, the waiter's batch) and leaves a server another
// resource holds now (ownership.ts): a take-over in the same `up` (a move) keeps it.

import * as server from "../server/provider";
import { ResourceInitFailedError } from "../server/resource-init-failed";
import { SERVER_DEFAULTS, type ServerInputs, type ServerOutputs } from "../server/types";
import type { Recorded } from "../core/route";
import type { Server } from "../api/wire/types";
import { ReplayHeldElsewhereError } from "../api/http/errors";
import { InFlightLimit } from "../api/http/in-flight";
import { MAX_SOCKETS } from "../api/http/transport";
import { withOverrides, type OperationContext } from "../core/context";
import { silentProgress } from "../core/progress";
import { identityTags, liveMarkOf, memberIdempotencyKey, pendingLabelOf, specMarkOf } from "./identity";
import { mayDelete } from "./ownership";
import { CancelledError } from "../core/operation";
import { ownerOf } from "../server/system-tags";
import { MemberFailure, type MemberOps } from "./member-ops";
import { serverInputsOf } from "./specs";
import type { MemberSpec, RecordedMember } from "./types";

type Props = Record<string, unknown>;

/** How many keys one member's create tries when each answer names a server that is gone or held for another member. */
const MAX_ATTEMPTS = 8;

/**
 * How many member creates of one fleet operation build and send their POST at once: twice the
 * client's connections, so a connection that frees always has the next POST ready. The others
 * wait for a turn before they build anything: each one under way holds its inputs, its context,
 * its request and its retry state, so this number, not the fleet's size, bounds what the creates
 * hold while the connections send them a few at a time. A turn ends when the POST (and shape B's
 * tag PATCH) settles, not when the server is `active`: the waits for provisioning are not limited.
 */
export const MEMBER_POSTS = 2 * MAX_SOCKETS;

/**
 * How many member deletes of one fleet operation send their DELETE at once, for the same reason:
 * a destroy of the whole fleet starts every member's, and each one under way holds its request
 * and its retry state. A member takes its turn after the read of its server (those reads share
 * one list) and gives it back when the DELETE is answered; the wait for the servers to be gone
 * (remove-all.ts, one list for all) is not limited.
 */
export const MEMBER_DELETES = 2 * MAX_SOCKETS;

/** Outputs of a server as the fleet records them: the reported fields, and what diff needs. */
export function recordMember(id: string, outs: Partial<ServerOutputs> | Props): RecordedMember {
  const o = outs as Props;
  const m: Props = {
    id,
    label: o.label ?? "",
    region: o.region ?? "",
    plan: o.plan ?? "",
    os: o.os ?? "",
    mainIp: o.mainIp ?? "",
    status: o.status ?? "",
    tags: o.tags ?? [],
  };
  // The image's id only where no slug names it (the catalogue gives one from the other).
  if (m.os === "" && typeof o.osId === "number" && o.osId !== 0) m.osId = o.osId;
  if (typeof o.ownerTag === "string" && o.ownerTag !== "") m.ownerTag = o.ownerTag;
  if (Array.isArray(o.sshKeyIds) && o.sshKeyIds.length > 0) m.sshKeyIds = o.sshKeyIds;
  if (o.backups === true) m.backups = true;
  if (o.ddosProtection === true) m.ddosProtection = true;
  if (o.powerState !== undefined && o.powerState !== SERVER_DEFAULTS.powerState) m.powerState = o.powerState;
  if (typeof o.waitTimeoutSeconds === "number" && o.waitTimeoutSeconds !== SERVER_DEFAULTS.waitTimeoutSeconds) m.waitTimeoutSeconds = o.waitTimeoutSeconds;
  return m as RecordedMember;
}

/**
 * A recorded member as the server core's recorded outputs. The one cast: a member's record is the
 * compact form of a server's outputs (recordMember: the defaults left out), which the defaults
 * spread back in make whole again; the index signature of RecordedMember hides that from the types.
 */
export function asServerOutputs(m: RecordedMember): Recorded<ServerOutputs> {
  const { id: _id, ...rest } = m;
  return { ...SERVER_DEFAULTS, ...rest } as unknown as Recorded<ServerOutputs>;
}

function failure(key: string, e: unknown): MemberFailure {
  if (e instanceof ResourceInitFailedError) return new MemberFailure(key, e.message, recordMember(e.id, e.properties));
  return new MemberFailure(key, e instanceof Error ? e.message : String(e));
}

/** Whether the server `id` is gone or terminated, by one read within `signal`; false when the read fails. */
async function deletedAfterCancel(ctx: OperationContext, id: string, signal: AbortSignal | undefined): Promise<boolean> {
  try {
    const now = await ctx.api.getServer(id, signal ? { signal } : {});
    return now === undefined || now.status === "terminated";
  } catch {
    return false;
  }
}

/** What every member operation of one fleet operation shares: the fleet's operation context and identity. */
export interface MemberContext {
  /** The fleet operation's context: its client, the engine's Cancel and time-out (customTimeouts bound each member's wait). */
  ctx: OperationContext;
  /** The fleet's tag (identity.ts); absent for a fleet that has none (no stack known). */
  fleetTag?: string;
  /** The fleet instance (its resource id): the owner mark of every server it creates or takes over. */
  instance: string;
  /**
   * Servers as a list just made answered them (a delete's own list of the fleet's tag): a delete
   * checks their tags there instead of reading them again. Others are read (the waiter's batch).
   */
  listed?: ReadonlyMap<string, Server>;
  /**
   * Where each take-over's summary goes (member key, what the server core says of it), for the
   * fleet to print once for all of them; without it each goes to the operation's log.
   */
  takeOvers?: Array<{ key: string; summary: string }>;
  /**
   * The fleet's resource id and generation, from its state: an update's member creates take a
   * deterministic Idempotency-Key from them (identity.ts). A create has no id yet, and its members'
   * keys are random: a key from the fleet's name alone would repeat in a later fleet of the same
   * name, and an API that replays it would answer with a server deleted long ago.
   */
  fleetId?: string;
  generation: number;
  /**
   * Server id -> the member key this run takes it over for (an update's reclaims): an untagged
   * server is paired with a member by fit alone, so it may be the one another member's repeated
   * POST is answered with; that member then tries its next key instead of taking it too.
   */
  heldFor?: ReadonlyMap<string, string>;
  /**
   * The signals of the fleet operation's last steps (marks.ts `lastStepSignals`): a member whose
   * DELETE the engine's Cancel ended unanswered reads its server again within them. Without it,
   * such a member stays recorded.
   */
  lastSteps?: () => AbortSignal | undefined;
}

/** The members' operations for one fleet operation: the server core's, with the fleet's identity on every create. */
export function serverMemberOps(fleet: MemberContext): MemberOps {
  const ctx = withOverrides(fleet.ctx, { progress: silentProgress }); // the fleet's counts speak for its members' waits
  const posts = new InFlightLimit(MEMBER_POSTS);
  const deletes = new InFlightLimit(MEMBER_DELETES);
  const identity = (key: string, spec: MemberSpec, adopting: boolean, attempt: number, postSettled?: () => void): OperationContext => {
    if (!fleet.fleetTag) return postSettled ? withOverrides(ctx, { postSettled }) : ctx;
    // A create's spec mark says what the server is made with. A take-over keeps the server's own
    // spec mark; a server with none (a killed run's untagged POST, paired by what the API shows,
    // or an adoption) gets the member's, so a later run can take it over again.
    const takeOvers = fleet.takeOvers;
    // An update's instance is live (the engine recorded its state): each server it makes says so
    // too, so a roll (maxUnavailable 0) that deletes the member marked live once the batch's new
    // servers exist, then is killed, leaves it marked live.
    const live = fleet.fleetId !== undefined ? [liveMarkOf(fleet.instance)] : [];
    return withOverrides(ctx, {
      ...(adopting && takeOvers ? { log: { warn: (summary: string) => void takeOvers.push({ key, summary }) } } : {}),
      systemTags: [...identityTags(fleet.fleetTag, key, fleet.instance), specMarkOf(spec), ...live],
      idempotencyKey: fleet.fleetId ? memberIdempotencyKey(fleet.fleetId, key, fleet.generation, spec, attempt) : undefined,
      ...(adopting ? {} : { pendingLabel: fleet.fleetId !== undefined ? pendingLabelOf(fleet.fleetTag, "update", fleet.instance) : pendingLabelOf(fleet.fleetTag, "create") }),
      ...(fleet.heldFor ? { heldElsewhere: (id: string) => (fleet.heldFor!.get(id) ?? key) !== key } : {}),
      postSettled,
    });
  };
  // An update's key repeats a killed run's POST; when the API's answer to it names a server that
  // is gone (deleted since: the next run deletes what a killed one left untagged) or one this run
  // takes over for another member (`heldFor`), the next attempt's key makes the member anew. A
  // random key (a create's) never repeats: no retry.
  const replayedGone = async (e: unknown): Promise<boolean> =>
    fleet.fleetId !== undefined && e instanceof ResourceInitFailedError && !ctx.signal?.aborted && (await ctx.api.getServer(e.id, { signal: ctx.signal })) === undefined;
  return {
    async create(key: string, spec: MemberSpec, adoptId?: string) {
      for (let attempt = 0; ; attempt++) {
        // A take-over sends no POST: it waits for no turn.
        const turn = adoptId === undefined ? await turnOf(posts) : undefined;
        try {
          const inputs: Recorded<ServerInputs> = { ...serverInputsOf(spec), ...(adoptId ? { adoptId } : {}) };
          const res = await server.create(inputs, identity(key, spec, adoptId !== undefined, attempt, turn));
          return recordMember(res.id, res.outs as ServerOutputs);
        } catch (e) {
          turn?.();
          const again = e instanceof ReplayHeldElsewhereError || (await replayedGone(e).catch(() => false));
          if (adoptId === undefined && attempt < MAX_ATTEMPTS - 1 && again) continue;
          throw failure(key, e);
        } finally {
          turn?.();
        }
      }
    },
    async update(key: string, member: RecordedMember, spec: MemberSpec) {
      try {
        const res = await server.update(member.id, asServerOutputs(member), serverInputsOf(spec), ctx);
        // The owner mark the state recorded the server with (an import's) still makes it this instance's.
        return { ...recordMember(member.id, res.outs as ServerOutputs), ...(member.owner !== undefined ? { owner: member.owner } : {}) };
      } catch (e) {
        throw failure(key, e);
      }
    },
    async sendDelete(key: string, member: RecordedMember) {
      let turn = (): void => undefined;
      try {
        // A fleet with no tag (no stack known) marks nothing: there is nothing to read. The reads
        // come before the turn: made together, they share one list call (status-waiter.ts).
        if (fleet.fleetTag) {
          const live = fleet.listed?.get(member.id) ?? (await ctx.waiter.read(member.id, { signal: ctx.signal }));
          if (!live) return false;
          if (!mayDelete(live.tags, fleet.instance, member.owner, fleet.fleetTag)) {
            const holder = ownerOf(live.tags);
            ctx.log.warn(`server ${member.id} (${key}) is held by ${holder ? `"${holder}"` : "another resource"} now: the fleet leaves it and forgets it`);
            return false;
          }
        }
        turn = await turnOf(deletes);
        return await server.sendDelete(member.id, ctx);
      } catch (e) {
        // A DELETE whose answer was lost (past the client's time-out) and whose retry the engine's
        // Cancel ended may have been done: read again, the server counts as deleted when it is
        // gone or terminated, and is then left out of the state. Any other answer keeps it recorded.
        turn();
        if (ctx.signal?.aborted === true && fleet.lastSteps && (await deletedAfterCancel(ctx, member.id, fleet.lastSteps()))) return true;
        throw failure(key, e);
      } finally {
        turn();
      }
    },
    async confirmDeleted(key: string, member: RecordedMember) {
      try {
        // Called for a whole group in one tick (remove-all.ts): poll at once, one list for all.
        await server.confirmDeleted(member.id, asServerOutputs(member), ctx, 0);
      } catch (e) {
        // The API accepted the DELETE: the engine's Cancel ends only the wait for the server to go.
        if (e instanceof CancelledError) return;
        throw failure(key, e);
      }
    },
  };
}

/** Waits for a turn among `limit`'s; the function it returns gives the turn back, once however often it is called. */
async function turnOf(limit: InFlightLimit): Promise<() => void> {
  await limit.take();
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    limit.release();
  };
}
