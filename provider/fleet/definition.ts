// The one validation of a fleet definition (`defaults` and `groups`), shared by the `Fleet`
// resource's check, the fleet file (examples/fleet/fleet-file.ts, fleet.yaml) and the demo.
// No network: the catalogue (regions, plans, images) is checked by the provider's check
// (check.ts). Each failure names its path (`groups[1].count`) and what is allowed. Values
// the engine does not know yet (preview) are skipped, and their group is left out of
// `groups` (its members cannot be planned yet).

import { isSystemTag } from "../server/system-tags";
import { systemTagReason } from "../server/validate";
import type { CheckFailure } from "../core/check-kinds";
import { containsUnknown } from "../core/unknown";
import { checkHealthCheck } from "./health/validate";
import { FLEET_DEFAULTS, MAX_COUNT, type CheckedGroup } from "./types";

type Raw = Record<string, unknown>;

/** Group names become the first part of member keys and server labels. */
export const GROUP_NAME = /^[a-z][a-z0-9-]{0,30}$/;
/** Region ids are the middle part of a member key: no dash, so the key parses back. */
const REGION_ID = /^[a-z0-9]+$/;

const GROUP_FIELDS = ["name", "regions", "count", "counts", "plan", "os", "tags", "label", "sshKeyIds", "backups", "ddosProtection", "healthCheck"];
const DEFAULT_FIELDS = ["plan", "os", "tags", "label", "sshKeyIds", "backups", "ddosProtection"];

export interface CheckedDefinition {
  /** The groups whose every field is known and valid, defaults applied, tags merged. */
  groups: CheckedGroup[];
  failures: CheckFailure[];
  /** True when some value is still unknown (preview): `groups` is then incomplete. */
  unknown: boolean;
}

/**
 * Validates `defaults` and `groups` as the file and the resource give them; `apiIsLoopback`
 * lets a group's health check name a loopback host (the simulator's), as a webhook's URL may.
 */
export function checkFleetDefinition(defaultsIn: unknown, groupsIn: unknown, apiIsLoopback = false): CheckedDefinition {
  const failures: CheckFailure[] = [];
  let unknown = false;
  const defaults = (isObject(defaultsIn) ? defaultsIn : {}) as Raw;
  if (defaultsIn !== undefined && defaultsIn !== null && !isObject(defaultsIn)) failures.push({ property: "defaults", reason: "defaults must be an object (plan, os, tags, ...)" });
  for (const k of Object.keys(defaults)) {
    if (!DEFAULT_FIELDS.includes(k)) failures.push({ property: `defaults.${k}`, reason: `unknown field "${k}" in defaults; allowed: ${DEFAULT_FIELDS.join(", ")}` });
  }
  if (containsUnknown(groupsIn)) return { groups: [], failures, unknown: true };
  if (!Array.isArray(groupsIn)) {
    failures.push({ property: "groups", reason: "groups must be a list of groups, each with name, regions and count" });
    return { groups: [], failures, unknown };
  }
  if (groupsIn.length === 0) failures.push({ property: "groups", reason: "groups must list at least one group" });
  const seen = new Set<string>();
  const groups: CheckedGroup[] = [];
  groupsIn.forEach((raw, i) => {
    const where = `groups[${i}]`;
    if (!isObject(raw)) {
      failures.push({ property: where, reason: `${where} must be an object with name, regions and count` });
      return;
    }
    const g = raw as Raw;
    if (containsUnknown(g) || containsUnknown(defaults)) {
      unknown = true;
      return;
    }
    const before = failures.length;
    for (const k of Object.keys(g)) {
      if (!GROUP_FIELDS.includes(k)) failures.push({ property: `${where}.${k}`, reason: `unknown field "${k}" in ${where}; allowed: ${GROUP_FIELDS.join(", ")}` });
    }
    if (typeof g.name !== "string" || !GROUP_NAME.test(g.name)) {
      failures.push({ property: `${where}.name`, reason: `${where}.name must be lower-case letters, digits and dashes, starting with a letter (at most 31), got ${JSON.stringify(g.name)}` });
    } else if (seen.has(g.name)) {
      failures.push({ property: `${where}.name`, reason: `${where}.name '${g.name}' is used twice; each group needs its own name (it starts its members' keys)` });
    } else seen.add(g.name);
    const count = g.count ?? FLEET_DEFAULTS.count;
    if (typeof count !== "number" || !Number.isInteger(count) || count < 0 || count > MAX_COUNT) {
      failures.push({ property: `${where}.count`, reason: `${where}.count must be a whole number from 0 to ${MAX_COUNT}, got ${JSON.stringify(g.count)}` });
    }
    const regions = g.regions;
    if (!Array.isArray(regions) || regions.some((r) => typeof r !== "string" || !REGION_ID.test(r))) {
      failures.push({ property: `${where}.regions`, reason: `${where}.regions must be a list of region ids, e.g. [ewr, fra]` });
    } else if (new Set(regions).size !== regions.length) {
      failures.push({ property: `${where}.regions`, reason: `${where}.regions lists a region twice; each region once, with count servers in it` });
    }
    const counts = g.counts;
    if (counts !== undefined && (!isObject(counts) || Object.entries(counts as Raw).some(([r, n]) =>
      !Array.isArray(regions) || !regions.includes(r) || typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > MAX_COUNT))) {
      failures.push({ property: `${where}.counts`, reason: `${where}.counts must map regions of ${where}.regions to whole numbers from 0 to ${MAX_COUNT}, e.g. {ewr: 3}` });
    }
    const field = <T>(k: string): T | undefined => (g[k] ?? defaults[k]) as T | undefined;
    for (const k of ["plan", "os"]) {
      const v = field<unknown>(k);
      if (typeof v !== "string" || v === "") failures.push({ property: `${where}.${k}`, reason: `${where}.${k} is missing (no defaults.${k} either)` });
    }
    const tags = [...asList(defaults.tags), ...asList(g.tags)];
    for (const [k, v] of [["defaults.tags", defaults.tags], [`${where}.tags`, g.tags], [`${where}.sshKeyIds`, field("sshKeyIds")]] as const) {
      if (v !== undefined && (!Array.isArray(v) || v.some((x) => typeof x !== "string"))) failures.push({ property: k, reason: `${k} must be a list of strings` });
    }
    for (const t of tags) if (typeof t === "string" && isSystemTag(t)) failures.push({ property: `${where}.tags`, reason: `${where}.tags: ${systemTagReason(t)}` });
    for (const k of ["backups", "ddosProtection"]) {
      const v = field<unknown>(k);
      if (v !== undefined && typeof v !== "boolean") failures.push({ property: `${where}.${k}`, reason: `${where}.${k} must be true or false` });
    }
    const label = field<unknown>("label") ?? FLEET_DEFAULTS.label;
    if (typeof label !== "string" || label === "") failures.push({ property: `${where}.label`, reason: `${where}.label must be a non-empty string (placeholders {key}, {group}, {region}, {n})` });
    const health = checkHealthCheck(g.healthCheck, `${where}.healthCheck`, apiIsLoopback);
    failures.push(...health.failures);
    if (failures.length > before) return;
    groups.push({
      name: g.name as string,
      regions: regions as string[],
      count: count as number,
      ...(counts !== undefined && Object.keys(counts as Raw).length > 0 ? { counts: counts as Record<string, number> } : {}),
      plan: field<string>("plan") as string,
      os: field<string>("os") as string,
      tags: [...new Set(tags.map(String))],
      label: label as string,
      sshKeyIds: asList(field("sshKeyIds")).map(String),
      backups: field<boolean>("backups") ?? false,
      ddosProtection: field<boolean>("ddosProtection") ?? false,
      ...(health.check ? { healthCheck: health.check } : {}),
    });
  });
  return { groups, failures, unknown };
}

function isObject(v: unknown): boolean {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function asList(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}
