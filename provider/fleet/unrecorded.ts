// The servers of a Fleet resource as the API lists them, and those of them its state does not
// record: its own instance's (made by a killed update) and an interrupted run's (a killed create
// or `--replace`), judged by ownership.ts, and in shape B the untagged ones with its pending label
// (untagged.ts). A refresh records the unrecorded ones as leftovers, so the next `up` sees a
// change and deletes them (docs/guide/recovery.md): without it, a killed replacement's servers
// wait for the Fleet's next update.

import type { Server } from "../api/wire/types";
import type { OperationContext } from "../core/context";
import { claimable, type Claimable } from "./ownership";
import { untaggedServers } from "./untagged";

/** Every live server the API lists for the fleet's tag (one list call, paged); ownership.ts checks each one's own tags. */
export async function fleetServers(ctx: OperationContext, fleetTag: string | undefined): Promise<Server[]> {
  if (!fleetTag) return [];
  return (await ctx.api.listAllServers({ tag: fleetTag })).filter((s) => s.status !== "terminated");
}

/** The servers of this resource that `recorded` lacks and `instance` may take, each with the owner mark it carries when not the instance's. */
export async function unrecordedServers(ctx: OperationContext, instance: string, fleetTag: string, recorded: ReadonlySet<string>): Promise<Claimable[]> {
  const [found, untagged] = await Promise.all([fleetServers(ctx, fleetTag), untaggedServers(ctx, fleetTag)]);
  const claims: Claimable[] = [...claimable(found, { instance, fleetTag, unmarked: false }), ...untagged.map((server) => ({ server }))];
  return claims.filter((c) => !recorded.has(c.server.id));
}
