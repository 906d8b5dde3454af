// A roll that failed and was rolled back is held: the next `up` with the same program does not
// try it again (it would make and delete the same servers at every `up`). What is held is the
// target the failed members were rolled to: their specs, their health checks and `retryRoll`,
// as one fingerprint recorded in the state (`heldRoll`). While the program asks for that same
// target, the plan leaves the replacements out and the preview says why; any change of those
// (a new image, a fixed health check, a new `retryRoll` value) tries the roll again.

import { createHash } from "crypto";
import type { MemberPlan } from "../plan";
import type { FleetInputs } from "../types";
import type { CheckedHealthCheck, HeldRoll } from "./types";

export type { HeldRoll } from "./types";


/** The target of `keys` in `ins`: their specs, their checks and retryRoll. */
export function fingerprint(ins: Pick<FleetInputs, "memberSpecs" | "retryRoll">, checks: Record<string, CheckedHealthCheck>, keys: string[]): string {
  const target = keys.map((k) => [k, ins.memberSpecs[k] ?? null, checks[k] ?? null]);
  return createHash("sha256").update(canonicalJson([target, ins.retryRoll ?? null])).digest("hex").slice(0, 32);
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
  return held !== undefined && fingerprint(ins, checks, held.members) === held.target;
}

/** `plan` without its replacements while `held` stands; the words the preview shows for it. */
export function applyHold(plan: MemberPlan, held: HeldRoll): string {
  const skipped = plan.replace.map((r) => r.key);
  plan.replace = [];
  for (const key of skipped) if (!plan.update.includes(key)) delete plan.fields[key];
  return `roll held: the roll of ${held.members.join(", ")} failed and was rolled back (${held.reason}); ${skipped.length} replacement(s) wait until the program changes their spec or health check, or sets a new retryRoll`;
}
