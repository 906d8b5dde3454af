// Webhook signature of the spec's Events section: `sha256=` + lowercase hex
// HMAC-SHA-256 of the exact body bytes, keyed with the webhook secret.
import { createHmac } from "crypto";

export function signBody(secret: string, body: string | Buffer): string {
  return "sha256=" + createHmac("sha256", secret).update(body).digest("hex");
}
