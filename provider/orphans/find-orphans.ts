// Finds servers that a stack created but never recorded: the ones carrying
// the stack's ownership tag whose id is not in the stack's state. That happens
// when `pulumi up` dies between the API's answer and the checkpoint write
// (kill -9, a lost CI runner). Deleting is a separate, explicit step. Without tags
// (shape B's default), `untrackedServers` gives the candidates that tagless.ts pairs with a
// preview's planned creates.
import type { HostingApi, Server } from "../api/wire/types";
import { OWNER_TAG_PREFIX } from "../server/types";
import { SERVER_TYPE } from "./planned-creates";

/** The tag every Server of a stack carries (docs/guide.md, "Server"). */
export function stackOwnershipTag(project: string, stack: string): string {
  return `pulumi-stack:${project}/${stack}`;
}

/** Ids of the hosting servers recorded in an exported deployment (`pulumi stack export`). */
export function serverIdsInState(exported: unknown): Set<string> {
  const deployment = (exported as { deployment?: { resources?: unknown } } | undefined)?.deployment;
  const resources = Array.isArray(deployment?.resources) ? (deployment.resources as { type?: unknown; id?: unknown }[]) : [];
  const ids = resources
    .filter((r) => r.type === SERVER_TYPE && typeof r.id === "string" && r.id !== "")
    .map((r) => r.id as string);
  return new Set(ids);
}

export async function findOrphans(api: HostingApi, ownershipTag: string, stateIds: Set<string>): Promise<Server[]> {
  const tagged = await api.listAllServers({ tag: ownershipTag });
  return tagged.filter((server) => !stateIds.has(server.id) && server.status !== "terminated");
}

/**
 * Servers of the account that no state named holds: not terminated, not in `stateIds`, and
 * carrying no ownership tag but `ownTags` (a server tagged by another stack is that stack's).
 * With no tags in play (shape B's default), these are the candidates for a crash's orphans.
 */
export async function untrackedServers(api: HostingApi, stateIds: Set<string>, ownTags: string[]): Promise<Server[]> {
  const all = await api.listAllServers();
  const foreign = (s: Server) => (s.tags ?? []).some((t) => t.startsWith(OWNER_TAG_PREFIX) && !ownTags.includes(t));
  return all.filter((s) => s.status !== "terminated" && !stateIds.has(s.id) && !foreign(s));
}

/** Deletes the given servers; returns the ids deleted (already-gone ones included). */
export async function deleteOrphans(api: HostingApi, orphans: Server[]): Promise<string[]> {
  await Promise.all(orphans.map((server) => api.deleteServer(server.id)));
  return orphans.map((server) => server.id);
}
