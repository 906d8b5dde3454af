// One normal form for a server's inputs and outputs, used by check, create, read and
// update alike, so that `up` → `refresh` → `preview` shows no change: tags and SSH key ids
// sorted and de-duplicated, `os` and `osId` both filled from the catalogue, every default
// explicit, no undefined values (the engine's Struct cannot carry them).

import type { Server, ServerStatus } from "../api/types";
import type { PowerState, ServerInputs, ServerOutputs } from "../resources/server";
import { findOs, type Catalogue } from "./catalogue";
import { containsUnknown } from "./unknown";

type Props = Record<string, any>;

export const DEFAULT_WAIT_TIMEOUT_SECONDS = 600;

export const SERVER_INPUT_NAMES = [
  "region", "plan", "os", "osId", "label", "hostname", "tags", "sshKeyIds", "backups",
  "ddosProtection", "userData", "powerState", "waitTimeoutSeconds", "ownerTag",
] as const;

/** Ownership tags look like `pulumi-stack:<project>/<stack>` (see provider/orphans). */
export const OWNER_TAG_PREFIX = "pulumi-stack:";

/**
 * The tags the API holds: the user's tags plus the ownership tag. The ownership tag lives
 * in its own input and output, so `tags` shows only what the user wrote.
 */
export function apiTags(ins: Props): string[] {
  const owner = typeof ins.ownerTag === "string" && ins.ownerTag !== "" ? [ins.ownerTag] : [];
  return sortedSet([...(ins.tags ?? []), ...owner]) as string[];
}

const SERVER_DEFAULTS: Props = {
  label: "",
  tags: [],
  sshKeyIds: [],
  backups: false,
  ddosProtection: false,
  powerState: "running",
  waitTimeoutSeconds: DEFAULT_WAIT_TIMEOUT_SECONDS,
};

/** Sorted, de-duplicated copy of a list of strings; unknown lists are returned as they are. */
export function sortedSet(list: unknown): unknown {
  if (!Array.isArray(list) || containsUnknown(list)) return list;
  return [...new Set(list as string[])].sort();
}

/** The checked inputs: defaults filled, lists sorted, os/osId completed from the catalogue. */
export function normalizeServerInputs(news: Props, cat?: Catalogue): Props {
  const out: Props = {};
  for (const k of SERVER_INPUT_NAMES) {
    const v = news[k] ?? SERVER_DEFAULTS[k];
    if (v !== undefined && v !== null) out[k] = v;
  }
  if (out.hostname === "") delete out.hostname;
  out.tags = sortedSet(out.tags);
  out.sshKeyIds = sortedSet(out.sshKeyIds);
  if (cat && !containsUnknown(out.os) && !containsUnknown(out.osId)) {
    const image = findOs(cat, out);
    if (image) {
      out.os = image.slug;
      out.osId = image.id;
    }
  }
  for (const [k, v] of Object.entries(news)) if (k.startsWith("__")) out[k] = v;
  return out;
}

/** Power state implied by a status; transitional and failed statuses keep the declared one. */
export function powerStateOf(status: ServerStatus | string, declared?: PowerState): PowerState {
  if (status === "active" || status === "rebooting") return "running";
  if (status === "stopped" || status === "stopping") return "stopped";
  return declared ?? "running";
}

/**
 * Outputs from an API record. `prior` supplies what the API never returns: userData
 * (write-only), the wait time-out, and the declared power state while the status moves.
 */
export function serverOutputs(server: Server, prior: Props, cat: Catalogue): ServerOutputs {
  // Adopted servers (Server.get) have no declared owner: the API's ownership tag, if any, is it.
  const ownerTag =
    typeof prior.ownerTag === "string" && prior.ownerTag !== ""
      ? prior.ownerTag
      : (server.tags ?? []).find((t) => t.startsWith(OWNER_TAG_PREFIX));
  const image = findOs(cat, server.osSlug ? { os: server.osSlug } : { osId: server.osId }) ?? findOs(cat, prior);
  const plan = cat.plans.find((p) => p.id === server.plan);
  const outs: ServerOutputs = {
    region: server.region,
    plan: server.plan,
    os: server.osSlug ?? image?.slug ?? prior.os ?? "",
    osId: server.osId ?? image?.id ?? prior.osId ?? 0,
    osName: server.osName ?? image?.name ?? "",
    label: server.label ?? "",
    hostname: server.hostname ?? prior.hostname ?? "",
    tags: [...new Set(server.tags ?? [])].filter((t) => t !== ownerTag).sort(),
    sshKeyIds: [...new Set(server.sshKeyIds ?? [])].sort(),
    backups: server.backups ?? false,
    ddosProtection: server.ddosProtection ?? false,
    powerState: powerStateOf(server.status, prior.powerState),
    waitTimeoutSeconds: typeof prior.waitTimeoutSeconds === "number" ? prior.waitTimeoutSeconds : DEFAULT_WAIT_TIMEOUT_SECONDS,
    status: server.status,
    mainIp: server.mainIp ?? "",
    vcpus: server.vcpus,
    ramGb: server.ramGb,
    diskGb: server.diskGb,
    createdAt: server.createdAt ?? "",
    pricePerHour: server.pricePerHour ?? plan?.pricePerHour ?? "",
  };
  if (typeof prior.userData === "string") outs.userData = prior.userData;
  if (ownerTag) outs.ownerTag = ownerTag;
  return outs;
}

/** The inputs that reproduce these outputs (what `read` hands back for later diffs). */
export function inputsFromOutputs(outs: Props): Partial<ServerInputs> {
  const ins: Props = {};
  for (const k of SERVER_INPUT_NAMES) if (outs[k] !== undefined && outs[k] !== null) ins[k] = outs[k];
  if (ins.hostname === "") delete ins.hostname;
  return ins;
}
