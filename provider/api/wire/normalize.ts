// Wire records of either shape -> the one model of types.ts, and model -> wire create body.
// Units (docs/contract.md, "Records"): shape A's `ram` is MiB and `disk` GB; shape B's
// `ram_gb`/`disk_gb` are GB. The model holds GiB/GB: `ramGb = ram / 1024` (a whole number,
// since every plan has whole GiB). A record is read by its own fields, not by the shape we
// believe in, so a forced-but-wrong shape still reads correctly.

import { CREATE_FIELDS } from "../../../protocol/shapes";
import type { Account, ApiShape, CreateServerRequest, OsImage, Plan, Region, Server, ServerStatus, Webhook } from "./types";

type Wire = Record<string, unknown>;

export interface OsIndex {
  byId(id: number): OsImage | undefined;
  bySlug(slug: string): OsImage | undefined;
}

/** `{ server: {...} }`, `{ data: {...} }`, `{ webhook: {...} }`... -> the record. */
export function unwrapOne(body: unknown, key: string): Wire | undefined {
  const b = body as Wire | undefined;
  const v = b?.[key] ?? b?.data;
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Wire) : undefined;
}

/** `{ servers: [...] }` or `{ data: [...] }` -> the records. */
export function unwrapList(body: unknown, key: string): Wire[] {
  const b = body as Wire | undefined;
  const v = b?.[key] ?? b?.data;
  return Array.isArray(v) ? (v as Wire[]) : [];
}

export function toServer(w: Wire, os?: OsIndex): Server {
  const isA = "vcpu_count" in w || "date_created" in w || "os_id" in w;
  const s: Server = {
    id: str(w.id),
    label: str(w.label),
    status: str(w.status) as ServerStatus,
    region: str(w.region),
    plan: str(w.plan),
    mainIp: str(w.main_ip),
    vcpus: num(isA ? w.vcpu_count : w.vcpus),
    ramGb: isA ? num(w.ram) / 1024 : num(w.ram_gb),
    diskGb: num(isA ? w.disk : w.disk_gb),
    tags: strList(w.tags),
    createdAt: str(isA ? w.date_created : w.created_at),
  };
  // Shape A names the image by id and display name, shape B by slug and display name; the
  // catalogue fills in the other half so the model has both in either shape.
  const image = isA
    ? typeof w.os_id === "number"
      ? os?.byId(w.os_id)
      : undefined
    : typeof w.os === "string"
      ? os?.bySlug(w.os)
      : undefined;
  if (isA) {
    if (typeof w.os_id === "number") s.osId = w.os_id;
    if (typeof w.os === "string") s.osName = w.os;
    if (image) s.osSlug = image.slug;
  } else {
    if (typeof w.os === "string") s.osSlug = w.os;
    if (typeof w.os_name === "string") s.osName = w.os_name;
    if (image) s.osId = image.id;
  }
  if (!s.osName && image) s.osName = image.name;
  if (typeof w.hostname === "string") s.hostname = w.hostname;
  if (w.backups !== undefined) s.backups = w.backups === true || w.backups === "enabled";
  if (w.ddos_protection !== undefined) s.ddosProtection = w.ddos_protection === true;
  if (w.ssh_key_ids !== undefined) s.sshKeyIds = strList(w.ssh_key_ids);
  if (typeof w.price_per_hour === "string") s.pricePerHour = w.price_per_hour;
  return s;
}

/**
 * The create body the deployment's shape expects (the OS already resolved): only the fields of
 * that shape's create table (protocol/shapes.ts). Shape B's tags are left out here and sent by
 * PATCH right after the create (client.ts); inputs no request of the shape can carry are refused
 * before anything is sent, by the client (shape-fields.ts).
 */
export function toCreateBody(req: CreateServerRequest, image: OsImage, shape: ApiShape): Wire {
  const body: Wire = { region: req.region, plan: req.plan };
  if (shape === "A") body.os_id = image.id;
  else body.os = image.slug;
  if (req.label !== undefined) body.label = req.label;
  if (req.hostname !== undefined && req.hostname !== "") body.hostname = req.hostname;
  if (req.tags !== undefined) body.tags = req.tags;
  if (req.sshKeyIds !== undefined) body.ssh_key_ids = req.sshKeyIds;
  if (req.backups !== undefined) body.backups = shape === "A" ? (req.backups ? "enabled" : "disabled") : req.backups;
  if (req.ddosProtection !== undefined) body.ddos_protection = req.ddosProtection;
  if (req.userData !== undefined) body.user_data = req.userData;
  const allowed: readonly string[] = CREATE_FIELDS[shape];
  for (const k of Object.keys(body)) if (!allowed.includes(k)) delete body[k];
  return body;
}

export function toRegion(w: Wire): Region {
  return { id: str(w.id), city: str(w.city), country: str(w.country), continent: str(w.continent) };
}

export function toPlan(w: Wire): Plan {
  const p: Plan = {
    id: str(w.id),
    type: str(w.type),
    vcpus: num(w.vcpus ?? w.vcpu_count),
    ramGb: w.ram_mb !== undefined ? num(w.ram_mb) / 1024 : num(w.ram_gb),
    diskGb: num(w.disk_gb ?? w.disk),
    pricePerMonth: str(w.price_per_month),
    pricePerHour: str(w.price_per_hour),
    regions: strList(w.regions),
  };
  if (w.bandwidth_tb !== undefined) p.bandwidthTb = num(w.bandwidth_tb);
  return p;
}

export function toOsImage(w: Wire): OsImage {
  const o: OsImage = { id: num(w.id), slug: str(w.slug), name: str(w.name), family: str(w.family) };
  if (typeof w.arch === "string") o.arch = w.arch;
  if (typeof w.released === "string") o.released = w.released;
  return o;
}

export function toAccount(w: Wire): Account {
  return { name: str(w.name), email: str(w.email), balance: str(w.balance), pendingCharges: str(w.pending_charges) };
}

export function toWebhook(w: Wire): Webhook {
  const h: Webhook = { id: str(w.id), url: str(w.url), events: strList(w.events) };
  if (typeof w.created_at === "string") h.createdAt = w.created_at;
  return h;
}

function str(v: unknown): string {
  return v === undefined || v === null ? "" : String(v);
}

function num(v: unknown): number {
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
}

function strList(v: unknown): string[] {
  return Array.isArray(v) ? v.map(String) : [];
}
