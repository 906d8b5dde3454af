// Decides whether one webhook delivery is genuine, fresh and new.
//
// The spec signs only the body (`X-Service-Signature: sha256=<hex HMAC-SHA-256>`),
// so freshness and replay checks read the body's own `timestamp` and `id`,
// which the signature covers; an unsigned header could be forged.
import { verifyWebhookSignature } from "../../protocol/signature";

export interface DeliveryEvent {
  id: string;
  event: string;
  timestamp: string;
  data: Record<string, unknown>;
}

export type Verdict =
  | { ok: true; event: DeliveryEvent }
  | { ok: false; status: number; reason: string };

export interface VerifyOptions {
  secret: string;
  /** Oldest accepted event, in seconds before now. @default 300 */
  toleranceSeconds?: number;
  /** The clock, for tests. @default Date.now */
  now?: () => number;
  /** Event ids already accepted; a repeat is rejected as a replay. */
  seen?: ReplayGuard;
}

/** Remembers the last `capacity` event ids (oldest forgotten first). */
export class ReplayGuard {
  private readonly ids = new Set<string>();
  constructor(private readonly capacity = 10_000) {}

  /** Records the id; false when it was seen before. */
  remember(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.capacity) {
      const oldest = this.ids.values().next().value as string;
      this.ids.delete(oldest);
    }
    return true;
  }
}

export function verifyDelivery(
  body: Buffer | string,
  signatureHeader: string | undefined,
  options: VerifyOptions,
): Verdict {
  const tolerance = options.toleranceSeconds ?? 300;
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
  if (now - sentAt > tolerance * 1000) {
    return { ok: false, status: 400, reason: `stale event: sent ${Math.round((now - sentAt) / 1000)} s ago, limit ${tolerance} s` };
  }
  if (typeof event.id !== "string" || event.id === "") return { ok: false, status: 400, reason: "event id is missing" };
  // A replay answers 200 (not an error): the sender should stop retrying it.
  if (options.seen && !options.seen.remember(event.id)) {
    return { ok: false, status: 200, reason: `duplicate event ${event.id} dropped` };
  }
  return { ok: true, event };
}
