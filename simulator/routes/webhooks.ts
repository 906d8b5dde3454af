// /v1/webhooks. The spec shows only POST; the rest is completed the REST way: GET list,
// GET/PATCH/DELETE /v1/webhooks/:id. The secret is write-only.
import { WEBHOOK_EVENTS } from "../../protocol/events";
import type { Sim } from "../context";
import { singleWebhook, webhookList } from "../http/envelope";
import { invalid, notFound, unprocessable } from "../http/errors";
import type { Router } from "../http/router";
import type { Req } from "../http/types";
import type { WebhookRecord } from "../store/types";
import { optString, optStringArray, reqString } from "../validate";
import { webhookHostAllowed, webhookHostRefusal } from "../webhook-hosts";

export const EVENTS: readonly string[] = WEBHOOK_EVENTS;

export function registerWebhookRoutes(r: Router, sim: Sim): void {
  r.add("GET", "/v1/webhooks", "read", false, () => ({
    status: 200, body: webhookList([...sim.store.webhooks.values()].filter((w) => !w.deleted_at), sim.shape),
  }));
  r.add("POST", "/v1/webhooks", "write", true, (req) => {
    const b = req.body as Record<string, unknown>;
    const url = checkUrl(reqString(b, "url"), sim.options.allowWebhookHosts);
    const events = checkEvents(optStringArray(b, "events"));
    const secret = checkSecret(reqString(b, "secret"));
    const w: WebhookRecord = { id: sim.ids.uuid(), url, events, secret, created_at: sim.nowIso(), deleted_at: null };
    sim.store.webhooks.set(w.id, w);
    sim.changed();
    return { status: 201, body: singleWebhook(w, sim.shape) };
  });
  r.add("GET", "/v1/webhooks/:id", "read", false, (req) => ({ status: 200, body: singleWebhook(find(sim, req), sim.shape) }));
  r.add("PATCH", "/v1/webhooks/:id", "write", true, (req) => {
    const w = find(sim, req);
    const b = (req.body ?? {}) as Record<string, unknown>;
    for (const k of Object.keys(b)) {
      if (!["url", "events", "secret"].includes(k)) throw invalid(k, `${k} cannot be updated; PATCH /v1/webhooks/:id accepts url, events and secret`);
    }
    const url = optString(b, "url");
    const events = optStringArray(b, "events");
    const secret = optString(b, "secret");
    const next = {
      url: url === undefined ? w.url : checkUrl(url, sim.options.allowWebhookHosts),
      events: events === undefined ? w.events : checkEvents(events),
      secret: secret === undefined ? w.secret : checkSecret(secret),
    };
    Object.assign(w, next);
    sim.changed();
    return { status: 200, body: singleWebhook(w, sim.shape) };
  });
  r.add("DELETE", "/v1/webhooks/:id", "write", false, (req) => {
    find(sim, req).deleted_at = sim.nowIso();
    sim.changed();
    return { status: 204 };
  });
}

function find(sim: Sim, req: Req): WebhookRecord {
  const w = sim.store.webhooks.get(req.params.id);
  if (!w || w.deleted_at) throw notFound(`webhook ${req.params.id} not found`);
  return w;
}

function checkUrl(url: string, allowedHosts: readonly string[]): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw unprocessable("url", `url "${url}" is not an absolute URL`);
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") throw unprocessable("url", "url must use http or https");
  if (!webhookHostAllowed(u, allowedHosts)) throw unprocessable("url", webhookHostRefusal(u));
  return url;
}

function checkEvents(events: string[] | undefined): string[] {
  if (events === undefined) throw invalid("events", "events is required");
  if (events.length === 0) throw unprocessable("events", "events must name at least one event");
  const unknown = events.find((e) => !EVENTS.includes(e));
  if (unknown !== undefined) throw unprocessable("events", `unknown event "${unknown}"; events are ${EVENTS.join(", ")}`);
  return [...new Set(events)];
}

function checkSecret(secret: string): string {
  if (secret.length === 0) throw unprocessable("secret", "secret must not be empty");
  return secret;
}
