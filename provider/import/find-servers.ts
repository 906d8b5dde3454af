// The servers `hosting-import` writes a program for: listed by tag and region on the API side
// (GET /v1/servers?tag=&region=), by label prefix here (the API filters labels by equality
// only), terminated ones left out. Sorted by label, then id, so the output is stable.
import type { HostingApi, Server } from "../api/wire/types";

export interface ImportFilter {
  /** Only servers with this tag. */
  tag?: string;
  /** Only servers whose label starts with this. */
  labelPrefix?: string;
  /** Only servers in this region. */
  region?: string;
}

export async function findServersToImport(api: HostingApi, filter: ImportFilter = {}): Promise<Server[]> {
  const listed = await api.listAllServers({ tag: filter.tag, region: filter.region });
  return listed
    .filter((s) => s.status !== "terminated" && (filter.labelPrefix === undefined || s.label.startsWith(filter.labelPrefix)))
    .sort((a, b) => (a.label === b.label ? a.id.localeCompare(b.id) : a.label.localeCompare(b.label)));
}
