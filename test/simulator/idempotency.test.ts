// The simulator's Idempotency-Key in both shapes: the first answer replayed with no second server
// (for the same JSON in any key order, and for actions), a 409 for the same key with another body,
// keys per API key, forgotten after 24 hours, and concurrent repeats made one create.
import { expect } from "chai";
import { describeShapes, unwrapServer } from "../helpers/simulator";

describeShapes("simulator: Idempotency-Key", {}, (sim, shape) => {
  const post = (key: string, body: unknown, apiKey?: string): Promise<Response> =>
    sim.api("POST", "/v1/servers", { body, key: apiKey, headers: { "Idempotency-Key": key } });

  it("replays the first answer (status and body) without creating a second server", async () => {
    const body = sim.createBody({ label: "once" });
    const r1 = await post("k-1", body);
    const t1 = await r1.text();
    const r2 = await post("k-1", body);
    expect(r2.status).to.equal(r1.status);
    expect(await r2.text()).to.equal(t1);
    expect(r2.headers.get("idempotent-replayed")).to.equal("true");
    expect(r1.headers.get("idempotent-replayed")).to.equal(null);
    expect(await sim.rawServers()).to.have.length(1);
    expect((await sim.rawServers())[0].created_by_request).to.equal("k-1");
  });

  it("treats the same JSON with other key order or spacing as the same body", async () => {
    const body = sim.createBody();
    await post("k-2", body);
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(body).reverse()), null, 2);
    const res = await sim.api("POST", "/v1/servers", { body: reordered, headers: { "Idempotency-Key": "k-2", "Content-Type": "application/json" } });
    expect(res.headers.get("idempotent-replayed")).to.equal("true");
    expect(await sim.rawServers()).to.have.length(1);
  });

  it("answers 409 IDEMPOTENCY_KEY_REUSED for the same key with another body", async () => {
    await post("k-3", sim.createBody({ label: "a" }));
    const res = await post("k-3", sim.createBody({ label: "b" }));
    expect(res.status).to.equal(409);
    expect(((await res.json()) as any).error.code).to.equal("IDEMPOTENCY_KEY_REUSED");
    expect(await sim.rawServers()).to.have.length(1);
  });

  it("replays actions too: a repeated stop with the same key is not a 409", async () => {
    const s = unwrapServer(shape, await (await sim.api("POST", "/v1/servers", { body: sim.createBody() })).json());
    await sim.waitForStatus(s.id, "active");
    const stop = (): Promise<Response> => sim.api("POST", `/v1/servers/${s.id}/stop`, { headers: { "Idempotency-Key": "stop-1" } });
    const r1 = await stop();
    const r2 = await stop();
    expect(r1.status).to.equal(202);
    expect(r2.status).to.equal(202);
    expect(r2.headers.get("idempotent-replayed")).to.equal("true");
  });

  it("scopes keys per API key", async () => {
    await sim.addKey({ key: "other", permission: "write", tier: "enterprise" });
    await post("shared", sim.createBody());
    const res = await post("shared", sim.createBody(), "other");
    expect(res.headers.get("idempotent-replayed")).to.equal(null);
    expect(await sim.rawServers()).to.have.length(2);
  });

  it("forgets keys after 24 hours", async () => {
    const body = sim.createBody();
    await post("k-old", body);
    await sim.admin("POST", "/clock", { advanceMs: 24 * 3600 * 1000 + 1000 });
    const res = await post("k-old", body);
    expect(res.headers.get("idempotent-replayed")).to.equal(null);
    expect(await sim.rawServers()).to.have.length(2);
  });

  it("handles concurrent repeats of one key as a single create", async () => {
    const body = sim.createBody();
    const answers = await Promise.all([1, 2, 3, 4].map(() => post("burst", body)));
    const texts = await Promise.all(answers.map((r) => r.text()));
    expect(new Set(texts).size).to.equal(1);
    expect(await sim.rawServers()).to.have.length(1);
  });
});
