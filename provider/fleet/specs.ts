// Each member's spec: the server inputs a `Server` with the member's fields would have after its
// `check` (provider/server/normalize.ts), in the compact form the state keeps (fields at their
// defaults left out). A spec is what a member's create, update and diff are given, through the
// same functions a `Server` uses.

import type { CatalogueSnapshot } from "../core/catalogue";
import { normalizeServerInputs } from "../server/normalize";
import { SERVER_DEFAULTS, type ServerInputs } from "../server/types";
import { expandMembers, memberLabel } from "./members";
import type { CheckedGroup, MemberSpec } from "./types";

type Props = Record<string, unknown>;

export interface SpecOptions {
  waitTimeoutSeconds: number;
  /** The ownership tag every member carries (already settled for the shape), if any. */
  ownerTag?: string;
}

/** The spec of every member of `groups`, by member key. */
export function memberSpecs(groups: CheckedGroup[], cat: CatalogueSnapshot, opts: SpecOptions): Record<string, MemberSpec> {
  const specs: Record<string, MemberSpec> = {};
  for (const { key, place, group } of expandMembers(groups)) {
    const ins = normalizeServerInputs({
      region: place.region,
      plan: group.plan,
      os: group.os,
      label: memberLabel(group.label, place),
      tags: group.tags,
      sshKeyIds: group.sshKeyIds,
      backups: group.backups,
      ddosProtection: group.ddosProtection,
      waitTimeoutSeconds: opts.waitTimeoutSeconds,
      ...(opts.ownerTag ? { ownerTag: opts.ownerTag } : {}),
    }, cat);
    specs[key] = compact(ins) as MemberSpec;
  }
  return specs;
}

/**
 * `props` without the fields that equal their server default, nor `osId` where `os` names the
 * image (the catalogue gives one from the other; the state keeps the slug once per member).
 */
export function compact(props: object): Props {
  const out: Props = {};
  const slug = typeof (props as Props).os === "string" && (props as Props).os !== "";
  for (const [k, v] of Object.entries(props)) {
    if (k.startsWith("__") || v === undefined || (k === "osId" && slug)) continue;
    const d = (SERVER_DEFAULTS as Props)[k];
    if (d !== undefined && JSON.stringify(d) === JSON.stringify(v) && k !== "label" && k !== "tags") continue;
    out[k] = v;
  }
  return out;
}

/** A spec as the server core's checked inputs: every default explicit again. */
export function serverInputsOf(spec: MemberSpec): ServerInputs {
  return normalizeServerInputs(spec as Props) as ServerInputs;
}
