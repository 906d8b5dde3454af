// A fleet's plan applied with its health checks and rollback: roll.ts's applyPlan over member
// operations whose creates wait for health (gated-ops.ts), then, when the rolling replacement
// failed and rollback is on, the failed members put back on their old spec (rollback.ts).
// Nothing is rolled back after the engine's Cancel: the next `up` continues from what exists.

import { MemberFailure, type MemberOps } from "../member-ops";
import type { MemberPlan } from "../plan";
import { applyPlan, type FleetState, type RollOptions, type RollResult } from "../roll";
import type { MemberSpec, RecordedMember } from "../types";
import type { GateOptions } from "./gate";
import { healthGatedOps } from "./gated-ops";
import { unhealthyMembers } from "./unavailable";
import { rollBack } from "./rollback";
import { proveHealth, unprovenAfter } from "./reprobe";
import type { CheckedHealthCheck } from "./types";

export interface RolloutOptions extends RollOptions {
  /** Each member's health check, by key; a member without one serves once active. */
  checks: Record<string, CheckedHealthCheck>;
  rollback: boolean;
  gate: GateOptions;
  /** The spec a recorded member's server satisfies (a rollback makes it again from that). */
  specOf: (m: RecordedMember) => MemberSpec;
  /** Members the state records as not yet proved healthy (reprobe.ts): this run waits for their health again. @default none */
  unproven?: readonly string[];
}

export interface RolloutResult extends RollResult {
  /** What a rollback did, in words; empty when none ran. */
  notes: string[];
  /** True when a rollback ran. */
  rolledBack: boolean;
  /** The members a rollback put back on their old spec, and why the first of them failed. */
  heldBack?: { members: string[]; reason: string };
  /** The members with a check that no probe of this run saw pass (reprobe.ts). */
  unproven: string[];
}

export async function rollOut(state: FleetState, plan: MemberPlan, specs: Record<string, MemberSpec>, ops: MemberOps, opts: RolloutOptions): Promise<RolloutResult> {
  // Unproven members this run keeps as they are: their health is waited for again (a replaced or deleted one's new server is gated anyway).
  const replacing = plan.replace.map((r) => r.key);
  const leaving = new Set([...replacing, ...plan.delete]);
  const reprobe = (opts.unproven ?? []).filter((key) => !leaving.has(key) && state.members[key] && opts.checks[key]);
  // The count of members healthy is of the members this run creates with a check (new ones and a roll's replacements) and those it proves again.
  const checked = [...plan.create, ...replacing].filter((key) => opts.checks[key]).length + reprobe.length;
  const healthy = opts.progress && checked > 0 ? opts.progress.count("members healthy", checked) : undefined;
  const gated = Object.keys(opts.checks).length > 0 ? healthGatedOps(ops, opts.checks, opts.gate, healthy) : ops;
  const unproved = await proveHealth(reprobe, state.members, opts.checks, opts.gate, healthy);
  const outcome = await rollOutPlan(state, plan, specs, gated, opts, replacing);
  const failures = [...unproved, ...outcome.failures];
  return { ...outcome, failures, unproven: unprovenAfter(failures, state.members, opts.checks) };
}

async function rollOutPlan(
  state: FleetState, plan: MemberPlan, specs: Record<string, MemberSpec>, gated: MemberOps, opts: RolloutOptions, replacing: string[],
): Promise<Omit<RolloutResult, "unproven">> {
  const old: Record<string, RecordedMember> = {};
  for (const key of replacing) if (state.members[key]) old[key] = state.members[key];
  // Sick members already count against maxUnavailable until replaced (unavailable.ts, roll.ts).
  const sick = opts.maxUnavailable > 0 && replacing.length > 0 ? await unhealthyMembers(state.members, opts.checks, opts.gate) : [];
  const result = await applyPlan(state, plan, specs, gated, { ...opts, outOfService: sick });
  // A member whose new server took its place (only its old server's delete failed: a leftover now) did not fail its roll.
  const failed = result.failures.filter((f) => f instanceof MemberFailure && old[f.key] && !swapped(state, old, f));
  if (failed.length === 0 || !opts.rollback || opts.signal?.aborted) return { ...result, notes: [], rolledBack: false };
  const back = await rollBack(state, failed, old, gated, opts.specOf);
  // Only a new server that was made and failed (its check, an error status, its wait) proves the
  // target bad and holds the roll; a POST the API refused (a 503 after every retry) proves
  // nothing of the image, and the next `up` tries the roll again.
  const proven = failed.filter((f) => f.server !== undefined);
  if (proven.length === 0) return { failures: [...result.failures, ...back.failures], replaced: result.replaced, notes: back.notes, rolledBack: true };
  const members = [...new Set(proven.map((f) => f.key))];
  const reason = proven[0].reason;
  const heldBack = { members, reason: reason.length > 300 ? `${reason.slice(0, 299)}…` : reason };
  return { failures: [...result.failures, ...back.failures], replaced: result.replaced, notes: back.notes, rolledBack: true, heldBack };
}

/** Whether a new server that did not fail holds the failure's member after its batch: the failure was its old server's delete. */
function swapped(state: FleetState, old: Record<string, RecordedMember>, f: MemberFailure): boolean {
  const now = state.members[f.key];
  return now !== undefined && now.id !== old[f.key].id && f.server?.id !== now.id;
}
