// Health is proved by the operation that relies on it, never remembered: a member whose check
// has not passed since its server was made (a create or count-up whose wait for health failed,
// recorded as the member) is listed in the state's `unproven`, and the next update waits for
// its health again (the same gate as a new member's: grace, interval, passes in a row,
// deadline). The update fails while any of them stays unhealthy, so an engine that retries a
// partial create, or a replacement's create, never takes "active" for "healthy".

import { CancelledError } from "../../core/operation";
import type { Tally } from "../../core/progress";
import { MemberFailure } from "../member-ops";
import type { RecordedMember } from "../types";
import { describeFailure, waitHealthy, type GateOptions } from "./gate";
import { factsOf } from "./gated-ops";
import { probeTarget } from "./template";
import type { CheckedHealthCheck } from "./types";

/** Waits for each of `keys` (recorded members with a check) to pass it, all at once; the failures name the member and what the check saw. */
export async function proveHealth(
  keys: readonly string[], members: Record<string, RecordedMember>, checks: Record<string, CheckedHealthCheck>, gate: GateOptions, healthy?: Tally,
): Promise<MemberFailure[]> {
  const failures = await Promise.all(keys.map(async (key) => {
    const member = members[key];
    const check = checks[key];
    const target = probeTarget(check, factsOf(key, member));
    try {
      const outcome = await waitHealthy(check, target, gate);
      if (outcome.healthy) {
        healthy?.tick();
        return undefined;
      }
      return new MemberFailure(key, `server ${member.id} is active but not healthy: ${describeFailure(check, target, outcome)}`, member);
    } catch (e) {
      const why = e instanceof CancelledError || gate.signal?.aborted ? "the wait for its health check was cancelled" : `its health check could not run: ${e instanceof Error ? e.message : String(e)}`;
      return new MemberFailure(key, `server ${member.id} is active but not known healthy: ${why}`, member);
    }
  }));
  return failures.filter((f): f is MemberFailure => f !== undefined);
}

/**
 * The members still unproven after a run: those whose probe failed, and those a failed create
 * recorded with its server (their wait for active or for health did not end well).
 */
export function unprovenAfter(failures: readonly MemberFailure[], members: Record<string, RecordedMember>, checks: Record<string, CheckedHealthCheck>): string[] {
  const keys = failures.filter((f) => f.server !== undefined && checks[f.key] && members[f.key]?.id === f.server.id).map((f) => f.key);
  return [...new Set(keys)].sort();
}
