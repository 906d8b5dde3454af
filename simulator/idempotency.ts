// Idempotency-Key on POST (docs/contract.md, Idempotency): scoped per API key, kept 24 h.
// The fingerprint is route + canonical JSON of the body, so key order and whitespace do not
// make "another body". Handlers are synchronous, so the first answer is stored before any
// second request with the same key can be looked at: a repeat never runs the work twice.
import { createHash } from "crypto";
import { ApiRefusal } from "./http/errors";
import type { MemoryStore } from "./store/memory-store";
import type { IdempotencyRecord } from "./store/types";
import { ERROR_CODES } from "../protocol/errors";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 255;

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    return Object.fromEntries(Object.keys(o).sort().map((k) => [k, canonical(o[k])]));
  }
  return v;
}

export function fingerprint(method: string, path: string, raw: Buffer): string {
  let text = raw.toString("utf8");
  try {
    text = JSON.stringify(canonical(JSON.parse(text)));
  } catch {
    // Not JSON: the bytes themselves are the body's identity.
  }
  return createHash("sha256").update(`${method} ${path}\n${text}`).digest("hex");
}

export class Idempotency {
  private lastSweep = 0;

  constructor(private readonly store: MemoryStore) {}

  static check(key: string): void {
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw new ApiRefusal(400, ERROR_CODES.invalidRequest, `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters`, "Idempotency-Key");
    }
  }

  /** The stored answer to replay, or null when this key is new (or expired). */
  lookup(apiKey: string, key: string, fp: string, nowMs: number): IdempotencyRecord | null {
    this.sweep(nowMs);
    const rec = this.store.idempotency.get(`${apiKey}\u0000${key}`);
    if (!rec || rec.expires_at <= nowMs) return null;
    if (rec.fingerprint !== fp) {
      throw new ApiRefusal(409, ERROR_CODES.idempotencyKeyReused,
        `Idempotency-Key ${key} was first used with another request body or route; use a new key for a new request`);
    }
    return rec;
  }

  remember(apiKey: string, key: string, fp: string, status: number, body: string | null, nowMs: number): void {
    this.store.idempotency.set(`${apiKey}\u0000${key}`, { fingerprint: fp, status, body, expires_at: nowMs + IDEMPOTENCY_TTL_MS });
  }

  /** Drops expired entries at most once a minute, so memory stays bounded. */
  private sweep(nowMs: number): void {
    if (nowMs - this.lastSweep < 60000) return;
    this.lastSweep = nowMs;
    for (const [k, v] of this.store.idempotency) if (v.expires_at <= nowMs) this.store.idempotency.delete(k);
  }
}
