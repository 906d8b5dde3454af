// The marks that make a fleet's server recognisable afterwards, whatever happened to the run
// that made it: the fleet tag (the resource, as its URN names it), the member, the owner (the
// resource instance), the spec it was created with, the live mark, and shape B's pending label.
// docs/guide/ownership.md describes each and what it proves; ownership.ts is the rule that reads
// them. An update's member creates carry a deterministic Idempotency-Key (the fleet's id, the
// member, the generation, the spec, an attempt), so a repeated POST after a kill is answered
// with the killed run's server; a create's keys are random, since a key from the fleet's name
// alone would repeat in a later fleet of that name and be answered with a long-deleted server.

import { createHash } from "crypto";
import {
  FLEET_TAG_PREFIX as FLEET_PREFIX, LIVE_MARK_PREFIX, MEMBER_TAG_PREFIX as MEMBER_PREFIX, NEW_PENDING_LABEL_PREFIX, OWNER_MARK_PREFIX, PENDING_LABEL_PREFIX, SPEC_MARK_PREFIX,
} from "../server/system-tags";
import { stackOf, type OperationContext } from "../core/context";

/**
 * The tag of every server of the fleet `name` in `<project>/<stack>`: `hosting-fleet:<project>/<stack>/<name>`
 * at the stack's root, with `@<digest of its parents' types>` after the name under a parent, so
 * two Fleets of one name under two parents never list each other's servers (their URNs differ
 * there, and only there).
 */
export function fleetTagOf(stack: string, name: string, parentType?: string): string {
  const under = parentType ? `@${createHash("sha256").update(parentType).digest("hex").slice(0, 12)}` : "";
  return `${FLEET_PREFIX}${stack}/${name}${under}`;
}

/** The fleet tags among `tags` that name a resource of `stack` (`<project>/<stack>`). */
export function fleetTagsInStack(tags: readonly string[] | undefined, stack: string): string[] {
  return (tags ?? []).filter((t) => t.startsWith(`${FLEET_PREFIX}${stack}/`));
}

/** The fleet tag of the resource the engine names in `ctx` (stack, name, parents), when it names one. */
export function fleetTagFor(ctx: OperationContext): string | undefined {
  const stack = stackOf(ctx.resource);
  const name = ctx.resource.name;
  return stack !== undefined && name !== undefined ? fleetTagOf(stack, name, ctx.resource.parentType) : undefined;
}

/**
 * The label a member's POST carries where the create takes no tags (shape B), until the PATCH
 * that tags it: `hosting-pending:<project>/<stack>/<name>#<instance>` in an update of `instance`,
 * `hosting-pending-new:<project>/<stack>/<name>` in the create of a new instance (whose servers no
 * live instance holds, so any later create of the resource may take them: ownership.ts). The
 * update's names its instance, as its owner mark would: two Fleets under one tag (a renamed Fleet
 * and a new Fleet of its first name) never take each other's. One `GET /v1/servers?label=` each.
 */
export function pendingLabelOf(fleetTag: string, run: "create"): string;
export function pendingLabelOf(fleetTag: string, run: "update", instance: string): string;
export function pendingLabelOf(fleetTag: string, run: "create" | "update", instance?: string): string {
  const name = fleetTag.startsWith(FLEET_PREFIX) ? fleetTag.slice(FLEET_PREFIX.length) : fleetTag;
  return run === "create" ? `${NEW_PENDING_LABEL_PREFIX}${name}` : `${PENDING_LABEL_PREFIX}${name}${INSTANCE_SEPARATOR}${instance}`;
}

/** The labels a run of `instances` (the instance, and the ones an import took its members from) lists under `fleetTag`: each one's update label, and the create's. */
export function pendingLabelsOf(fleetTag: string, instances: readonly string[]): string[] {
  return [...instances.map((i) => pendingLabelOf(fleetTag, "update", i)), pendingLabelOf(fleetTag, "create")];
}

/** The instance an update's pending label names; undefined for a create's, or a label that names none. */
export function instanceOfPendingLabel(label: string): string | undefined {
  if (!label.startsWith(PENDING_LABEL_PREFIX)) return undefined;
  const match = /#((?:fleet-[0-9a-f-]{36})|(?:imported-[0-9a-f]{32}))$/.exec(label);
  return match ? match[1] : undefined;
}

/** Between a pending label's fleet and the instance it names. */
const INSTANCE_SEPARATOR = "#";

/** The tag that names the member a server was made for. */
export function memberTagOf(key: string): string {
  return `${MEMBER_PREFIX}${key}`;
}

/** The member key a server's tags name; none when they name none, or two (nobody can tell which). */
export function memberKeyOf(tags: readonly string[] | undefined): string | undefined {
  const keys = [...new Set((tags ?? []).filter((t) => t.startsWith(MEMBER_PREFIX)))];
  return keys.length === 1 ? keys[0].slice(MEMBER_PREFIX.length) : undefined;
}

/**
 * The fleet instance a resource id stands for: a created fleet's id (`fleet-<uuid>`) as it is;
 * an imported fleet's id (its selection of servers, any length) as a digest, so its mark stays a
 * short tag.
 */
export function instanceOf(id: string): string {
  return /^fleet-[0-9a-f-]{36}$/.test(id) ? id : `imported-${createHash("sha256").update(id).digest("hex").slice(0, 32)}`;
}

/** The mark of the fleet instance `instance` (its resource id) on every server it holds. */
export function ownerMarkOf(instance: string): string {
  return `${OWNER_MARK_PREFIX}${instance}`;
}

/** The mark, on one of its servers, that says a run of the instance finished. */
export function liveMarkOf(instance: string): string {
  return `${LIVE_MARK_PREFIX}${instance}`;
}

/** The fleet instances `tags` say finished a run. */
export function liveInstancesOf(tags: readonly string[] | undefined): string[] {
  return (tags ?? []).filter((t) => t.startsWith(LIVE_MARK_PREFIX)).map((t) => t.slice(LIVE_MARK_PREFIX.length));
}

/** What of a member's spec a create cannot change without a replacement, as `check` normalized it. */
export interface CreatedFields {
  region: string;
  plan: string;
  os: string;
  hostname?: unknown;
  sshKeyIds?: unknown;
  userData?: unknown;
  backups?: unknown;
  ddosProtection?: unknown;
}

/** The spec mark of a server created with `spec`: the same digest for the same replace-forcing fields. */
export function specMarkOf(spec: CreatedFields): string {
  const keys = Array.isArray(spec.sshKeyIds) ? [...(spec.sshKeyIds as string[])].sort() : [];
  const fields = [spec.region, spec.plan, spec.os, spec.hostname ?? null, keys, spec.userData ?? null, spec.backups === true, spec.ddosProtection === true];
  return `${SPEC_MARK_PREFIX}${createHash("sha256").update(JSON.stringify(fields)).digest("hex").slice(0, 24)}`;
}

/** The marks of a member's server: the fleet's name, the member, the instance that holds it. */
export function identityTags(fleetTag: string, key: string, instance: string): string[] {
  return [fleetTag, memberTagOf(key), ownerMarkOf(instance)];
}

/**
 * The Idempotency-Key of one member create in an update: the same for the same fleet (its
 * resource id, new with every create of a fleet), member, generation and spec, so the run after a
 * killed one repeats the killed run's POST rather than making a second server; a new generation
 * (every `up` that got as far as writing the state) or another spec gives a new key, so a member
 * deleted outside Pulumi is really created again; so does the next `attempt`, sent when the key's
 * answer named a server deleted since. A UUID in form, as the spec asks (RFC 4122 version 5
 * layout over SHA-256).
 */
export function memberIdempotencyKey(fleetId: string, key: string, generation: number, spec: unknown, attempt = 0): string {
  const fields = attempt === 0 ? [fleetId, key, generation, spec] : [fleetId, key, generation, spec, attempt];
  const h = createHash("sha256").update(JSON.stringify(fields)).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
