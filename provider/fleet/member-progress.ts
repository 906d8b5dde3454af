// How far a fleet operation got, for the person watching it: the members' operations
// (server-member-ops.ts, or a test's) counted as they finish, "40 of 100 members created", through the
// operation's progress reporter (core/progress.ts), which decides how often a count is worth a
// line. A delete counts when the API took its DELETE. The totals are the plan's, known before the
// first call; a failed call is not counted, so a count that stops short says so. A member's own
// wait reports nothing (server-member-ops.ts): these counts speak for the whole fleet.

import type { Progress } from "../core/progress";
import type { MemberOps } from "./member-ops";
import type { MemberPlan } from "./plan";

/** What one fleet operation will do, in members created, updated and servers deleted. */
export interface MemberTotals {
  create?: number;
  update?: number;
  delete?: number;
}

/** The totals of a plan: a replacement is one create and one delete. */
export function planTotals(plan: MemberPlan): MemberTotals {
  return {
    create: plan.create.length + plan.replace.length,
    update: plan.update.length,
    delete: plan.leftovers.length + plan.delete.length + plan.replace.length,
  };
}

/** `ops` whose finished calls are counted against `totals` on `progress`. */
export function countedOps(ops: MemberOps, progress: Progress, totals: MemberTotals): MemberOps {
  const created = progress.count("members created", totals.create ?? 0);
  const updated = progress.count("members updated", totals.update ?? 0);
  const deleted = progress.count("servers deleted", totals.delete ?? 0);
  return {
    async create(key, spec, adoptId) {
      const member = await ops.create(key, spec, adoptId);
      created.tick();
      return member;
    },
    async update(key, member, spec) {
      const updatedMember = await ops.update(key, member, spec);
      updated.tick();
      return updatedMember;
    },
    // A server counts as deleted once the API took its DELETE (or found it gone): the DELETEs are
    // what the rate limit spreads out, and the waits for them to go end together (remove-all.ts).
    async sendDelete(key, member) {
      const sent = await ops.sendDelete(key, member);
      deleted.tick();
      return sent;
    },
    confirmDeleted: (key, member) => ops.confirmDeleted(key, member),
  };
}

/** The line of a roll's batch `k` of `n`: "rolling batch 2 of 10: web-3, web-4". */
export function rollBatchLine(k: number, n: number, keys: readonly string[]): string {
  const shown = keys.length > 4 ? [...keys.slice(0, 3), `and ${keys.length - 3} more`] : keys;
  return `rolling batch ${k} of ${n}: ${shown.join(", ")}`;
}
