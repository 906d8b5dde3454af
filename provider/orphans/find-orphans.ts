// Finds servers that a stack created but never recorded: the ones carrying
// the stack's ownership tag, or the tag of one of its fleets, whose id is not in the stack's
// state (state-servers.ts reads every resource type that records a server). That happens
// when `pulumi up` dies between the API's answer and the checkpoint write
// (kill -9, a lost CI runner). Deleting is a separate, explicit step. Without tags
// (shape B's default), `untrackedServers` gives the candidates that tagless.ts pairs with a
// preview's planned creates.
import type { HostingApi, Server } from "../api/wire/types";
import { OWNER_TAG_PREFIX } from "../server/types";
import { instanceOfPendingLabel, memberKeyOf, pendingLabelsOf } from "../fleet/identity";
import { FLEET_TAG_PREFIX, NEW_PENDING_LABEL_PREFIX, PENDING_LABEL_PREFIX } from "../server/system-tags";
import { serversInState } from "./state-servers";


/** The tag every Server of a stack carries (docs/guide/servers.md, "Inputs and outputs"). */
export function stackOwnershipTag(project: string, stack: string): string {
  return `pulumi-stack:${project}/${stack}`;
}

/** Ids of the hosting servers recorded in an exported deployment (`pulumi stack export`): every Server, Fleet member and leftover. */
export function serverIdsInState(exported: unknown): Set<string> {
  return serversInState(exported).ids;
}

/**
 * The servers carrying any of `tags` (the stack's ownership tag, each fleet's tag) whose id the
 * state does not hold, once each; for a fleet's tag also those carrying one of the pending labels
 * of the fleet instances `instances` or of a create (provider/fleet/identity.ts): what a run POSTed
 * and never tagged (shape B).
 */
export async function findOrphans(api: HostingApi, tags: string | string[], stateIds: Set<string>, instances: readonly string[] = []): Promise<Server[]> {
  const byId = new Map<string, Server>();
  const filters: Array<{ tag?: string; label?: string }> = [tags].flat().flatMap((tag) => (tag.startsWith(FLEET_TAG_PREFIX) ? [{ tag }, ...pendingLabelsOf(tag, instances).map((label) => ({ label }))] : [{ tag }]));
  for (const filter of filters) {
    for (const server of await api.listAllServers(filter)) {
      if (filter.label !== undefined && server.label !== filter.label) continue;
      if (!stateIds.has(server.id) && server.status !== "terminated") byId.set(server.id, server);
    }
  }
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** "member <key> of fleet <project>/<stack>/<name>" for a server a Fleet made, else undefined. */
export function fleetMemberOf(server: Server): string | undefined {
  const fleet = (server.tags ?? []).find((t) => t.startsWith(FLEET_TAG_PREFIX));
  if (!fleet) {
    const prefix = [PENDING_LABEL_PREFIX, NEW_PENDING_LABEL_PREFIX].find((p) => server.label?.startsWith(p));
    if (!prefix) return undefined;
    const instance = instanceOfPendingLabel(server.label);
    const fleet = server.label.slice(prefix.length, instance ? -(instance.length + 1) : undefined);
    return `an untagged server of fleet ${fleet}${instance ? ` (instance ${instance})` : ""}`;
  }
  const key = memberKeyOf(server.tags);
  return `${key ? `member ${key}` : "a server"} of fleet ${fleet.slice(FLEET_TAG_PREFIX.length)}`;
}

/**
 * Servers of the account that no state named holds: not terminated, not in `stateIds`, and
 * carrying no ownership tag but `ownTags` (a server tagged by another stack is that stack's).
 * With no tags in play (shape B's default), these are the candidates for a crash's orphans.
 */
export async function untrackedServers(api: HostingApi, stateIds: Set<string>, ownTags: string[]): Promise<Server[]> {
  const all = await api.listAllServers();
  const foreign = (s: Server) => (s.tags ?? []).some((t) => t.startsWith(OWNER_TAG_PREFIX) && !ownTags.includes(t));
  // A fleet's server is its fleet's, found by the fleet's tag (findOrphans), never a Server's candidate.
  return all.filter((s) => s.status !== "terminated" && !stateIds.has(s.id) && !foreign(s) && !fleetMemberOf(s));
}

/** Deletes the given servers; returns the ids deleted (already-gone ones included). */
export async function deleteOrphans(api: HostingApi, orphans: ReadonlyArray<Pick<Server, "id">>): Promise<string[]> {
  await Promise.all(orphans.map((server) => api.deleteServer(server.id)));
  return orphans.map((server) => server.id);
}
