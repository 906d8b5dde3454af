// Members that fail their health check when a roll starts count as unavailable: a roll allowed
// maxUnavailable N takes serving old servers out early only for N minus those not yet replaced,
// so a fleet that already has sick members is not thinned further by its own roll; a sick
// member's old server serves nothing and goes first in its batch (roll.ts). One probe per member, only when the
// roll may take servers out early (maxUnavailable above 0); a probe that cannot run counts as
// a failure.

import type { RecordedMember } from "../types";
import type { GateOptions } from "./gate";
import { factsOf } from "./gated-ops";
import { probeTarget } from "./template";
import type { CheckedHealthCheck } from "./types";

/** The keys of `members` whose check fails now (each probed once, all at once). */
export async function unhealthyMembers(
  members: Record<string, RecordedMember>, checks: Record<string, CheckedHealthCheck>, gate: GateOptions,
): Promise<string[]> {
  const signal = gate.signal ?? new AbortController().signal;
  const probed = await Promise.all(Object.entries(members).map(async ([key, m]) => {
    const check = checks[key];
    if (!check) return undefined;
    const target = probeTarget(check, factsOf(key, m));
    const passed = await gate.prober(check, target, signal).then((r) => r.pass, () => false);
    return passed ? undefined : key;
  }));
  return probed.filter((k): k is string => k !== undefined).sort();
}
