// The two wire shapes of docs/contract.md. Records are rendered once and cached as JSON
// text (ServerRecord.json) so that a list of 100 servers is a string join, not 100
// JSON.stringify calls: this is what keeps GET /v1/servers fast.
import { ENVELOPE_KEYS } from "../../protocol/shapes";
import { osById, planById } from "../catalogue-data";
import type { HiddenField, Shape } from "../options";
import type { ServerRecord, WebhookRecord } from "../store/types";

/** How this simulator renders server records: its shape, and the fields it leaves out (options.ts `hiddenFields`). */
export interface RecordView {
  shape: Shape;
  hidden: readonly HiddenField[];
}

export function serverFields(s: ServerRecord, view: RecordView): Record<string, unknown> {
  const fields = allServerFields(s, view.shape);
  for (const f of view.hidden) delete fields[f];
  return fields;
}

function allServerFields(s: ServerRecord, shape: Shape): Record<string, unknown> {
  const plan = planById.get(s.plan)!;
  const os = osById.get(s.os_id)!;
  if (shape === "A") {
    return {
      id: s.id, label: s.label, status: s.status, region: s.region, plan: s.plan, main_ip: s.main_ip,
      vcpu_count: plan.vcpus, ram: plan.ram_mb, disk: plan.disk_gb, os: os.name, date_created: s.created_at,
      os_id: s.os_id, hostname: s.hostname, tags: s.tags, backups: s.backups ? "enabled" : "disabled",
      ddos_protection: s.ddos_protection, ssh_key_ids: s.ssh_key_ids,
    };
  }
  return {
    id: s.id, label: s.label, status: s.status, region: s.region, plan: s.plan, main_ip: s.main_ip,
    vcpus: plan.vcpus, ram_gb: plan.ram_mb / 1024, disk_gb: plan.disk_gb, price_per_hour: plan.price_per_hour,
    created_at: s.created_at, os: os.slug, os_name: os.name, hostname: s.hostname, tags: s.tags,
    backups: s.backups, ddos_protection: s.ddos_protection, ssh_key_ids: s.ssh_key_ids,
  };
}

export function serverJson(s: ServerRecord, view: RecordView): string {
  if (s.json === undefined) s.json = JSON.stringify(serverFields(s, view));
  return s.json;
}

/** `{server}` (A) or `{data}` (B), as raw JSON text. */
export function singleServer(s: ServerRecord, view: RecordView, extra?: Record<string, unknown>): string {
  const key = ENVELOPE_KEYS.server[view.shape];
  if (!extra) return `{"${key}":${serverJson(s, view)}}`;
  return JSON.stringify({ [key]: { ...serverFields(s, view), ...extra } });
}

export interface Links {
  next: string | null;
  prev: string | null;
}

export function serverList(items: ServerRecord[], total: number, links: Links, view: RecordView): string {
  const list = "[" + items.map((s) => serverJson(s, view)).join(",") + "]";
  const l = JSON.stringify(links);
  const key = ENVELOPE_KEYS.servers[view.shape];
  return view.shape === "A"
    ? `{"${key}":${list},"meta":{"total":${total},"links":${l}}}`
    : `{"${key}":${list},"meta":{"total":${total}},"links":${l}}`;
}

/** A catalogue list: `{os|plans: [...], meta}` (A) or `{data: [...]}` (B). */
export function catalogueList(key: "os" | "plans", items: unknown[], shape: Shape): unknown {
  return shape === "A" ? { [ENVELOPE_KEYS[key].A]: items, meta: { total: items.length, links: {} } } : { [ENVELOPE_KEYS[key].B]: items };
}

export function webhookFields(w: WebhookRecord): Record<string, unknown> {
  // The secret is write-only (docs/contract.md, Records).
  return { id: w.id, url: w.url, events: w.events, created_at: w.created_at };
}

export function singleWebhook(w: WebhookRecord, shape: Shape): unknown {
  return { [ENVELOPE_KEYS.webhook[shape]]: webhookFields(w) };
}

export function webhookList(ws: WebhookRecord[], shape: Shape): unknown {
  const items = ws.map(webhookFields);
  return shape === "A" ? { [ENVELOPE_KEYS.webhooks.A]: items, meta: { total: items.length, links: {} } } : { [ENVELOPE_KEYS.webhooks.B]: items };
}
