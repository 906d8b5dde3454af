// The Fleet inputs of a health-gated roll, checked: `healthCheck` (validate.ts), `rollback`,
// `canary` and `canaryPauseSeconds`. Their types are checked with the Fleet's other inputs
// (check.ts); here are their ranges, each failure naming the field. Only what the program sets
// goes into the checked inputs, so a stack of an earlier release sees no change.

import type { CheckFailure } from "../../core/check-kinds";
import { isUnknown } from "../../core/unknown";
import type { CheckedGroup, FleetInputs } from "../types";
import { expandMembers } from "../members";
import { checkHealthCheck } from "./validate";
import type { CheckedHealthCheck } from "./types";

type Raw = Record<string, unknown>;
export type RolloutInputs = Pick<FleetInputs, "healthCheck" | "rollback" | "canary" | "canaryPauseSeconds" | "retryRoll">;

/** The kinds of these inputs, for the Fleet's table of input kinds. */
export const ROLLOUT_FIELD_KINDS = { healthCheck: "object", rollback: "boolean", canary: "integer", canaryPauseSeconds: "integer", retryRoll: "string" } as const;

export function checkRolloutInputs(news: Raw, apiIsLoopback: boolean): { inputs: RolloutInputs; failures: CheckFailure[] } {
  const health = checkHealthCheck(news.healthCheck, "healthCheck", apiIsLoopback);
  const failures = [...health.failures];
  const inputs: RolloutInputs = {};
  if (health.check) inputs.healthCheck = health.check;
  if (typeof news.rollback === "boolean") inputs.rollback = news.rollback;
  if (typeof news.retryRoll === "string") inputs.retryRoll = news.retryRoll;
  for (const k of ["canary", "canaryPauseSeconds"] as const) {
    const v = news[k];
    if (v === undefined || v === null || isUnknown(v)) continue;
    if (typeof v === "number" && Number.isInteger(v) && v < 0) failures.push({ property: k, reason: `${k} must be 0 or more, got ${v}` });
    else if (typeof v === "number") inputs[k] = v;
  }
  return { inputs, failures };
}

/** Each member's health check: its group's, else the fleet's; none for a member of neither. */
export function healthChecksOf(groups: CheckedGroup[], fleetCheck: CheckedHealthCheck | undefined): Record<string, CheckedHealthCheck> {
  const checks: Record<string, CheckedHealthCheck> = {};
  for (const { key, group } of expandMembers(groups)) {
    const check = group.healthCheck ?? fleetCheck;
    if (check) checks[key] = check;
  }
  return checks;
}

/** Whether a failed batch is put back: `rollback` as set, else on exactly when some member has a check. */
export function rollbackOn(ins: RolloutInputs, checks: Record<string, CheckedHealthCheck>): boolean {
  return ins.rollback ?? Object.keys(checks).length > 0;
}
