// The webhook receiver helper refuses what a forger or a replayer would send:
// no signature, a wrong one, an event older than the spec's retry window, an event id
// seen before; and it accepts every retry the spec's ladder sends.
import { expect } from "chai";
import { signWebhookBody } from "../../protocol/signature";
import { DEFAULT_MAX_AGE_SECONDS, ReplayGuard, startWebhookReceiver, verifyDelivery } from "../../provider/receiver";

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

  it("refuses an event older than the retry window (14 h 46 min) and accepts one just inside", () => {
    const window = DEFAULT_MAX_AGE_SECONDS;
    expect(window, "the spec's ladder 1+5+30+120+720 min, plus 10 min").to.equal((876 + 10) * 60);
    const stale = delivery("evt-old", window + 1);
    const verdict = verifyDelivery(stale, signWebhookBody(SECRET, stale), options());
    expect(verdict).to.include({ ok: false, status: 400 });
    expect((verdict as { reason: string }).reason).to.match(new RegExp(`stale event: sent ${window + 1} s ago, limit ${window} s`));
    const inside = delivery("evt-inside", window - 1);
    expect(verifyDelivery(inside, signWebhookBody(SECRET, inside), options()).ok).to.equal(true);
  });

  it("refuses a timestamp more than 5 minutes in the future (clock skew limit)", () => {
    const ahead = delivery("evt-ahead", -301);
    const verdict = verifyDelivery(ahead, signWebhookBody(SECRET, ahead), options());
    expect(verdict).to.deep.equal({ ok: false, status: 400, reason: "timestamp is 301 s in the future, limit 300 s of clock skew" });
  });

  it("drops a replayed event id with 200 so the sender stops retrying", () => {
    const opts = options();
    const body = delivery("evt-dup");
    expect(verifyDelivery(body, signWebhookBody(SECRET, body), opts).ok).to.equal(true);
    const again = verifyDelivery(body, signWebhookBody(SECRET, body), opts);
    expect(again).to.deep.equal({ ok: false, status: 200, reason: "duplicate event evt-dup dropped" });
  });

  it("remembers an id until its window ends, and only then forgets it", () => {
    const guard = new ReplayGuard();
    expect(guard.remember("a", NOW + 1000, NOW)).to.equal(true);
    expect(guard.remember("a", NOW + 1000, NOW + 999), "still inside the window").to.equal(false);
    expect(guard.remember("a", NOW + 2000, NOW + 1000), "window over").to.equal(true);
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
