// A roll that failed and was rolled back is held: the next `up` with the same program does not
// try it again (it would make and delete the same servers at every `up`). What is held is the
// target the failed members were rolled to: their specs, their health checks and `retryRoll`,
// per place (group and region) of those members, as one fingerprint recorded in the state
// (`heldRoll`). While the program asks for that same target, the plan leaves those places'
// replacements out and the preview says why; other replacements roll; any change of the target
// (a new image, a fixed health check, a new `retryRoll` value) tries the roll again.
// Meanwhile the fleet stays on the spec it was rolled back to: a higher count makes its new members
// like the members are now, not from the spec that failed.

import { createHash } from "crypto";
import { parseMemberKey } from "../members";
import type { MemberPlan } from "../plan";
import type { FleetInputs, MemberSpec, RecordedMember } from "../types";
import type { CheckedHealthCheck, HeldRoll } from "./types";

export type { HeldRoll } from "./types";


/**
 * The target of the places (group and region) of `keys` in `ins`: the spec and check its members
 * are asked for there (the fields that are a member's own, label and hostname, left out), and
 * retryRoll. The same for any count of those members, so a count change neither releases a
 * hold nor starts one.
 */
export function fingerprint(ins: Pick<FleetInputs, "memberSpecs" | "retryRoll">, checks: Record<string, CheckedHealthCheck>, keys: string[]): string {
  const places = new Set(keys.map(placeOf));
  const targets = new Map<string, unknown>();
  for (const [key, spec] of Object.entries(ins.memberSpecs)) {
    if (!places.has(placeOf(key))) continue;
    const { label: _label, hostname: _hostname, ...target } = spec;
    targets.set(placeOf(key), [target, checks[key] ?? null]);
  }
  const target = [...targets].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256").update(canonicalJson([target, ins.retryRoll ?? null])).digest("hex").slice(0, 32);
}

/** The fingerprint a state written before places were held records: the held keys' specs and checks. */
function keyFingerprint(ins: Pick<FleetInputs, "memberSpecs" | "retryRoll">, checks: Record<string, CheckedHealthCheck>, keys: string[]): string {
  const target = keys.map((k) => [k, ins.memberSpecs[k] ?? null, checks[k] ?? null]);
  return createHash("sha256").update(canonicalJson([target, ins.retryRoll ?? null])).digest("hex").slice(0, 32);
}

/** A member's group and region: all of a place's members are asked for one target. */
function placeOf(key: string): string {
  const place = parseMemberKey(key);
  return place ? `${place.group}/${place.region}` : key;
}

/**
 * JSON with every object's keys in order: the same value gives the same text whichever way it
 * came (the plugin face's state holds objects with their keys sorted, a check writes them in
 * its own order).
 */
export function canonicalJson(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x !== null && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : x);
}

/** Whether `held` still stands for `ins`: the program asks for the very target that failed. */
export function stillHeld(held: HeldRoll | undefined, ins: Pick<FleetInputs, "memberSpecs" | "retryRoll">, checks: Record<string, CheckedHealthCheck>): held is HeldRoll {
  return held !== undefined && (fingerprint(ins, checks, held.members) === held.target || keyFingerprint(ins, checks, held.members) === held.target);
}

/** What a hold does to one `up`: the words the preview shows, and the specs the run makes members from. */
export interface Hold {
  words: string;
  specs: Record<string, MemberSpec>;
}

/**
 * `plan` without its replacements while `held` stands. The fleet stays on the spec it was rolled
 * back to, as Nomad's auto_revert or an instance refresh's rollback put the job or template back:
 * a member the plan creates in a group whose replacements are held is made like that group's
 * members are now (the fields the held replacement would change keep the member's values, the
 * same region's member first), not from the spec that failed. `specOf` gives a member's spec as
 * its server is (read.ts).
 */
export function applyHold(
  plan: MemberPlan, held: HeldRoll, members: Record<string, RecordedMember>, specs: Record<string, MemberSpec>, specOf: (m: RecordedMember) => MemberSpec,
): Hold {
  // Only the held places' replacements wait; every other replacement rolls.
  const places = new Set(held.members.map(placeOf));
  const skipped = plan.replace.filter((r) => places.has(placeOf(r.key)));
  plan.replace = plan.replace.filter((r) => !places.has(placeOf(r.key)));
  for (const { key } of skipped) if (!plan.update.includes(key)) delete plan.fields[key];
  const out = { ...specs };
  const kept: string[] = [];
  for (const key of plan.create) {
    const like = heldLike(key, skipped);
    if (!like || !members[like.key]) continue;
    const now = specOf(members[like.key]);
    const spec: MemberSpec = { ...specs[key] };
    for (const f of like.fields) {
      // A key names its region; a hostname is the member's own.
      if (f === "region" || f === "hostname") continue;
      if (now[f] === undefined) delete spec[f];
      else spec[f] = now[f];
    }
    out[key] = spec;
    kept.push(key);
  }
  const made = kept.length > 0 ? `; ${kept.join(", ")} ${kept.length === 1 ? "is" : "are"} made like the members the roll was rolled back to` : "";
  return {
    words: `roll held: the roll of ${held.members.join(", ")} failed and was rolled back (${held.reason}); ${skipped.length} replacement(s) wait until the program changes their spec or health check, or sets a new retryRoll${made}`,
    specs: out,
  };
}

/** The held replacement a new member `key` is made like: one of its group in its region, else one of its group. */
function heldLike(key: string, skipped: MemberPlan["replace"]): MemberPlan["replace"][number] | undefined {
  const place = parseMemberKey(key);
  if (!place) return undefined;
  const ofGroup = skipped.filter((r) => parseMemberKey(r.key)?.group === place.group);
  return ofGroup.find((r) => parseMemberKey(r.key)?.region === place.region) ?? ofGroup[0];
}
