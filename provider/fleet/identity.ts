// What makes a fleet's server recognisable afterwards as "member <key> of fleet
// <project>/<stack>/<name>", whatever happened to the run that created it (a kill -9, a lost
// CI runner, Ctrl-C): two tags on every server a Fleet creates or adopts, and a deterministic
// Idempotency-Key per member create.
//   hosting-fleet:<project>/<stack>/<name>   one per fleet: one `GET /v1/servers?tag=` finds
//                                            every server the fleet ever made (reconcile.ts)
//   hosting-member:<key>                     which member the server was made for
// Shape A's create request takes tags, so a server carries them from its first moment. Shape B's
// takes none: the client sends them by a PATCH right after the POST (api/client.ts). An update's
// member creates also carry a deterministic Idempotency-Key (the fleet's resource id, the member,
// the fleet's generation, the spec), so an update killed between a POST and its PATCH is sent
// again with the same key by the next run, and an API that still remembers the key answers with
// the same server instead of a second one. A create's keys are random: the fleet has no id yet,
// and a key from its name alone would repeat in a later fleet of that name, where an API that
// replays it would answer with a server deleted long ago (the soak found that: a fleet destroyed
// and made again with the same members failed, "server ... disappeared while waiting for
// active"). docs/guide.md ("A killed up") says what each shape proves.
// Like Kubernetes' owner references and labels, the tags, not the state, say what belongs to
// the fleet: the state is what a killed run may never have written.

import { createHash } from "crypto";
import { FLEET_TAG_PREFIX as FLEET_PREFIX, MEMBER_TAG_PREFIX as MEMBER_PREFIX } from "../server/system-tags";


/** The tag of every server of the fleet `name` in `<project>/<stack>`. */
export function fleetTagOf(stack: string, name: string): string {
  return `${FLEET_PREFIX}${stack}/${name}`;
}

/** The tag that names the member a server was made for. */
export function memberTagOf(key: string): string {
  return `${MEMBER_PREFIX}${key}`;
}

/** The member key a server's tags name, if any. */
export function memberKeyOf(tags: readonly string[] | undefined): string | undefined {
  const tag = (tags ?? []).find((t) => t.startsWith(MEMBER_PREFIX));
  return tag ? tag.slice(MEMBER_PREFIX.length) : undefined;
}

/** The two tags of a member's server. */
export function identityTags(fleetTag: string, key: string): string[] {
  return [fleetTag, memberTagOf(key)];
}

/**
 * The Idempotency-Key of one member create in an update: the same for the same fleet (its
 * resource id, new with every create of a fleet), member, generation and spec, so the run after a
 * killed one repeats the killed run's POST rather than making a second server; a new generation
 * (every `up` that got as far as writing the state) or another spec gives a new key, so a member
 * deleted outside Pulumi is really created again. A UUID in form, as the spec asks (RFC 4122
 * version 5 layout over SHA-256).
 */
export function memberIdempotencyKey(fleetId: string, key: string, generation: number, spec: unknown): string {
  const h = createHash("sha256").update(JSON.stringify([fleetId, key, generation, spec])).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
