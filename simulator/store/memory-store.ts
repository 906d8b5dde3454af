// The in-memory tables. Servers live in one array in creation order plus a map by id;
// deleted servers stay for the admin raw table. `listed` indexes the servers a list shows;
// whatever changes a server's status, label or tags calls `reindex` so it stays true.
import { ListedServers } from "./listed-servers";
import type { DeliveryRecord, IdempotencyRecord, KeyRecord, ServerRecord, WebhookRecord } from "./types";

export class MemoryStore {
  servers: ServerRecord[] = [];
  serverById = new Map<string, ServerRecord>();
  readonly listed = new ListedServers();
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
    this.listed.sync(s);
  }

  /** Call after a server's status, label or tags changed, so lists see it as it is. */
  reindex(s: ServerRecord): void {
    this.listed.sync(s);
  }

  /** A server the API still answers for (terminated included until its window ends). */
  visibleServer(id: string): ServerRecord | undefined {
    const s = this.serverById.get(id);
    return s && !s.gone ? s : undefined;
  }

  clearData(): void {
    this.servers = [];
    this.serverById.clear();
    this.listed.clear();
    this.usedIps.clear();
    this.webhooks.clear();
    this.deliveries = [];
    this.idempotency.clear();
    this.nextSeq = 1;
  }
}
