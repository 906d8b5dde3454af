// A server that a killed update of this instance (or of the instance whose members an import
// holds: it carries that owner mark) made for a member the state does not record, in service
// (`active`), whose spec has changed since (its spec mark is not the member's, and a field
// differs: region, plan or image as the API shows them, or backups or DDoS protection as its spec
// mark says): recorded as that member before the update plans, so its plan replaces it in the
// roll's batches (within maxSurge and maxUnavailable) instead of deleting it with the leftovers
// before the first batch. Any other unrecorded server stays with reconcile.ts.

import type { Server } from "../api/wire/types";
import type { CatalogueSnapshot } from "../core/catalogue";
import { serverOutputs } from "../server/normalize";
import { planServer } from "../server/plan";
import { memberKeyOf, specMarkOf } from "./identity";
import type { Claimable } from "./ownership";
import { serverInputsOf } from "./specs";
import { recordMember } from "./server-member-ops";
import type { MemberSpec, RecordedMember } from "./types";

/**
 * The members to record from `claims` (this instance's own servers, by ownership.ts): for each
 * declared key with no member recorded, its one own server in service whose spec changed.
 */
export async function inServiceToReplace(
  claims: readonly Claimable[], members: Readonly<Record<string, RecordedMember>>, specs: Readonly<Record<string, MemberSpec>>,
  catalogue: () => Promise<CatalogueSnapshot>,
): Promise<Record<string, RecordedMember>> {
  const recorded = new Set(Object.values(members).map((m) => m.id));
  const byKey = new Map<string, Array<Pick<Claimable, "server" | "owner">>>();
  for (const { server, kind, owner } of claims) {
    const key = kind === "own" && !recorded.has(server.id) ? memberKeyOf(server.tags) : undefined;
    if (key === undefined || key in members || !specs[key]) continue;
    byKey.set(key, [...(byKey.get(key) ?? []), { server, owner }]);
  }
  const out: Record<string, RecordedMember> = {};
  for (const [key, found] of byKey) {
    if (found.length !== 1 || found[0].server.status !== "active") continue;
    const [{ server, owner }] = found;
    if ((server.tags ?? []).includes(specMarkOf(specs[key]))) continue; // it fits: reconcile.ts takes it over
    const cat = await catalogue(); // read only when there is one: a steady update has none
    // Recorded with the owner mark it carries, when an import's: the roll may then delete it (ownership.ts `mayDelete`).
    const shown = { ...recordMember(server.id, serverOutputs(server, {}, cat)), ...(owner !== undefined ? { owner } : {}) };
    const member = { ...shown, ...markedFields(server, specs[key]) };
    if ((planServer(member, serverInputsOf(specs[key]), cat).replaces ?? []).length > 0) out[key] = member;
  }
  return out;
}

/**
 * The backups and DDoS protection `server` was created with, by its spec mark: the combination
 * of the two that, with the rest of `spec`, gives that mark. The API's server record need not show
 * them: its documented fields name neither; the simulator adds them (docs/contract.md). Nothing
 * when no combination does: then another field differs (region, plan, image, which the API
 * shows, or the SSH keys, which nothing proves).
 */
function markedFields(server: Server, spec: MemberSpec): { backups: boolean; ddosProtection: boolean } | undefined {
  const tags = server.tags ?? [];
  for (const backups of [false, true]) {
    for (const ddosProtection of [false, true]) {
      if (tags.includes(specMarkOf({ ...spec, backups, ddosProtection }))) return { backups, ddosProtection };
    }
  }
  return undefined;
}
