// The webhook signature of the API (the `webhooks` section of docs/openapi.yaml): `X-Service-Signature: sha256=<hex>`, the
// lowercase hex HMAC-SHA-256 of the body's JSON text keyed with the webhook secret. Shared by
// the simulator (signs), the client and the receiver (verify). Verification signs the exact bytes that
// arrived (re-serializing parsed JSON could reorder keys) and compares in constant time so
// the comparison leaks nothing about how much of a forged signature was right.

import { createHmac, timingSafeEqual } from "crypto";

export const SIGNATURE_HEADER = "X-Service-Signature";
const PREFIX = "sha256=";

/** `sha256=<hex>` for a body (string or raw bytes). */
export function signWebhookBody(secret: string, body: string | Buffer): string {
  return PREFIX + createHmac("sha256", secret).update(body).digest("hex");
}

/** True when `header` is the signature of `body` under `secret`. Never throws on bad input. */
export function verifyWebhookSignature(
  secret: string,
  body: string | Buffer,
  header: string | string[] | undefined,
): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value !== "string" || !value.startsWith(PREFIX) || typeof secret !== "string" || secret === "") {
    return false;
  }
  const hex = value.slice(PREFIX.length).trim();
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return false;
  const expected = createHmac("sha256", secret).update(body).digest();
  const given = Buffer.from(hex, "hex");
  // Both are 32 bytes here; timingSafeEqual would throw on a length mismatch.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
