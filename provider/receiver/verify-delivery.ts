// Decides whether one webhook delivery is genuine, within its retry window and new.
//
// The spec signs only the body (`X-Service-Signature: sha256=<hex HMAC-SHA-256>`),
// so the age and replay checks read the body's own `timestamp` and `id`, which the
// signature covers; an unsigned header could be forged. A retry carries the same body
// (the same `timestamp`), and the spec retries for 14 h 36 min, so the age limit is that
// whole ladder plus slack, not a few minutes: a shorter limit throws retries away. Replays
// inside the window are stopped by id (replay-store.ts), remembered for the same window.
import { WEBHOOK_RETRY_DELAYS_MS } from "../../protocol/events";
import { verifyWebhookSignature } from "../../protocol/signature";
import type { ReplayStore } from "./replay-store";

export interface DeliveryEvent {
  id: string;
  event: string;
  timestamp: string;
  data: Record<string, unknown>;
}

export type Verdict =
  | { ok: true; event: DeliveryEvent }
  | { ok: false; status: number; reason: string };

/** The spec's last retry comes this long after the first attempt: 14 h 36 min. */
export const SPEC_RETRY_SPAN_SECONDS = WEBHOOK_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) / 1000;

/** Default age limit: the retry span plus 10 minutes for queueing and 10-second answer time-outs. */
export const DEFAULT_MAX_AGE_SECONDS = SPEC_RETRY_SPAN_SECONDS + 600;

export interface VerifyOptions {
  secret: string;
  /** Oldest accepted event, in seconds after its `timestamp`. @default DEFAULT_MAX_AGE_SECONDS (14 h 46 min) */
  maxAgeSeconds?: number;
  /** Clock skew allowed for a `timestamp` in the future, in seconds. @default 300 */
  futureSkewSeconds?: number;
  /** The clock, for tests. @default Date.now */
  now?: () => number;
  /** Event ids already accepted; a repeat inside the window is dropped. Must answer synchronously here. */
  seen?: ReplayStore;
}

/**
 * Signature, body, age and id, without the replay check: what acceptDelivery (async
 * stores) and verifyDelivery (synchronous stores) share.
 */
function verifySignedEvent(body: Buffer | string, signatureHeader: string | undefined, options: VerifyOptions): Verdict {
  const now = (options.now ?? Date.now)();
  if (!signatureHeader) return { ok: false, status: 401, reason: "missing X-Service-Signature header" };
  if (!verifyWebhookSignature(options.secret, body, signatureHeader)) {
    return { ok: false, status: 401, reason: "signature does not match the body" };
  }
  let event: DeliveryEvent;
  try {
    event = JSON.parse(body.toString());
  } catch {
    return { ok: false, status: 400, reason: "body is not JSON" };
  }
  const sentAt = Date.parse(event.timestamp);
  if (!Number.isFinite(sentAt)) return { ok: false, status: 400, reason: "timestamp is not an ISO 8601 time" };
  const maxAge = options.maxAgeSeconds ?? DEFAULT_MAX_AGE_SECONDS;
  if (now - sentAt > maxAge * 1000) {
    return { ok: false, status: 400, reason: `stale event: sent ${Math.round((now - sentAt) / 1000)} s ago, limit ${maxAge} s (the spec's retry window)` };
  }
  const skew = options.futureSkewSeconds ?? 300;
  if (sentAt - now > skew * 1000) {
    return { ok: false, status: 400, reason: `timestamp is ${Math.round((sentAt - now) / 1000)} s in the future, limit ${skew} s of clock skew` };
  }
  if (typeof event.id !== "string" || event.id === "") return { ok: false, status: 400, reason: "event id is missing" };
  return { ok: true, event };
}

/** Until when an accepted id must be remembered: as long as its delivery could be accepted. */
function rememberUntil(event: DeliveryEvent, options: VerifyOptions): number {
  return Date.parse(event.timestamp) + (options.maxAgeSeconds ?? DEFAULT_MAX_AGE_SECONDS) * 1000;
}

/** The verdict once the store has answered whether the id is new. */
function replayVerdict(event: DeliveryEvent, isNew: boolean): Verdict {
  // A replay answers 200 (not an error): the sender should stop retrying it.
  return isNew ? { ok: true, event } : { ok: false, status: 200, reason: `duplicate event ${event.id} dropped` };
}

/** Synchronous check with an optional synchronous store (MemoryReplayStore, FileReplayStore). */
export function verifyDelivery(body: Buffer | string, signatureHeader: string | undefined, options: VerifyOptions): Verdict {
  const verdict = verifySignedEvent(body, signatureHeader, options);
  if (!verdict.ok || !options.seen) return verdict;
  const isNew = options.seen.remember(verdict.event.id, rememberUntil(verdict.event, options), (options.now ?? Date.now)());
  if (typeof isNew !== "boolean") throw new TypeError("verifyDelivery: this replay store answers with a promise; use acceptDelivery");
  return replayVerdict(verdict.event, isNew);
}

/** The same check for any store, synchronous or not (a user's Redis, a database table). */
export async function acceptDelivery(body: Buffer | string, signatureHeader: string | undefined, options: VerifyOptions): Promise<Verdict> {
  const verdict = verifySignedEvent(body, signatureHeader, options);
  if (!verdict.ok || !options.seen) return verdict;
  const isNew = await options.seen.remember(verdict.event.id, rememberUntil(verdict.event, options), (options.now ?? Date.now)());
  return replayVerdict(verdict.event, isNew);
}
