// Checks of request bodies, each refusal naming its field: 400 INVALID_REQUEST for a wrong
// type or a missing field, 422 VALIDATION_FAILED for a value the catalogue or a limit
// refuses (docs/contract.md, Errors). Nothing here touches the store.
import { osById, osBySlug, planById, regionById, type OsData, type PlanData } from "./catalogue-data";
import { invalid, unprocessable } from "./http/errors";
import type { Shape } from "./options";
import { CREATE_FIELDS } from "../protocol/shapes";

export const MAX_LABEL = 255;
const MAX_TAGS = 50;

type Body = Record<string, unknown>;

function typeName(v: unknown): string {
  return v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
}

export function optString(b: Body, field: string): string | undefined {
  const v = b[field];
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw invalid(field, `${field} must be a string, got ${typeName(v)}`);
  return v;
}

export function reqString(b: Body, field: string): string {
  const v = optString(b, field);
  if (v === undefined) throw invalid(field, `${field} is required`);
  return v;
}

export function optBool(b: Body, field: string): boolean | undefined {
  const v = b[field];
  if (v === undefined) return undefined;
  if (typeof v !== "boolean") throw invalid(field, `${field} must be a boolean, got ${typeName(v)}`);
  return v;
}

export function optStringArray(b: Body, field: string, max = 100): string[] | undefined {
  const v = b[field];
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) {
    throw invalid(field, `${field} must be an array of strings, got ${typeName(v)}`);
  }
  if (v.length > max) throw unprocessable(field, `${field} holds ${v.length} items; at most ${max} are allowed`);
  return v as string[];
}

export function checkLabel(label: string): string {
  if (label.length > MAX_LABEL) throw unprocessable("label", `label is ${label.length} characters long; the maximum is ${MAX_LABEL}`);
  return label;
}

export function checkTags(tags: string[]): string[] {
  for (const t of tags) {
    if (t.length === 0 || t.length > MAX_LABEL) throw unprocessable("tags", `each tag must be 1 to ${MAX_LABEL} characters`);
  }
  return tags;
}

export interface CreateInput {
  region: string;
  plan: PlanData;
  os: OsData;
  label: string;
  hostname: string | undefined;
  tags: string[];
  backups: boolean;
  ddos_protection: boolean;
  ssh_key_ids: string[];
  user_data: string | null;
}

/** The OS of a create: `os_id` (integer) in shape A, `os` (slug) in shape B. */
function createOs(b: Body, shape: Shape): OsData {
  if (shape === "A") {
    if (b.os !== undefined) throw invalid("os_id", "this API version takes os_id (integer OS image id); os is not accepted");
    const v = b.os_id;
    if (v === undefined) throw invalid("os_id", "os_id is required");
    if (typeof v !== "number" || !Number.isInteger(v)) throw invalid("os_id", `os_id must be an integer, got ${typeName(v)}`);
    const os = osById.get(v);
    if (!os) throw unprocessable("os_id", `os_id ${v} is not an OS image of GET /v1/os`);
    return os;
  }
  if (b.os_id !== undefined) throw invalid("os_id", "os_id was renamed to os (slug) in v1.6");
  const slug = reqString(b, "os");
  const os = osBySlug.get(slug);
  if (!os) throw unprocessable("os", `os "${slug}" is not an OS slug of GET /v1/os`);
  return os;
}

/** backups: "enabled"/"disabled" in shape A, a boolean in shape B (the spec's create table). */
function createBackups(b: Body, shape: Shape): boolean {
  if (shape === "B") return optBool(b, "backups") ?? false;
  const v = b.backups;
  if (v === undefined) return false;
  if (v !== "enabled" && v !== "disabled") throw invalid("backups", `backups must be "enabled" or "disabled", got ${JSON.stringify(v)}`);
  return v === "enabled";
}

/**
 * A strict deployment takes only its shape's create table (`CreateServerA`/`CreateServerB` of
 * docs/openapi.yaml): anything else is refused, naming the field, so a client that sends shape A's
 * `hostname`/`tags` to B, or B's `user_data`/`ddos_protection` to A, finds out here.
 */
function checkShapeFields(b: Body, shape: Shape): void {
  const allowed: readonly string[] = CREATE_FIELDS[shape];
  for (const k of Object.keys(b)) {
    if (allowed.includes(k)) continue;
    const hint = k === "tags" ? "; set tags with PATCH /v1/servers/:id after the create" : "";
    throw invalid(k, `${k} is not a create field of this API version (shape ${shape}); it takes ${allowed.join(", ")}${hint}`);
  }
}

export function validateCreate(b: Body, shape: Shape): CreateInput {
  const regionId = reqString(b, "region");
  const planId = reqString(b, "plan");
  const os = createOs(b, shape);
  checkShapeFields(b, shape);
  const label = checkLabel(optString(b, "label") ?? "");
  const hostname = optString(b, "hostname");
  const tags = checkTags(optStringArray(b, "tags", MAX_TAGS) ?? []);
  const sshKeyIds = optStringArray(b, "ssh_key_ids") ?? [];
  const backups = createBackups(b, shape);
  const ddos = optBool(b, "ddos_protection") ?? false;
  const userData = optString(b, "user_data") ?? null;
  if (!regionById.has(regionId)) throw unprocessable("region", `region "${regionId}" is not a region of GET /v1/regions`);
  const plan = planById.get(planId);
  if (!plan) throw unprocessable("plan", `plan "${planId}" is not a plan of GET /v1/plans`);
  if (!plan.regions.includes(regionId)) {
    throw unprocessable("plan", `plan "${planId}" is not offered in region "${regionId}"; see GET /v1/plans?region=${regionId}`);
  }
  if (hostname !== undefined && !/^[a-zA-Z0-9]([a-zA-Z0-9.-]{0,252})?$/.test(hostname)) {
    throw unprocessable("hostname", "hostname must be 1 to 253 letters, digits, dots or hyphens, starting with a letter or digit");
  }
  if (userData !== null && userData.length > 65535) throw unprocessable("user_data", "user_data is limited to 65535 characters");
  return { region: regionId, plan, os, label, hostname, tags, backups, ddos_protection: ddos, ssh_key_ids: sshKeyIds, user_data: userData };
}

/** PATCH takes label and tags only; anything else is refused so a typo is not ignored. */
export function validatePatch(b: Body): { label?: string; tags?: string[] } {
  for (const k of Object.keys(b)) {
    if (k !== "label" && k !== "tags") throw invalid(k, `${k} cannot be updated; PATCH /v1/servers/:id accepts label and tags`);
  }
  const label = optString(b, "label");
  const tags = optStringArray(b, "tags", MAX_TAGS);
  return { label: label === undefined ? undefined : checkLabel(label), tags: tags === undefined ? undefined : checkTags(tags) };
}
