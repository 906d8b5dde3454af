// A member's create that ends only when the member serves: the server core's create (through
// the fleet's member operations) until the server is active, then the member's health check
// (gate.ts) until it passes. Every create of a fleet with a check goes through it: a new
// member, a count-up, each new server of a roll's batch, a member rollback makes again. So the
// roll deletes a batch's old servers only once their replacements are healthy, and a
// replacement that never becomes healthy fails its member with the server it made (the roll
// records it, rollback.ts may delete it). Updates and deletes are the inner operations'.

import { CancelledError } from "../../core/operation";
import type { Tally } from "../../core/progress";
import { MemberFailure, type MemberOps } from "../member-ops";
import { parseMemberKey } from "../members";
import type { RecordedMember } from "../types";
import { describeFailure, waitHealthy, type GateOptions } from "./gate";
import { probeTarget } from "./template";
import type { CheckedHealthCheck } from "./types";

/** `healthy`, when given, is ticked as each member passes its check (the roll's "n of N members healthy"). */
export function healthGatedOps(ops: MemberOps, checks: Record<string, CheckedHealthCheck>, gate: GateOptions, healthy?: Tally): MemberOps {
  return {
    ...ops,
    async create(key, spec, adoptId) {
      const member = await ops.create(key, spec, adoptId);
      const check = checks[key];
      if (!check) return member;
      const target = probeTarget(check, factsOf(key, member));
      let outcome;
      try {
        outcome = await waitHealthy(check, target, gate);
      } catch (e) {
        const why = e instanceof CancelledError || gate.signal?.aborted ? "the wait for its health check was cancelled" : `its health check could not run: ${e instanceof Error ? e.message : String(e)}`;
        throw new MemberFailure(key, `server ${member.id} is active but not known healthy: ${why}`, member);
      }
      if (!outcome.healthy) throw new MemberFailure(key, `server ${member.id} is active but not healthy: ${describeFailure(check, target, outcome)}`, member);
      healthy?.tick();
      return member;
    },
  };
}

/** What a member's check URL template may name: its server's address, id, label, key and region. */
export function factsOf(key: string, m: RecordedMember) {
  return { mainIp: m.mainIp, id: m.id, label: m.label, key, region: m.region || parseMemberKey(key)?.region || "" };
}
