// The state file: the whole store as JSON, written atomically (temp file + rename, so a
// crash leaves either the old or the new file, never half of one) and coalesced so a burst
// of changes costs one write. Written 0600: it holds API keys and webhook secrets.
import * as fs from "fs";
import * as path from "path";
import type { MemoryStore } from "./memory-store";
import type { DeliveryRecord, IdempotencyRecord, KeyRecord, ServerRecord, WebhookRecord } from "./types";

interface StateFileV1 {
  version: 1;
  next_seq: number;
  rng: number;
  servers: ServerRecord[];
  webhooks: WebhookRecord[];
  deliveries: DeliveryRecord[];
  keys: KeyRecord[];
  idempotency: [string, IdempotencyRecord][];
}

export class Persistence {
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly file: string | undefined, private readonly store: MemoryStore,
    private readonly rngState: () => number) {}

  /** Loads the file into the store; returns the saved generator state, if any. */
  load(): { rng: number } | null {
    if (!this.file || !fs.existsSync(this.file)) return null;
    const data = JSON.parse(fs.readFileSync(this.file, "utf8")) as StateFileV1;
    if (data.version !== 1) throw new Error(`${this.file}: unknown state file version ${String(data.version)}`);
    const s = this.store;
    for (const server of data.servers) {
      delete server.json;
      s.addServer(server);
    }
    for (const w of data.webhooks) s.webhooks.set(w.id, w);
    s.deliveries = data.deliveries;
    for (const k of data.keys) s.keys.set(k.key, k);
    s.idempotency = new Map(data.idempotency);
    s.nextSeq = data.next_seq;
    return { rng: data.rng };
  }

  /** Schedules a write; many changes within 25 ms make one write. */
  changed(): void {
    if (!this.file || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, 25);
    this.timer.unref();
  }

  flush(): void {
    if (!this.file) return;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const s = this.store;
    const data: StateFileV1 = {
      version: 1,
      next_seq: s.nextSeq,
      rng: this.rngState(),
      servers: s.servers.map((x) => ({ ...x, json: undefined })),
      webhooks: [...s.webhooks.values()],
      deliveries: s.deliveries,
      keys: [...s.keys.values()],
      idempotency: [...s.idempotency.entries()],
    };
    fs.mkdirSync(path.dirname(path.resolve(this.file)), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    // 0600: the file holds API keys, webhook secrets and user data. chmod too, in case a
    // stale temp file with other permissions was left by a crash (writeFile keeps its mode).
    fs.writeFileSync(tmp, JSON.stringify(data), { mode: 0o600 });
    fs.chmodSync(tmp, 0o600);
    fs.renameSync(tmp, this.file);
  }
}
