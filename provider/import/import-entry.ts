// One server as `hosting-import` writes it: a stable Pulumi name and the Server arguments
// that adopt it with no change (its real region, plan, OS, label, tags, and what else the API
// reports). Ownership tags of any stack are left out: the adopting stack's own is added by the
// provider (ownerTag), and a tag in both `tags` and `ownerTag` would show as a change.
import { CREATE_FIELDS } from "../../protocol/shapes";
import type { ApiShape, Server } from "../api/wire/types";
import { OWNER_TAG_PREFIX } from "../server/types";

export interface ImportEntry {
  /** `<label as a name>-<first 8 characters of the id>`: unique, and the same on every run. */
  name: string;
  adoptId: string;
  region: string;
  plan: string;
  os: string;
  label?: string;
  hostname?: string;
  tags: string[];
  sshKeyIds?: string[];
  backups?: boolean;
  ddosProtection?: boolean;
  powerState?: "stopped";
  /** Ownership tags the server carried (another stack's), for a comment. */
  ownedBy: string[];
}

/** A valid Pulumi name from a label: lower-case letters, digits and dashes, then the id's start. */
export function importName(server: Pick<Server, "id" | "label">): string {
  const base = server.label.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40) || "server";
  const suffix = server.id.toLowerCase().replace(/[^a-z0-9]/g, "").slice(0, 8);
  return /^[a-z]/.test(base) ? `${base}-${suffix}` : `server-${base}-${suffix}`;
}

/**
 * The entry of one server. Fields the deployment's create table lacks (hostname in shape B,
 * DDoS protection in shape A) are left out: `check` refuses them there, since a replace
 * could not send them.
 */
export function importEntry(server: Server, shape: ApiShape): ImportEntry {
  const creatable = CREATE_FIELDS[shape] as readonly string[];
  const tags = [...new Set(server.tags ?? [])].sort();
  const entry: ImportEntry = {
    name: importName(server),
    adoptId: server.id,
    region: server.region,
    plan: server.plan,
    os: server.osSlug ?? String(server.osId),
    tags: tags.filter((t) => !t.startsWith(OWNER_TAG_PREFIX)),
    ownedBy: tags.filter((t) => t.startsWith(OWNER_TAG_PREFIX)),
  };
  if (server.label !== "") entry.label = server.label;
  if (server.hostname && creatable.includes("hostname")) entry.hostname = server.hostname;
  if (server.sshKeyIds && server.sshKeyIds.length > 0) entry.sshKeyIds = [...server.sshKeyIds].sort();
  if (server.backups) entry.backups = true;
  if (server.ddosProtection && creatable.includes("ddos_protection")) entry.ddosProtection = true;
  if (server.status === "stopped" || server.status === "stopping") entry.powerState = "stopped";
  return entry;
}
