// One normal form for a server's inputs and outputs, used by check, create, read and
// update alike, so that `up` → `refresh` → `preview` shows no change: tags and SSH key ids
// sorted and de-duplicated, `os` and `osId` both filled from the catalogue, every default
// explicit, no undefined values (the engine's Struct cannot carry them).

import type { ApiShape, Server, ServerStatus } from "../api/wire/types";
import { CREATE_FIELDS } from "../../protocol/shapes";
import { sortedSet } from "../core/sorted-set";
import { OWNER_TAG_PREFIX, SERVER_DEFAULTS, SERVER_INPUT_NAMES, type PowerState, type ServerInputs, type ServerOutputs } from "./types";
import { findOs, type CatalogueSnapshot } from "../core/catalogue";
import { isSystemTag } from "./system-tags";
import type { RawProps, Recorded } from "../core/route";
import { containsUnknown } from "../core/unknown";

type Props = Record<string, unknown>;

/**
 * The tags the API holds: the user's tags plus the ownership tag and the provider's own tags
 * (system-tags.ts). Those live apart, so `tags` shows only what the user wrote.
 */
export function apiTags(ins: Pick<ServerInputs, "tags" | "ownerTag">, systemTags: readonly string[] = []): string[] {
  const owner = typeof ins.ownerTag === "string" && ins.ownerTag !== "" ? [ins.ownerTag] : [];
  return sortedSet([...(ins.tags ?? []), ...owner, ...systemTags]) as string[];
}

/** The checked inputs: defaults filled, lists sorted, os/osId completed from the catalogue. */
export function normalizeServerInputs(news: RawProps | Partial<ServerInputs>, cat?: CatalogueSnapshot): Recorded<ServerInputs> {
  const out: Props = {};
  for (const k of SERVER_INPUT_NAMES) {
    const v = news[k] ?? (SERVER_DEFAULTS as Props)[k];
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
  // The dynamic host's own key rides along; the inputs hold nothing else the program did not declare.
  if ("__provider" in news && news.__provider !== undefined) out.__provider = news.__provider;
  // Why a cast: this is where raw props become ServerInputs. Their kinds were proven by check's
  // validation (validate.ts) before, and every default is filled above, but the compiler cannot
  // follow a check made on a Record's values. At preview any value may still be the engine's
  // unknown sentinel (core/unknown.ts); create and update only ever see known values.
  return out as unknown as Recorded<ServerInputs>;
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
 * `prior` is the declared inputs: its `hostname` is one the program declared (see
 * `declaredView` for passing recorded outputs).
 */
export function serverOutputs(server: Server, prior: Partial<ServerInputs>, cat: CatalogueSnapshot): ServerOutputs {
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
    tags: [...new Set(server.tags ?? [])].filter((t) => t !== ownerTag && !isSystemTag(t)).sort(),
    // A record that does not show them (types.ts) keeps what the program declared or the state recorded.
    sshKeyIds: [...new Set(server.sshKeyIds ?? prior.sshKeyIds ?? [])].sort(),
    backups: server.backups ?? prior.backups ?? false,
    ddosProtection: server.ddosProtection ?? prior.ddosProtection ?? false,
    powerState: powerStateOf(server.status, prior.powerState),
    waitTimeoutSeconds: typeof prior.waitTimeoutSeconds === "number" ? prior.waitTimeoutSeconds : SERVER_DEFAULTS.waitTimeoutSeconds,
    status: server.status,
    mainIp: server.mainIp ?? "",
    vcpus: server.vcpus,
    ramGb: server.ramGb,
    diskGb: server.diskGb,
    createdAt: server.createdAt ?? "",
    pricePerHour: server.pricePerHour ?? plan?.pricePerHour ?? "",
  };
  if (typeof prior.userData === "string") outs.userData = prior.userData;
  // Written only when declared, so servers that never name them keep the outputs they had.
  if (prior.stopMode !== undefined) outs.stopMode = prior.stopMode;
  if (prior.rebootTriggers !== undefined) outs.rebootTriggers = prior.rebootTriggers;
  if (typeof prior.hostname === "string" && prior.hostname !== "") outs.hostnameDeclared = true;
  if (ownerTag) outs.ownerTag = ownerTag;
  return outs;
}

/**
 * Recorded outputs as the declared inputs `serverOutputs` takes: their `hostname` is the API's
 * (the output), kept only when the program declared it. A state written before
 * `hostnameDeclared` existed counts as undeclared, the common case (shape B cannot declare one).
 */
export function declaredView(outs: Partial<ServerOutputs>): Partial<ServerInputs> {
  const { hostname, hostnameDeclared, ...rest } = outs;
  return hostnameDeclared === true ? { ...rest, hostname } : rest;
}

/**
 * The inputs that reproduce these outputs (what `read` hands back for later diffs). A hostname
 * the API chose is an output only: the program that never declared it must not see it removed.
 */
export function inputsFromOutputs(outs: ServerOutputs): Partial<ServerInputs> {
  const ins: Props = {};
  for (const k of SERVER_INPUT_NAMES) if (outs[k] !== undefined && outs[k] !== null) ins[k] = outs[k];
  if (ins.hostname === "" || outs.hostnameDeclared !== true) delete ins.hostname;
  return ins as Partial<ServerInputs>;
}

/** The inputs without the fields `shape`'s create request lacks (protocol/shapes.ts CREATE_FIELDS). */
export function creatableInputs(ins: Partial<ServerInputs>, shape: ApiShape): Partial<ServerInputs> {
  const creatable = CREATE_FIELDS[shape] as readonly string[];
  const out = { ...ins };
  if (!creatable.includes("hostname")) delete out.hostname;
  if (!creatable.includes("ddos_protection")) delete out.ddosProtection;
  return out;
}
