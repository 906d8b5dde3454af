// The event names of api-spec.md ("Events"), in the spec's order: what a webhook may
// subscribe to and what a delivery's `event` field holds.

export const WEBHOOK_EVENTS = [
  "server.created",
  "server.deleted",
  "server.status_changed",
  "snapshot.completed",
  "backup.completed",
  "invoice.created",
  "payment.processed",
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export function isWebhookEvent(name: unknown): name is WebhookEvent {
  return typeof name === "string" && (WEBHOOK_EVENTS as readonly string[]).includes(name);
}
