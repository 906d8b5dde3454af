// What `check` can prove before anything is created: types, enums, lengths, event names,
// URL form, and (with the memoized catalogue) that region, plan and OS exist, that the plan
// is offered in the region, and that `os` and `osId` agree. Every failure names the field and
// what is allowed. Values the engine does not know yet (preview) are skipped.

import { WEBHOOK_EVENTS } from "../api/types";
import type { Catalogue } from "./catalogue";
import { containsUnknown, isUnknown } from "./unknown";
import { reachOf } from "./url-reach";

export interface CheckFailure {
  property: string;
  reason: string;
}

type Kind = "string" | "integer" | "boolean" | "string[]" | "positive number";

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
  waitTimeoutSeconds: "positive number",
  ownerTag: "string",
};

/** Inputs whose values never appear in a message. */
const SECRET_FIELDS = new Set(["userData", "secret"]);

const WEBHOOK_FIELDS: Record<string, Kind> = { url: "string", events: "string[]", secret: "string" };

export const POWER_STATES = ["running", "stopped"] as const;
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
  return failures;
}

/** Each tag 1 to 255 characters, none twice (a repeat is almost always a merge mistake). */
function validateTags(tags: string[]): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const seen = new Set<string>();
  for (const tag of tags) {
    if (tag.length === 0 || tag.length > MAX_LABEL) {
      failures.push({ property: "tags", reason: `tag "${tag.slice(0, 40)}" is ${tag.length} characters; each tag must be 1 to ${MAX_LABEL}` });
    } else if (seen.has(tag)) {
      failures.push({ property: "tags", reason: `tag "${tag}" is listed twice; each tag must appear once` });
    }
    seen.add(tag);
  }
  return failures;
}

/** Region, plan and OS against the catalogue; skips what is unknown or already failed. */
export function validateServerCatalogue(news: Record<string, unknown>, cat: Catalogue, failed: CheckFailure[]): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const usable = (k: string) => news[k] !== undefined && !isUnknown(news[k]) && !failed.some((f) => f.property === k);
  const region = usable("region") ? cat.regions.find((r) => r.id === news.region) : undefined;
  if (usable("region") && !region) {
    failures.push({ property: "region", reason: `region "${news.region}" does not exist; allowed: ${cat.regions.map((r) => r.id).join(", ")}` });
  }
  const plan = usable("plan") ? cat.plans.find((p) => p.id === news.plan) : undefined;
  if (usable("plan") && !plan) {
    const offered = region ? cat.plans.filter((p) => p.regions.includes(region.id)) : cat.plans;
    failures.push({ property: "plan", reason: `plan "${news.plan}" does not exist; allowed${region ? ` in ${region.id}` : ""}: ${offered.map((p) => p.id).join(", ")}` });
  }
  if (plan && region && !plan.regions.includes(region.id)) {
    const here = cat.plans.filter((p) => p.regions.includes(region.id)).map((p) => p.id);
    failures.push({
      property: "plan",
      reason: `plan "${plan.id}" is not offered in region "${region.id}"; it is offered in ${plan.regions.join(", ")}; plans offered in ${region.id}: ${here.join(", ")}`,
    });
  }
  const bySlug = usable("os") ? cat.osImages.find((o) => o.slug === news.os) : undefined;
  const byId = usable("osId") ? cat.osImages.find((o) => o.id === news.osId) : undefined;
  const listOs = () => cat.osImages.map((o) => `${o.slug} (${o.id})`).join(", ");
  if (usable("os") && !bySlug) failures.push({ property: "os", reason: `os "${news.os}" is not an OS image slug; allowed: ${listOs()}` });
  if (usable("osId") && !byId) failures.push({ property: "osId", reason: `osId ${news.osId} is not an OS image id; allowed: ${listOs()}` });
  if (bySlug && byId && bySlug.id !== byId.id) {
    failures.push({
      property: "osId",
      reason: `os "${bySlug.slug}" is image ${bySlug.id} but osId ${byId.id} is "${byId.slug}"; give one of them, or two that name the same image`,
    });
  }
  return failures;
}

/** Types, event names and URL form of a webhook's inputs (no network). */
/**
 * `apiIsLoopback`: the API base URL is itself loopback (the simulator), so a receiver on
 * this machine is reachable; against a real API it would not be.
 */
export function validateWebhook(news: Record<string, unknown>, apiIsLoopback = false): CheckFailure[] {
  const failures = validateKinds(news, WEBHOOK_FIELDS);
  const known = (k: string) => news[k] !== undefined && !containsUnknown(news[k]) && !failures.some((f) => f.property === k);
  if (news.url === undefined) failures.push({ property: "url", reason: "url is required: the public http(s) URL that receives the events" });
  if (news.events === undefined) failures.push({ property: "events", reason: `events is required; allowed: ${WEBHOOK_EVENTS.join(", ")}` });
  if (known("url") && !isHttpUrl(news.url as string)) {
    failures.push({ property: "url", reason: `url "${news.url}" is not an absolute http:// or https:// URL` });
  } else if (known("url")) {
    const host = new URL(news.url as string).hostname;
    const reach = reachOf(host);
    if (reach === "private") {
      failures.push({ property: "url", reason: `url host "${host}" is not a public address; the API delivers events over the internet, so give a public http(s) URL` });
    } else if (reach === "loopback" && !apiIsLoopback) {
      failures.push({ property: "url", reason: `url host "${host}" is loopback, accepted only while the API base URL is loopback too (the simulator); give a public http(s) URL` });
    }
  }
  if (known("events")) {
    const events = news.events as string[];
    const bad = events.filter((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
    if (events.length === 0) failures.push({ property: "events", reason: `events is empty; name at least one of: ${WEBHOOK_EVENTS.join(", ")}` });
    if (bad.length > 0) {
      failures.push({ property: "events", reason: `unknown event${bad.length > 1 ? "s" : ""} ${bad.map((e) => `"${e}"`).join(", ")}; allowed: ${WEBHOOK_EVENTS.join(", ")}` });
    }
  }
  return failures;
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
  } catch {
    return false;
  }
}

function validateKinds(news: Record<string, unknown>, fields: Record<string, Kind>): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const [k, v] of Object.entries(news)) {
    if (k.startsWith("__") || v === undefined || v === null) continue;
    const kind = fields[k];
    if (!kind) {
      failures.push({ property: k, reason: `unknown property "${k}"; allowed: ${Object.keys(fields).join(", ")}` });
    } else if (!isUnknown(v) && !hasKind(v, kind)) {
      // Secret fields name only the type they got: a mistyped secret is still a secret.
      const got = !SECRET_FIELDS.has(k) ? describe(v) : Array.isArray(v) ? "a list" : typeof v === "object" ? "an object" : `a ${typeof v}`;
      failures.push({ property: k, reason: `${k} must be ${article(kind)}, not ${got}` });
    }
  }
  return failures;
}

function hasKind(v: unknown, kind: Kind): boolean {
  switch (kind) {
    case "string":
      return typeof v === "string";
    case "integer":
      return typeof v === "number" && Number.isInteger(v);
    case "boolean":
      return typeof v === "boolean";
    case "positive number":
      return typeof v === "number" && Number.isFinite(v) && v > 0;
    case "string[]":
      return Array.isArray(v) && v.every((x) => typeof x === "string" || isUnknown(x));
  }
}

function article(kind: Kind): string {
  return kind === "string[]" ? "a list of strings" : kind === "integer" ? "an integer" : `a ${kind}`;
}

function describe(v: unknown): string {
  if (Array.isArray(v)) return `a list (${JSON.stringify(v).slice(0, 60)})`;
  return `${typeof v} ${JSON.stringify(v)?.slice(0, 60)}`;
}
