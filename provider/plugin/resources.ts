// The custom resources of the plugin face: each type token names the same implementation
// the dynamic shell forwards to (provider/server/provider.ts, provider/webhook/provider.ts),
// the properties that are always secret, the outputs only the API knows (unknown at preview),
// and what the dynamic face's resource class adds to the inputs before check sees them.

import type { ProviderImpl, RawProps } from "../core/route";
import * as server from "../server/provider";
import * as webhook from "../webhook/provider";
import { previewUpdate as previewServerUpdate } from "../server/preview";
import { OWNER_TAG_DEFAULT, OWNER_TAG_PREFIX, SERVER_DERIVED_OUTPUTS, SERVER_REPORTED_NAMES } from "../server/types";
import * as fleet from "../fleet/provider";
import { FLEET_NAME } from "../fleet/types";
import { UNKNOWN_VALUE } from "../core/unknown";

export interface PluginResource {
  impl: ProviderImpl<RawProps, RawProps>;
  /** Inputs and outputs that are secrets whether or not the program marked them. */
  secrets: readonly string[];
  /** Outputs the API reports, unknown until the resource exists. */
  reported: readonly string[];
  /** Input -> the outputs derived from it, secret whenever the input is (provider/server/types.ts). */
  derived: Readonly<Record<string, readonly string[]>>;
  /** Update at preview: the outputs the update will report, unknown where the API decides (server/preview.ts). */
  previewUpdate(olds: RawProps, news: RawProps): RawProps;
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

export const RESOURCES: Record<string, PluginResource> = {
  "hosting:index:Server": {
    impl: server.impl as unknown as ProviderImpl<RawProps, RawProps>,
    secrets: ["userData"],
    reported: SERVER_REPORTED_NAMES,
    derived: SERVER_DERIVED_OUTPUTS,
    previewUpdate: (olds, news) => previewServerUpdate(olds as never, news as never),
    completeInputs(news, urn) {
      const out = { ...news };
      // The stack's tag for check to use or drop by shape (provider/server/owner-tag.ts).
      if (out.ownerTag === undefined) out[OWNER_TAG_DEFAULT] = `${OWNER_TAG_PREFIX}${urn.project}/${urn.stack}`;
      // check is not told the resource's name; adopting needs it to refuse one id adopted twice.
      if (out.adoptId !== undefined) out.__adoptName = urn.name;
      return out;
    },
  },
  "hosting:index:Fleet": {
    impl: fleet.impl as unknown as ProviderImpl<RawProps, RawProps>,
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
      return out;
    },
  },
  "hosting:index:Webhook": {
    impl: webhook.impl as unknown as ProviderImpl<RawProps, RawProps>,
    secrets: ["secret"],
    reported: ["createdAt"],
    derived: {},
    previewUpdate: (olds, news) => ({ ...webhook.previewUpdate(olds as never, news as never) }),
    completeInputs: (news) => ({ ...news }),
  },
};

/** The secret properties with every output derived from one of them added. */
export function withDerived(resource: PluginResource, secrets: Iterable<string>): Set<string> {
  const out = new Set(secrets);
  for (const k of [...out]) for (const d of resource.derived[k] ?? []) out.add(d);
  return out;
}

export function resourceOf(type: string): PluginResource {
  const r = RESOURCES[type];
  if (!r) throw new Error(`unknown resource type ${type}; this provider serves ${Object.keys(RESOURCES).join(", ")}`);
  return r;
}
