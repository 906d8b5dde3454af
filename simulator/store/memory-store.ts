// The in-memory tables. Servers live in one array in creation order (so the default list
// needs no sort) plus a map by id; deleted servers stay for the admin raw table.
import type { DeliveryRecord, IdempotencyRecord, KeyRecord, ServerRecord, WebhookRecord } from "./types";

export class MemoryStore {
  servers: ServerRecord[] = [];
  serverById = new Map<string, ServerRecord>();
  usedIps = new Set<string>();
  webhooks = new Map<string, WebhookRecord>();
  deliveries: DeliveryRecord[] = [];
  keys = new Map<string, KeyRecord>();
  /** `${apiKey}\u0000${idempotencyKey}` → the first answer. */
  idempotency = new Map<string, IdempotencyRecord>();
  nextSeq = 1;

  addServer(s: ServerRecord): void {
    this.servers.push(s);
    this.serverById.set(s.id, s);
    this.usedIps.add(s.main_ip);
  }

  /** A server the API still answers for (terminated included until its window ends). */
  visibleServer(id: string): ServerRecord | undefined {
    const s = this.serverById.get(id);
    return s && !s.gone ? s : undefined;
  }

  clearData(): void {
    this.servers = [];
    this.serverById.clear();
    this.usedIps.clear();
    this.webhooks.clear();
    this.deliveries = [];
    this.idempotency.clear();
    this.nextSeq = 1;
  }
}
