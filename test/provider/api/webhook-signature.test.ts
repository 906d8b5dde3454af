// Webhook signatures as the spec defines them: `sha256=` and the lowercase hex HMAC-SHA-256 of the
// body, verified from a string, raw bytes or a header array, and a wrong secret, body or header
// refused without throwing.
import { createHmac } from "crypto";
import { expect } from "chai";
import { signWebhookBody, verifyWebhookSignature } from "../../../provider/api";

describe("webhook signatures", () => {
  const secret = "whsec-test-secret";
  const body = JSON.stringify({ id: "evt_1", event: "server.created", timestamp: "2025-01-01T00:00:00Z", data: { server: { id: "s1" } } });

  it("signs as the spec says: sha256= and the lowercase hex HMAC-SHA-256 of the body", () => {
    const expected = "sha256=" + createHmac("sha256", secret).update(body).digest("hex");
    expect(signWebhookBody(secret, body)).to.equal(expected);
    expect(signWebhookBody(secret, Buffer.from(body))).to.equal(expected);
    // The simulator signs with this same function; test/simulator/webhooks.test.ts checks
    // its real deliveries against an HMAC computed there.
  });

  it("verifies a good signature, from a string or the raw bytes, and a header array", () => {
    const sig = signWebhookBody(secret, body);
    expect(verifyWebhookSignature(secret, body, sig)).to.equal(true);
    expect(verifyWebhookSignature(secret, Buffer.from(body), sig)).to.equal(true);
    expect(verifyWebhookSignature(secret, body, [sig])).to.equal(true);
    expect(verifyWebhookSignature(secret, body, sig.toUpperCase().replace("SHA256=", "sha256="))).to.equal(true);
  });

  it("rejects a wrong secret, a changed body, a wrong or malformed header, without throwing", () => {
    const sig = signWebhookBody(secret, body);
    expect(verifyWebhookSignature("other-secret", body, sig)).to.equal(false);
    expect(verifyWebhookSignature(secret, body + " ", sig)).to.equal(false);
    expect(verifyWebhookSignature(secret, body, sig.slice(0, -1) + (sig.endsWith("0") ? "1" : "0"))).to.equal(false);
    for (const bad of [undefined, "", "sha256=", "sha1=" + sig.slice(7), sig.slice(7), "sha256=zz", sig + "00", []]) {
      expect(verifyWebhookSignature(secret, body, bad as string | undefined), String(bad)).to.equal(false);
    }
    expect(verifyWebhookSignature("", body, signWebhookBody("", body))).to.equal(false);
  });
});
