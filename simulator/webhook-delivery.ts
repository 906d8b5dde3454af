// Signed webhook deliveries with the spec's retry ladder (Events: 1 m, 5 m, 30 m, 2 h,
// 12 h, then failed). Only an HTTP 200 within the answer time counts as delivered, as the
// spec's receiver requirements say; delays are multiplied by webhookRetryScale for tests.
import * as http from "http";
import * as https from "https";
import { signWebhookBody } from "../protocol/signature";
import { WEBHOOK_RETRY_DELAYS_MS as RETRY_DELAYS_MS } from "../protocol/events";
import type { DeliveryRecord, ServerRecord } from "./store/types";
import type { Clock } from "./clock";
import type { LiveConfig } from "./live-config";
import type { Rng } from "./random";
import type { MemoryStore } from "./store/memory-store";
import { webhookHostAllowed, webhookHostRefusal } from "./webhook-hosts";

/** What the webhook delivery needs of the simulator (context.ts's Sim provides it). */
export interface DeliveryHost {
  readonly store: Pick<MemoryStore, "webhooks" | "deliveries">;
  readonly config: Pick<LiveConfig, "webhookRetryScale" | "webhookTimeoutMs">;
  readonly options: { readonly allowWebhookHosts: readonly string[] };
  readonly clock: Pick<Clock, "now">;
  readonly ids: Rng;
  changed(): void;
  nowIso(): string;
}

export class WebhookDelivery {
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly sim: DeliveryHost) {}

  emitServer(event: string, s: ServerRecord): void {
    this.emit(event, { server: { id: s.id, label: s.label, status: s.status, main_ip: s.main_ip } });
  }

  /** Sends one event to every live webhook subscribed to it; returns the event id. */
  emit(event: string, data: unknown): string {
    const eventId = this.sim.ids.uuid();
    const hooks = [...this.sim.store.webhooks.values()].filter((w) => !w.deleted_at && w.events.includes(event));
    if (hooks.length === 0) return eventId;
    const body = JSON.stringify({ id: eventId, event, timestamp: this.sim.nowIso(), data });
    for (const w of hooks) {
      const d: DeliveryRecord = {
        id: this.sim.ids.uuid(), webhook_id: w.id, event, event_id: eventId, url: w.url, body,
        attempts: 0, status: "pending", last_status: null, last_error: null,
        created_at: this.sim.nowIso(), next_attempt_at: Date.now(),
      };
      this.sim.store.deliveries.push(d);
      this.attempt(d);
    }
    this.sim.changed();
    return eventId;
  }

  resume(): void {
    for (const d of this.sim.store.deliveries) {
      if ((d.status === "retrying" || d.status === "pending") && d.next_attempt_at !== null) {
        this.later(d, Math.max(0, d.next_attempt_at - Date.now()));
      }
    }
  }

  /** Accepts work again after stopAll (admin reset). */
  restart(): void {
    this.stopped = false;
  }

  stopAll(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private attempt(d: DeliveryRecord): void {
    if (this.stopped) return;
    const w = this.sim.store.webhooks.get(d.webhook_id);
    if (!w || w.deleted_at) {
      this.finish(d, "failed", null, "the webhook was deleted");
      return;
    }
    const url = new URL(d.url);
    if (!webhookHostAllowed(url, this.sim.options.allowWebhookHosts)) {
      this.finish(d, "failed", null, webhookHostRefusal(url));
      return;
    }
    d.attempts++;
    // Signed per attempt with the current secret, so a rotated secret verifies on retries.
    const headers = {
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(d.body)),
      "X-Service-Signature": signWebhookBody(w.secret, d.body),
      "X-Service-Event": d.event,
      "X-Service-Delivery": d.event_id,
      "X-Service-Timestamp": String(Math.floor(this.sim.clock.now() / 1000)),
      "User-Agent": "hosting-simulator-webhooks/1",
    };
    post(d.url, headers, d.body, this.sim.config.webhookTimeoutMs, (status, error) => {
      if (this.stopped) return;
      if (status === 200) this.finish(d, "delivered", status, null);
      else this.retryOrFail(d, status, error ?? `receiver answered ${status}, not 200`);
    });
  }

  private retryOrFail(d: DeliveryRecord, status: number | null, error: string): void {
    const retriesDone = d.attempts - 1;
    if (retriesDone >= RETRY_DELAYS_MS.length) {
      this.finish(d, "failed", status, error);
      return;
    }
    d.status = "retrying";
    d.last_status = status;
    d.last_error = error;
    const delay = RETRY_DELAYS_MS[retriesDone] * this.sim.config.webhookRetryScale;
    d.next_attempt_at = Date.now() + delay;
    this.sim.changed();
    this.later(d, delay);
  }

  private later(d: DeliveryRecord, delay: number): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      this.attempt(d);
    }, delay);
    t.unref();
    this.timers.add(t);
  }

  private finish(d: DeliveryRecord, status: "delivered" | "failed", last: number | null, error: string | null): void {
    d.status = status;
    d.last_status = last;
    d.last_error = error;
    d.next_attempt_at = null;
    this.sim.changed();
  }
}

function post(url: string, headers: Record<string, string>, body: string, timeoutMs: number,
  done: (status: number | null, error?: string) => void): void {
  let settled = false;
  const once = (status: number | null, error?: string): void => {
    if (!settled) {
      settled = true;
      done(status, error);
    }
  };
  try {
    const u = new URL(url);
    const mod = u.protocol === "https:" ? https : http;
    const req = mod.request(u, { method: "POST", headers, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on("end", () => once(res.statusCode ?? null));
      res.on("error", (e) => once(res.statusCode ?? null, e.message));
    });
    req.on("timeout", () => {
      req.destroy();
      once(null, `no answer within ${timeoutMs} ms`);
    });
    req.on("error", (e) => once(null, e.message));
    req.end(body);
  } catch (e) {
    once(null, (e as Error).message);
  }
}
