// The webhook receiver helper refuses what a forger or a replayer would send:
// no signature, a wrong one, a stale event, an event id seen before.
import { expect } from "chai";
import { signWebhookBody } from "../../protocol/signature";
import { ReplayGuard, startWebhookReceiver, verifyDelivery } from "../../provider/receiver";

const SECRET = "receiver-test-secret";
const NOW = Date.parse("2026-11-21T12:00:00Z");

function delivery(id: string, secondsAgo = 0): string {
  return JSON.stringify({
    id,
    event: "server.created",
    timestamp: new Date(NOW - secondsAgo * 1000).toISOString(),
    data: { server: { id: "srv-1", label: "web", status: "pending", main_ip: "203.0.113.7" } },
  });
}

describe("webhook receiver: verifyDelivery", () => {
  const options = () => ({ secret: SECRET, now: () => NOW, seen: new ReplayGuard() });

  it("accepts a signed, fresh, new event", () => {
    const body = delivery("evt-1");
    const verdict = verifyDelivery(body, signWebhookBody(SECRET, body), options());
    expect(verdict.ok).to.equal(true);
  });

  it("refuses a delivery without a signature header", () => {
    const verdict = verifyDelivery(delivery("evt-1"), undefined, options());
    expect(verdict).to.deep.equal({ ok: false, status: 401, reason: "missing X-Service-Signature header" });
  });

  it("refuses a signature made with another secret", () => {
    const body = delivery("evt-1");
    const verdict = verifyDelivery(body, signWebhookBody("not-the-secret", body), options());
    expect(verdict).to.include({ ok: false, status: 401 });
  });

  it("refuses a body changed after signing", () => {
    const body = delivery("evt-1");
    const header = signWebhookBody(SECRET, body);
    const verdict = verifyDelivery(body.replace("pending", "active"), header, options());
    expect(verdict).to.include({ ok: false, status: 401 });
  });

  it("refuses malformed signature headers without throwing", () => {
    const body = delivery("evt-1");
    for (const header of ["", "sha256=", "sha256=zz", "md5=abc", signWebhookBody(SECRET, body).slice(0, -2)]) {
      expect(verifyDelivery(body, header, options()).ok, header).to.equal(false);
    }
  });

  it("refuses an event older than 5 minutes and accepts one just inside", () => {
    const stale = delivery("evt-old", 301);
    const verdict = verifyDelivery(stale, signWebhookBody(SECRET, stale), options());
    expect(verdict).to.include({ ok: false, status: 400 });
    expect((verdict as { reason: string }).reason).to.match(/stale event: sent 301 s ago, limit 300 s/);
    const fresh = delivery("evt-fresh", 299);
    expect(verifyDelivery(fresh, signWebhookBody(SECRET, fresh), options()).ok).to.equal(true);
  });

  it("drops a replayed event id with 200 so the sender stops retrying", () => {
    const opts = options();
    const body = delivery("evt-dup");
    expect(verifyDelivery(body, signWebhookBody(SECRET, body), opts).ok).to.equal(true);
    const again = verifyDelivery(body, signWebhookBody(SECRET, body), opts);
    expect(again).to.deep.equal({ ok: false, status: 200, reason: "duplicate event evt-dup dropped" });
  });

  it("forgets the oldest ids beyond its capacity", () => {
    const guard = new ReplayGuard(2);
    expect([guard.remember("a"), guard.remember("b"), guard.remember("c")]).to.deep.equal([true, true, true]);
    expect(guard.remember("a"), "a was forgotten").to.equal(true);
    expect(guard.remember("c"), "c is still remembered").to.equal(false);
  });
});

describe("webhook receiver: the HTTP server", () => {
  it("answers 200 to genuine deliveries and 401 to forged ones, over real HTTP", async () => {
    const receiver = await startWebhookReceiver({ secret: SECRET });
    try {
      const body = JSON.stringify({ id: "evt-http", event: "server.deleted", timestamp: new Date().toISOString(), data: {} });
      const post = (signature: string) =>
        fetch(receiver.url, { method: "POST", headers: { "X-Service-Signature": signature, "Content-Type": "application/json" }, body });
      expect((await post(signWebhookBody(SECRET, body))).status).to.equal(200);
      expect((await post("sha256=" + "0".repeat(64))).status).to.equal(401);
      expect((await fetch(receiver.url)).status).to.equal(405);
      expect(receiver.events.map((e) => e.id)).to.deep.equal(["evt-http"]);
      expect(receiver.rejected.map((r) => r.status)).to.deep.equal([401]);
    } finally {
      await receiver.close();
    }
  });
});
