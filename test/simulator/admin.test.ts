// The simulator's admin API in both shapes: request counts by method, route, status and key (named
// by a hash), the API's busy time, the raw table with deleted servers, deletes and forced fields
// behind the client's back, live timings, and a reset that keeps the keys.
import { expect } from "chai";
import { describeShapes, KEYS, unwrapServer } from "../helpers/simulator";
import { keyLabel } from "pulumi-hosting/simulator";

describeShapes("simulator: admin API", {}, (sim, shape) => {
  const create = async (): Promise<any> =>
    unwrapServer(shape, await (await sim.api("POST", "/v1/servers", { body: sim.createBody() })).json());

  it("counts requests by method, route pattern and status, but not admin calls", async () => {
    const s = await create();
    await sim.api("GET", `/v1/servers/${s.id}`);
    await sim.api("GET", "/v1/servers/unknown");
    await sim.api("GET", "/v1/servers", { key: null });
    const stats = await sim.stats();
    expect(stats.byRoute).to.deep.equal({
      [`POST /v1/servers ${shape === "A" ? 202 : 201}`]: 1,
      "GET /v1/servers/:id 200": 1,
      "GET /v1/servers/:id 404": 1,
      "GET /v1/servers 401": 1,
    });
    expect(stats.total).to.equal(4);
    await sim.admin("POST", "/stats/reset");
    expect((await sim.stats()).total).to.equal(0);
  });

  it("reports how long the API was busy answering /v1 requests, a delayed answer's wait included", async () => {
    await sim.admin("PUT", "/faults", { rules: [{ route: "GET /v1/regions", delayRate: 1, delayMs: 60 }] });
    await sim.admin("POST", "/stats/reset");
    await sim.api("GET", "/v1/regions");
    const { answerMs } = await sim.stats();
    expect(answerMs).to.be.at.least(60);
    await sim.admin("POST", "/stats/reset");
    expect((await sim.stats()).answerMs).to.be.below(answerMs);
  });

  it("counts the same requests per key, naming each key by a hash and never by itself", async () => {
    const s = await create();
    await sim.api("GET", `/v1/servers/${s.id}`, { key: KEYS.read });
    await sim.api("GET", "/v1/regions", { key: KEYS.read });
    await sim.api("GET", "/v1/servers", { key: null });
    const stats = await sim.stats();
    expect(stats.byKey).to.deep.equal({
      [keyLabel(KEYS.full)]: { [`POST /v1/servers ${shape === "A" ? 202 : 201}`]: 1 },
      [keyLabel(KEYS.read)]: { "GET /v1/servers/:id 200": 1, "GET /v1/regions 200": 1 },
    });
    expect(JSON.stringify(stats)).to.not.include(KEYS.read);
  });

  it("shows deleted servers in the raw table with deleted_at and created_by_request", async () => {
    const s = await create();
    await sim.api("DELETE", `/v1/servers/${s.id}`);
    await sim.waitForStatus(s.id, "http 404");
    const raw = await sim.rawServers();
    expect(raw).to.have.length(1);
    expect(raw[0]).to.include({ id: s.id, status: "terminated" });
    expect(raw[0].deleted_at).to.be.a("string");
    expect(raw[0].created_by_request).to.be.a("string");
  });

  it("deletes behind the client's back: 404 at once", async () => {
    const s = await create();
    await sim.admin("DELETE", `/servers/${s.id}`);
    expect((await sim.api("GET", `/v1/servers/${s.id}`)).status).to.equal(404);
  });

  it("forces fields such as status, and stops the transition that was running", async () => {
    const s = await create();
    // A running transition is its timer plus `next` on the record (status-machine.ts): both go together.
    const before = (await sim.rawServers()).find((r) => r.id === s.id);
    expect(before.next).to.deep.include({ status: "active" });
    await sim.admin("PATCH", `/servers/${s.id}`, { status: "error", label: "forced" });
    const got = unwrapServer(shape, await (await sim.api("GET", `/v1/servers/${s.id}`)).json());
    expect(got).to.include({ status: "error", label: "forced" });
    expect((await sim.rawServers()).find((r) => r.id === s.id).next, "the provisioning transition is cancelled").to.equal(null);
  });

  it("changes timings live through /_sim/config", async () => {
    const cfg = await sim.admin("PUT", "/config", { provisionMs: 10 });
    expect(cfg).to.include({ shape, provisionMs: 10 });
    const s = await create();
    expect(s.estimated_provisioning_seconds).to.equal(0.01);
    await sim.waitForStatus(s.id, "active", 500);
    await sim.admin("PUT", "/config", { provisionMs: 150 });
  });

  it("resets servers, webhooks, stats and faults but keeps keys", async () => {
    await create();
    await sim.addKey({ key: "kept", permission: "read" });
    await sim.setFaults([{ route: "GET /v1/os", errorRate: 1 }]);
    await sim.reset();
    expect(await sim.rawServers()).to.deep.equal([]);
    expect((await sim.admin("GET", "/faults")).rules).to.deep.equal([]);
    expect((await sim.stats()).total).to.equal(0);
    expect((await sim.api("GET", "/v1/os", { key: "kept" })).status).to.equal(200);
  });

  it("answers unknown admin routes and bad admin bodies with the error object", async () => {
    const res = await fetch(`${sim.url}/_sim/nothing`);
    expect(res.status).to.equal(404);
    expect(((await res.json()) as any).error.code).to.equal("NOT_FOUND");
    const bad = await fetch(`${sim.url}/_sim/keys`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ key: "x", permission: "root" }) });
    expect(bad.status).to.equal(400);
    expect(((await bad.json()) as any).error.field).to.equal("permission");
  });
});
