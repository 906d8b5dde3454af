// The simulator's webhooks in both shapes: CRUD that never returns the secret, refusals naming the
// field, deliveries of the subscribed events signed with HMAC-SHA-256 of the exact body, a non-200
// retried with the same body up to 5 times, and Write permission to register one.
import { expect } from "chai";
import { until } from "../helpers/wait";
import { createHmac } from "crypto";
import * as http from "http";
import type { AddressInfo } from "net";
import { describeShapes, KEYS, unwrapServer } from "../helpers/simulator";

interface Seen {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A loopback receiver that records what it got and answers with `answer()`'s status. */
async function receiver(answer: (n: number) => number | "hang"): Promise<{ url: string; seen: Seen[]; close(): Promise<void> }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = answer(seen.length);
      if (status !== "hang") res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    seen,
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}

describeShapes("simulator: webhooks", { webhookTimeoutMs: 200 }, (sim, shape) => {
  const one = (body: any): any => (shape === "A" ? body.webhook : body.data);
  const register = async (url: string, events: string[], secret = "s3cret"): Promise<any> => {
    const res = await sim.api("POST", "/v1/webhooks", { body: { url, events, secret } });
    expect(res.status).to.equal(201);
    return one(await res.json());
  };

  it("creates, lists, gets, patches and deletes webhooks without ever returning the secret", async () => {
    const w = await register("http://127.0.0.1:9/hook", ["server.created"]);
    expect(w).to.have.all.keys("id", "url", "events", "created_at");
    const list = (await (await sim.api("GET", "/v1/webhooks")).json()) as any;
    expect((shape === "A" ? list.webhooks : list.data).map((x: any) => x.id)).to.deep.equal([w.id]);
    const patched = await sim.api("PATCH", `/v1/webhooks/${w.id}`, { body: { events: ["server.deleted"], secret: "new" } });
    expect(patched.status).to.equal(200);
    expect(one(await patched.json()).events).to.deep.equal(["server.deleted"]);
    const got = one(await (await sim.api("GET", `/v1/webhooks/${w.id}`)).json());
    expect(got).to.not.have.property("secret");
    const raw = (await sim.admin("GET", "/webhooks")).webhooks[0];
    expect(raw.secret).to.equal("new");
    expect((await sim.api("DELETE", `/v1/webhooks/${w.id}`)).status).to.equal(204);
    expect((await sim.api("GET", `/v1/webhooks/${w.id}`)).status).to.equal(404);
  });

  it("refuses a bad url, an unknown event and a missing secret, naming the field", async () => {
    const cases: [unknown, number, string][] = [
      [{ url: "not a url", events: ["server.created"], secret: "s" }, 422, "url"],
      [{ url: "ftp://x.test/", events: ["server.created"], secret: "s" }, 422, "url"],
      [{ url: "http://127.0.0.1:9/", events: ["server.exploded"], secret: "s" }, 422, "events"],
      [{ url: "http://127.0.0.1:9/", events: [], secret: "s" }, 422, "events"],
      [{ url: "http://127.0.0.1:9/", events: ["server.created"] }, 400, "secret"],
      [{ url: "http://127.0.0.1:9/", events: "server.created", secret: "s" }, 400, "events"],
    ];
    for (const [body, status, field] of cases) {
      const res = await sim.api("POST", "/v1/webhooks", { body });
      expect(res.status, JSON.stringify(body)).to.equal(status);
      expect(((await res.json()) as any).error.field).to.equal(field);
    }
    expect((await sim.admin("GET", "/webhooks")).webhooks).to.deep.equal([]);
  });

  it("delivers server events signed with HMAC-SHA-256 of the exact body", async () => {
    const rx = await receiver(() => 200);
    try {
      await register(rx.url, ["server.created", "server.status_changed", "server.deleted"], "topsecret");
      const s = unwrapServer(shape, await (await sim.api("POST", "/v1/servers", { body: sim.createBody({ label: "hooked" }) })).json());
      await sim.waitForStatus(s.id, "active");
      await sim.api("DELETE", `/v1/servers/${s.id}`);
      const events = await until("three events", () => {
        const names = rx.seen.map((x) => JSON.parse(x.body).event);
        return names.includes("server.deleted") ? names : undefined;
      });
      // The last two leave in the same tick; ordering is not promised (the spec is silent).
      expect(events.slice(0, 2)).to.deep.equal(["server.created", "server.status_changed"]);
      expect([...events.slice(2)].sort()).to.deep.equal(["server.deleted", "server.status_changed"]);
      for (const m of rx.seen) {
        const expected = "sha256=" + createHmac("sha256", "topsecret").update(m.body).digest("hex");
        expect(m.headers["x-service-signature"]).to.equal(expected);
        expect(m.headers["content-type"]).to.equal("application/json");
        const p = JSON.parse(m.body);
        expect(p).to.have.all.keys("id", "event", "timestamp", "data");
        expect(m.headers["x-service-event"]).to.equal(p.event);
        expect(m.headers["x-service-delivery"]).to.equal(p.id);
        expect(p.data.server).to.have.all.keys("id", "label", "status", "main_ip");
        expect(p.data.server.id).to.equal(s.id);
      }
      const statuses = rx.seen.map((x) => JSON.parse(x.body)).filter((p) => p.event === "server.status_changed").map((p) => p.data.server.status);
      expect(statuses).to.deep.equal(["active", "terminated"]);
      const log = await sim.deliveries();
      expect(log.every((d) => d.status === "delivered" && d.attempts === 1 && d.last_status === 200)).to.equal(true);
    } finally {
      await rx.close();
    }
  });

  it("sends only the subscribed events, and admin-triggered ones", async () => {
    const rx = await receiver(() => 200);
    try {
      await register(rx.url, ["invoice.created"]);
      await sim.api("POST", "/v1/servers", { body: sim.createBody() });
      await sim.admin("POST", "/events", { event: "invoice.created", data: { invoice: { id: "inv-1" } } });
      await until("the invoice event", () => rx.seen.length >= 1 || undefined);
      // Every delivery is in the simulator's log from the moment its event happens, before it is
      // sent: the create's server.created would be there, had it been (wrongly) queued.
      expect((await sim.deliveries()).map((d) => d.event)).to.deep.equal(["invoice.created"]);
      expect(rx.seen.map((x) => JSON.parse(x.body).event)).to.deep.equal(["invoice.created"]);
      expect(JSON.parse(rx.seen[0].body).data).to.deep.equal({ invoice: { id: "inv-1" } });
    } finally {
      await rx.close();
    }
  });

  it("retries a non-200 answer with the same body and delivers later", async () => {
    const rx = await receiver((n) => (n < 3 ? 500 : 200));
    try {
      await register(rx.url, ["snapshot.completed"]);
      await sim.admin("POST", "/events", { event: "snapshot.completed", data: {} });
      const d = await until("delivery", async () => (await sim.deliveries()).find((x) => x.status === "delivered"));
      expect(d.attempts).to.equal(3);
      expect(rx.seen).to.have.length(3);
      expect(new Set(rx.seen.map((x) => x.body)).size).to.equal(1);
    } finally {
      await rx.close();
    }
  });

  it("gives up after 5 retries (6 attempts), treating a hang past the answer time like an error", async () => {
    const rx = await receiver((n) => (n % 2 === 0 ? "hang" : 204));
    try {
      await register(rx.url, ["backup.completed"]);
      await sim.admin("POST", "/events", { event: "backup.completed", data: {} });
      const d = await until("failure", async () => (await sim.deliveries()).find((x) => x.status === "failed"), { timeoutMs: 8000 });
      expect(d.attempts).to.equal(6);
      expect(rx.seen).to.have.length(6);
    } finally {
      await rx.close();
    }
  });

  it("needs write permission to register a webhook", async () => {
    const res = await sim.api("POST", "/v1/webhooks", { key: KEYS.read, body: { url: "http://127.0.0.1:9/", events: ["server.created"], secret: "s" } });
    expect(res.status).to.equal(403);
  });
});
