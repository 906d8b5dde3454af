// What a server's `check` can prove before anything is created: types, enums, lengths, and (with
// the memoized catalogue) that region, plan and OS exist, that the plan is offered in the
// region, and that `os` and `osId` agree. Every failure names the field and
// what is allowed. Values the engine does not know yet (preview) are skipped.

import { isSystemTag, SYSTEM_TAG_PREFIXES } from "./system-tags";
import type { ApiShape } from "../api/wire/types";
import { unsendableInputs } from "../api/wire/shape-fields";
import type { CatalogueSnapshot } from "../core/catalogue";
import { describeOs, idHint, matchPlan, matchRegion, resolveOs } from "../api/catalogue/match";
import { validateKinds, type CheckFailure, type Kind } from "../core/check-kinds";
import { containsUnknown, isUnknown } from "../core/unknown";

const SERVER_FIELDS: Record<string, Kind> = {
  region: "string",
  plan: "string",
  os: "string",
  osId: "integer",
  label: "string",
  hostname: "string",
  tags: "string[]",
  sshKeyIds: "string[]",
  backups: "boolean",
  ddosProtection: "boolean",
  userData: "string",
  powerState: "string",
  stopMode: "string",
  rebootTriggers: "list",
  adoptId: "string",
  waitTimeoutSeconds: "positive number",
  ownerTag: "string",
};

export const POWER_STATES = ["running", "stopped"] as const;
export const STOP_MODES = ["graceful", "hard"] as const;
export const MAX_LABEL = 255;
const HOSTNAME = /^(?=.{1,253}$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Types, enums and lengths of a server's inputs (no network). */
export function validateServerShape(news: Record<string, unknown>): CheckFailure[] {
  const failures = validateKinds(news, SERVER_FIELDS);
  const known = (k: string) => news[k] !== undefined && !containsUnknown(news[k]) && !failures.some((f) => f.property === k);
  for (const k of ["region", "plan"]) {
    if (news[k] === undefined) failures.push({ property: k, reason: `${k} is required` });
  }
  if (news.os === undefined && news.osId === undefined) {
    failures.push({ property: "os", reason: "an OS is required: give os (a slug such as \"ubuntu-24.04\") or osId (the legacy integer id)" });
  }
  if (known("label") && news.label === "") {
    failures.push({ property: "label", reason: "label must not be empty; give 1 to 255 characters, or leave label out for none" });
  }
  if (known("label") && (news.label as string).length > MAX_LABEL) {
    failures.push({ property: "label", reason: `label is ${(news.label as string).length} characters; at most ${MAX_LABEL} are allowed` });
  }
  if (known("hostname") && news.hostname !== "" && !HOSTNAME.test(news.hostname as string)) {
    failures.push({ property: "hostname", reason: `hostname "${news.hostname}" is not a valid host name: letters, digits and hyphens in dot-separated labels of at most 63 characters` });
  }
  if (known("tags")) failures.push(...validateTags(news.tags as string[]));
  if (known("powerState") && !(POWER_STATES as readonly string[]).includes(news.powerState as string)) {
    failures.push({ property: "powerState", reason: `powerState "${news.powerState}" is not allowed; allowed: ${POWER_STATES.map((p) => `"${p}"`).join(", ")}` });
  }
  if (known("stopMode") && !(STOP_MODES as readonly string[]).includes(news.stopMode as string)) {
    failures.push({ property: "stopMode", reason: `stopMode "${news.stopMode}" is not allowed; allowed: ${STOP_MODES.map((p) => `"${p}"`).join(", ")}` });
  }
  if (known("adoptId") && (news.adoptId as string).trim() === "") {
    failures.push({ property: "adoptId", reason: "adoptId must not be empty; give the id of an existing server, or leave adoptId out to create one" });
  }
  return failures;
}

/** Why a user's tag may not start like the provider's own (system-tags.ts). */
export function systemTagReason(tag: string): string {
  return `tag "${tag}" starts with ${SYSTEM_TAG_PREFIXES.map((p) => `"${p}"`).join(" or ")}, which the provider keeps for a fleet member's identity; choose another tag`;
}

/** Each tag 1 to 255 characters, none twice (a repeat is almost always a merge mistake), none of the provider's own. */
function validateTags(tags: string[]): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const seen = new Set<string>();
  for (const tag of tags) {
    if (tag.length === 0 || tag.length > MAX_LABEL) {
      failures.push({ property: "tags", reason: `tag "${tag.slice(0, 40)}" is ${tag.length} characters; each tag must be 1 to ${MAX_LABEL}` });
    } else if (seen.has(tag)) {
      failures.push({ property: "tags", reason: `tag "${tag}" is listed twice; each tag must appear once` });
    } else if (isSystemTag(tag)) {
      failures.push({ property: "tags", reason: systemTagReason(tag) });
    }
    seen.add(tag);
  }
  return failures;
}

/**
 * Region, plan and OS against the catalogue, by its one rule set (api/catalogue/match.ts), with
 * a near miss when there is one; skips what is unknown or already failed.
 */
export function validateServerCatalogue(news: Record<string, unknown>, cat: CatalogueSnapshot, failed: CheckFailure[]): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const usable = (k: string) => news[k] !== undefined && !isUnknown(news[k]) && !failed.some((f) => f.property === k);
  const region = usable("region") ? matchRegion(cat.regions, news.region) : undefined;
  if (usable("region") && !region) {
    const ids = cat.regions.map((r) => r.id);
    failures.push({ property: "region", reason: `region "${news.region}" does not exist; allowed: ${ids.join(", ")}${idHint(ids, news.region)}` });
  }
  const plan = usable("plan") ? matchPlan(cat.plans, news.plan) : undefined;
  if (usable("plan") && !plan) {
    const offered = (region ? cat.plans.filter((p) => p.regions.includes(region.id)) : cat.plans).map((p) => p.id);
    failures.push({ property: "plan", reason: `plan "${news.plan}" does not exist; allowed${region ? ` in ${region.id}` : ""}: ${offered.join(", ")}${idHint(offered, news.plan)}` });
  }
  if (plan && region && !plan.regions.includes(region.id)) {
    const here = cat.plans.filter((p) => p.regions.includes(region.id)).map((p) => p.id);
    failures.push({
      property: "plan",
      reason: `plan "${plan.id}" is not offered in region "${region.id}"; it is offered in ${plan.regions.join(", ")}; plans offered in ${region.id}: ${here.join(", ")}`,
    });
  }
  const os = resolveOs(cat.osImages, { os: usable("os") ? news.os : undefined, osId: usable("osId") ? news.osId : undefined });
  const listOs = () => cat.osImages.map(describeOs).join(", ");
  for (const p of os.problems) {
    if (p.kind === "unknown" && p.field === "os") {
      failures.push({ property: "os", reason: `os "${String(p.given)}" is not an OS image slug or id${p.hint}; allowed: ${listOs()}` });
    } else if (p.kind === "unknown") {
      failures.push({ property: "osId", reason: `osId ${String(p.given)} is not an OS image id${p.hint}; allowed: ${listOs()}` });
    } else if (p.kind === "conflict") {
      failures.push({
        property: "osId",
        reason: `os "${p.os.slug}" is image ${p.os.id} but osId ${p.osId.id} is "${p.osId.slug}"; give one of them, or two that name the same image`,
      });
    }
    // "missing": validateServerShape says that an OS is required.
  }
  return failures;
}

/**
 * Inputs the deployment's shape cannot take (`userData`/`ddosProtection` on A, `hostname` on
 * B): refused at preview, naming the field, the shape and what to do, instead of dropped.
 */
export function validateServerForShape(news: Record<string, unknown>, shape: ApiShape, failed: CheckFailure[]): CheckFailure[] {
  const usable = (k: string) => news[k] !== undefined && !containsUnknown(news[k]) && !failed.some((f) => f.property === k);
  const given = { hostname: usable("hostname") ? news.hostname : undefined, userData: usable("userData") ? news.userData : undefined,
    ddosProtection: usable("ddosProtection") ? news.ddosProtection : undefined };
  return unsendableInputs(given, shape).map((u) => ({ property: u.input, reason: u.reason }));
}
