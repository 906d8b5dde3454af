// The custom resources of the plugin face: each type token names the same implementation
// the dynamic shell forwards to (provider/server/provider.ts, provider/webhook/provider.ts),
// the properties that are always secret, and the outputs only the API knows (unknown at preview).
// What the engine knows of the resource (its URN, name, stack) reaches the core in each request's
// operation context (plugin-host.ts), never in the inputs.

import type { ProviderImpl, Recorded } from "../core/route";
import * as server from "../server/provider";
import * as webhook from "../webhook/provider";
import { previewUpdate as previewServerUpdate } from "../server/preview";
import { SERVER_DERIVED_OUTPUTS, SERVER_REPORTED_NAMES, type ServerInputs, type ServerOutputs } from "../server/types";
import * as fleet from "../fleet/provider";
import type { FleetInputs, FleetOutputs } from "../fleet/types";
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
};

const FLEET: PluginResource<FleetInputs, FleetOutputs> = {
  impl: fleet.impl,
  secrets: [],
  reported: ["members", "leftovers"],
  derived: {},
  // An update may create, patch, replace or delete members: which, and their ids and
  // addresses, the API decides.
  previewUpdate: (olds, news) => ({ ...olds, ...news, members: UNKNOWN_VALUE, leftovers: UNKNOWN_VALUE }),
};

const WEBHOOK: PluginResource<WebhookInputs, WebhookOutputs> = {
  impl: webhook.impl,
  secrets: ["secret"],
  reported: ["createdAt"],
  derived: {},
  previewUpdate: webhook.previewUpdate,
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
