// Finds servers that a stack created but never recorded: the ones carrying
// the stack's ownership tag whose id is not in the stack's state. That happens
// when `pulumi up` dies between the API's answer and the checkpoint write
// (kill -9, a lost CI runner). Deleting is a separate, explicit step.
import type { HostingApi, Server } from "../api/wire/types";

/** The tag every Server of a stack carries (docs/guide.md, "Server"). */
export function stackOwnershipTag(project: string, stack: string): string {
  return `pulumi-stack:${project}/${stack}`;
}

/** Ids of the hosting servers recorded in an exported deployment (`pulumi stack export`). */
export function serverIdsInState(exported: unknown): Set<string> {
  const deployment = (exported as { deployment?: { resources?: unknown } } | undefined)?.deployment;
  const resources = Array.isArray(deployment?.resources) ? (deployment.resources as { type?: unknown; id?: unknown }[]) : [];
  const ids = resources
    .filter((r) => r.type === "pulumi-nodejs:dynamic/hosting:Server" && typeof r.id === "string" && r.id !== "")
    .map((r) => r.id as string);
  return new Set(ids);
}

export async function findOrphans(api: HostingApi, ownershipTag: string, stateIds: Set<string>): Promise<Server[]> {
  const tagged = await api.listAllServers({ tag: ownershipTag });
  return tagged.filter((server) => !stateIds.has(server.id) && server.status !== "terminated");
}

/** Deletes the given servers; returns the ids deleted (already-gone ones included). */
export async function deleteOrphans(api: HostingApi, orphans: Server[]): Promise<string[]> {
  await Promise.all(orphans.map((server) => api.deleteServer(server.id)));
  return orphans.map((server) => server.id);
}
