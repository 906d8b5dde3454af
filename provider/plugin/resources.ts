// The custom resources of the plugin face: each type token names the same implementation
// the dynamic shell forwards to (provider/server/provider.ts, provider/webhook/provider.ts),
// the properties that are always secret, the outputs only the API knows (unknown at preview),
// and what the dynamic face's resource class adds to the inputs before check sees them.

import type { ProviderImpl, RawProps, Recorded } from "../core/route";
import * as server from "../server/provider";
import * as webhook from "../webhook/provider";
import { previewUpdate as previewServerUpdate } from "../server/preview";
import { OWNER_TAG_DEFAULT, OWNER_TAG_PREFIX, SERVER_DERIVED_OUTPUTS, SERVER_REPORTED_NAMES, type ServerInputs, type ServerOutputs } from "../server/types";
import * as fleet from "../fleet/provider";
import { FLEET_NAME, FLEET_STACK, type FleetInputs, type FleetOutputs } from "../fleet/types";
import type { WebhookInputs, WebhookOutputs } from "../webhook/types";
import { UNKNOWN_VALUE } from "../core/unknown";

/**
 * One resource type of the plugin face, with its checked inputs `I` and outputs `O`. The
 * engine's Structs carry plain objects; a resource's methods take them as its own types, the
 * way the dynamic shell hands them over (core/route.ts): what check returned and what create,
 * update and read recorded.
 */
export interface PluginResource<I extends object, O extends object> {
  impl: ProviderImpl<I, O>;
  /** Inputs and outputs that are secrets whether or not the program marked them. */
  secrets: readonly string[];
  /** Outputs the API reports, unknown until the resource exists. */
  reported: readonly string[];
  /** Input -> the outputs derived from it, secret whenever the input is (provider/server/types.ts). */
  derived: Readonly<Record<string, readonly string[]>>;
  /** Update at preview: the outputs the update will report, unknown where the API decides (server/preview.ts). */
  previewUpdate(olds: Recorded<O>, news: Recorded<I>): object;
  /** What the dynamic face's constructor adds to the program's inputs (provider/server/resource.ts). */
  completeInputs(news: RawProps, urn: Urn): RawProps;
}

/** The parts of a URN the faces use: urn:pulumi:<stack>::<project>::<type>::<name>. */
export interface Urn {
  stack: string;
  project: string;
  name: string;
}

export function parseUrn(urn: string): Urn {
  const parts = urn.split("::");
  return { stack: parts[0]?.split(":").pop() ?? "", project: parts[1] ?? "", name: parts.slice(3).join("::") };
}

/**
 * Any resource type, as the handlers see it: its methods take the engine's plain objects
 * (methods compare their parameters both ways, so each typed PluginResource is one).
 */
export type AnyPluginResource = PluginResource<object, object>;

const SERVER: PluginResource<ServerInputs, ServerOutputs> = {
  impl: server.impl,
  secrets: ["userData"],
  reported: SERVER_REPORTED_NAMES,
  derived: SERVER_DERIVED_OUTPUTS,
  previewUpdate: previewServerUpdate,
  completeInputs(news, urn) {
    const out = { ...news };
    // The stack's tag for check to use or drop by shape (provider/server/owner-tag.ts).
    if (out.ownerTag === undefined) out[OWNER_TAG_DEFAULT] = `${OWNER_TAG_PREFIX}${urn.project}/${urn.stack}`;
    // check is not told the resource's name; adopting needs it to refuse one id adopted twice.
    if (out.adoptId !== undefined) out.__adoptName = urn.name;
    return out;
  },
};

const FLEET: PluginResource<FleetInputs, FleetOutputs> = {
  impl: fleet.impl,
  secrets: [],
  reported: ["members", "leftovers"],
  derived: {},
  // An update may create, patch, replace or delete members: which, and their ids and
  // addresses, the API decides.
  previewUpdate: (olds, news) => ({ ...olds, ...news, members: UNKNOWN_VALUE, leftovers: UNKNOWN_VALUE }),
  completeInputs(news, urn) {
    const out = { ...news };
    if (out.ownerTag === undefined) out[OWNER_TAG_DEFAULT] = `${OWNER_TAG_PREFIX}${urn.project}/${urn.stack}`;
    // The plan the diff reports names the fleet (provider/fleet/provider.ts).
    out[FLEET_NAME] = urn.name;
    // The stack, for the tag every member carries (provider/fleet/identity.ts).
    out[FLEET_STACK] = `${urn.project}/${urn.stack}`;
    return out;
  },
};

const WEBHOOK: PluginResource<WebhookInputs, WebhookOutputs> = {
  impl: webhook.impl,
  secrets: ["secret"],
  reported: ["createdAt"],
  derived: {},
  previewUpdate: webhook.previewUpdate,
  completeInputs: (news) => ({ ...news }),
};

/** The resource types the plugin serves, by type token. */
export const RESOURCES: Readonly<Record<string, AnyPluginResource>> = {
  "hosting:index:Server": SERVER,
  "hosting:index:Fleet": FLEET,
  "hosting:index:Webhook": WEBHOOK,
};

/** The secret properties with every output derived from one of them added. */
export function withDerived(resource: AnyPluginResource, secrets: Iterable<string>): Set<string> {
  const out = new Set(secrets);
  for (const k of [...out]) for (const d of resource.derived[k] ?? []) out.add(d);
  return out;
}

export function resourceOf(type: string): AnyPluginResource {
  const r = RESOURCES[type];
  if (!r) throw new Error(`unknown resource type ${type}; this provider serves ${Object.keys(RESOURCES).join(", ")}`);
  return r;
}
