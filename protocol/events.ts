// The event names of the API (`WebhookEvent` of docs/openapi.yaml), in the spec's order: what a webhook may
// subscribe to and what a delivery's `event` field holds.

// Each name's comment is its description in schema.json (scripts/schema/generate.ts).
export const WEBHOOK_EVENTS = [
  /** A server was created. */
  "server.created",
  /** A server was deleted. */
  "server.deleted",
  /** A server's status changed, e.g. from `starting` to `active`. */
  "server.status_changed",
  /** A snapshot finished. */
  "snapshot.completed",
  /** A backup finished. */
  "backup.completed",
  /** An invoice was issued. */
  "invoice.created",
  /** A payment was processed. */
  "payment.processed",
] as const;

/** An event a webhook may subscribe to. */
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export function isWebhookEvent(name: unknown): name is WebhookEvent {
  return typeof name === "string" && (WEBHOOK_EVENTS as readonly string[]).includes(name);
}

/**
 * The spec's retry ladder ("Events", retry rules): after a non-200 answer or a time-out the
 * delivery is retried after 1 min, 5 min, 30 min, 2 h and 12 h, then abandoned. Each delay
 * counts from the previous attempt, so the last retry comes 14 h 36 min after the first.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000] as const;

/** Time the spec gives a receiver to answer 200 before the attempt counts as failed. */
export const WEBHOOK_ANSWER_WITHIN_MS = 10_000;
