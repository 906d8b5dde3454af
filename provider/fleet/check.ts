// `check` of a Fleet: the definition (definition.ts, the same validation the fleet file uses),
// the rolling options, then each group's region, plan and OS against the catalogue and the
// deployment's shape with the server's own validators (provider/server/validate.ts), and
// finally each member's spec (specs.ts). Failures name the group: `groups[1].plan`.
// Once the fleet is in the stack, `adoptIds` and `adoptTag` are dropped (as a Server drops
// adoptId): changing them later is no change.

import type * as pulumi from "@pulumi/pulumi";
import { catalogue } from "../core/catalogue";
import { validateKinds, type CheckFailure, type Kind } from "../core/check-kinds";
import type { OperationContext } from "../core/context";
import type { RawProps } from "../core/route";
import { containsUnknown, isUnknown } from "../core/unknown";
import { settleOwnerTag } from "../server/owner-tag";
import { validateServerCatalogue, validateServerForShape } from "../server/validate";
import { checkFleetDefinition } from "./definition";
import { memberSpecs } from "./specs";
import { FLEET_DEFAULTS, type FleetInputs } from "./types";
import { checkRolloutInputs, ROLLOUT_FIELD_KINDS } from "./health/rollout-inputs";
import { apiIsLoopback } from "../webhook/provider";

const FLEET_FIELDS: Record<string, Kind | "object"> = {
  defaults: "object",
  groups: "list",
  maxSurge: "integer",
  maxUnavailable: "integer",
  pauseSeconds: "integer",
  adoptIds: "object",
  adoptTag: "string",
  waitTimeoutSeconds: "positive number",
  ownerTag: "string",
  ...ROLLOUT_FIELD_KINDS,
  // Computed by check and handed back by read; the program never sets it.
  memberSpecs: "object",
};

export async function checkFleet(olds: RawProps, news: RawProps, ctx: OperationContext): Promise<pulumi.dynamic.CheckResult<FleetInputs | RawProps>> {
  const failures = checkOptions(news);
  const loopback = apiIsLoopback(ctx);
  const rollout = checkRolloutInputs(news, loopback);
  const def = checkFleetDefinition(news.defaults, news.groups, loopback);
  failures.push(...rollout.failures, ...def.failures);
  if (failures.length > 0) return { inputs: news, failures };
  const client = ctx.api;
  const cat = await catalogue(client);
  const shape = await client.shape;
  for (const [i, g] of def.groups.entries()) {
    for (const region of g.regions) {
      const fields = { region, plan: g.plan, os: g.os, ...(g.ddosProtection ? { ddosProtection: true } : {}) };
      const found = [...validateServerCatalogue(fields, cat, []), ...validateServerForShape(fields, shape, [])];
      for (const f of found) {
        if (failures.some((x) => x.reason === f.reason)) continue;
        failures.push({ property: `groups[${i}].${f.property === "region" ? "regions" : f.property}`, reason: `groups[${i}] (${g.name}): ${f.reason}` });
      }
    }
  }
  if (failures.length > 0) return { inputs: news, failures };

  const settled = settleOwnerTag({ ownerTag: news.ownerTag } as RawProps, news, shape, ctx.resource);
  const ownerTag = typeof settled.ownerTag === "string" && settled.ownerTag !== "" ? settled.ownerTag : undefined;
  const waitTimeoutSeconds = typeof news.waitTimeoutSeconds === "number" ? news.waitTimeoutSeconds : FLEET_DEFAULTS.waitTimeoutSeconds;
  const inputs: RawProps = {
    groups: def.groups,
    maxSurge: news.maxSurge ?? FLEET_DEFAULTS.maxSurge,
    maxUnavailable: news.maxUnavailable ?? FLEET_DEFAULTS.maxUnavailable,
    pauseSeconds: news.pauseSeconds ?? FLEET_DEFAULTS.pauseSeconds,
    waitTimeoutSeconds,
    // Unknown at preview: the old specs stand in, so the preview shows no false change.
    memberSpecs: def.unknown ? (olds.memberSpecs ?? {}) : memberSpecs(def.groups, cat, { waitTimeoutSeconds, ownerTag }),
    ...rollout.inputs,
  };
  if (def.unknown) inputs.groups = news.groups;
  if (ownerTag) inputs.ownerTag = ownerTag;
  const inStack = Object.keys(olds).some((k) => !k.startsWith("__"));
  if (!inStack) {
    if (news.adoptIds !== undefined) inputs.adoptIds = news.adoptIds;
    if (news.adoptTag !== undefined) inputs.adoptTag = news.adoptTag;
  }
  return { inputs };
}

/** Types of the top-level inputs and the rolling options' ranges. */
function checkOptions(news: RawProps): CheckFailure[] {
  const plain: Record<string, Kind> = {};
  const objects: string[] = [];
  for (const [k, kind] of Object.entries(FLEET_FIELDS)) {
    if (kind === "object") objects.push(k);
    else plain[k] = kind;
  }
  const failures = validateKinds(Object.fromEntries(Object.entries(news).filter(([k]) => !objects.includes(k))), plain);
  for (const k of objects) {
    const v = news[k];
    if (v !== undefined && v !== null && !isUnknown(v) && (typeof v !== "object" || Array.isArray(v))) failures.push({ property: k, reason: `${k} must be an object` });
  }
  const n = (k: string) => (typeof news[k] === "number" ? (news[k] as number) : undefined);
  for (const k of ["maxSurge", "maxUnavailable", "pauseSeconds"]) {
    if ((n(k) ?? 0) < 0) failures.push({ property: k, reason: `${k} must be 0 or more, got ${news[k]}` });
  }
  const surge = n("maxSurge") ?? FLEET_DEFAULTS.maxSurge;
  const unavailable = n("maxUnavailable") ?? FLEET_DEFAULTS.maxUnavailable;
  if (!isUnknown(news.maxSurge) && !isUnknown(news.maxUnavailable) && surge + unavailable < 1) {
    failures.push({ property: "maxSurge", reason: "maxSurge and maxUnavailable are both 0: a rolling replacement could never start; give maxSurge 1 or more (extra servers at once) or maxUnavailable 1 or more" });
  }
  const ids = news.adoptIds;
  if (ids && typeof ids === "object" && !containsUnknown(ids)) {
    const keyOf = new Map<string, string>();
    for (const [key, id] of Object.entries(ids as RawProps)) {
      if (typeof id !== "string" || id === "") failures.push({ property: "adoptIds", reason: `adoptIds["${key}"] must be a server id` });
      // One server is one member: two members holding it would each delete it.
      else if (keyOf.has(id)) failures.push({ property: "adoptIds", reason: `adoptIds["${keyOf.get(id)}"] and adoptIds["${key}"] both name server ${id}; give each member its own server` });
      else keyOf.set(id, key);
    }
  }
  return failures;
}
