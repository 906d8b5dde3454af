// The simulator's fault injection in both shapes: 5xx answers, connection resets, delays and lost
// answers on the matching routes (`:id` and `*`), with or without the work done, drawn at the
// configured rate, and a bad rule refused with the old rules kept.
import { expect } from "chai";
import { describeShapes, unwrapServer } from "../helpers/simulator";

describeShapes("simulator: fault injection", { seed: 3 }, (sim, shape) => {
  const create = (headers: Record<string, string> = {}): Promise<Response> =>
    sim.api("POST", "/v1/servers", { body: sim.createBody(), headers });

  it("answers 500/502/503 with the error object for the matching route only, without doing the work", async () => {
    await sim.setFaults([{ route: "POST /v1/servers", errorRate: 1 }]);
    const seen = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const res = await create();
      seen.add(res.status);
      const { error } = (await res.json()) as any;
      expect(["INTERNAL_ERROR", "BAD_GATEWAY", "SERVICE_UNAVAILABLE"]).to.include(error.code);
    }
    expect([...seen].sort()).to.deep.equal([500, 502, 503]);
    expect(await sim.rawServers()).to.deep.equal([]);
    expect((await sim.api("GET", "/v1/servers")).status).to.equal(200);
    const stats = await sim.stats();
    expect((stats.byRoute["POST /v1/servers 500"] ?? 0) + (stats.byRoute["POST /v1/servers 502"] ?? 0) + (stats.byRoute["POST /v1/servers 503"] ?? 0)).to.equal(12);
  });

  it("matches `:id` segments and `*` wildcards, and takes a chosen status", async () => {
    await sim.setFaults([{ route: "/v1/servers/:id/*", errorRate: 1, errorStatuses: [503] }]);
    const s = unwrapServer(shape, await (await create()).json());
    expect((await sim.api("GET", `/v1/servers/${s.id}`)).status).to.equal(200);
    expect((await sim.api("POST", `/v1/servers/${s.id}/halt`)).status).to.equal(503);
    expect((await sim.admin("GET", "/faults")).rules).to.have.length(1);
  });

  it("resets the connection without doing the work", async () => {
    await sim.setFaults([{ route: "POST /v1/servers", resetRate: 1 }]);
    let failed = false;
    try {
      await create();
    } catch {
      failed = true;
    }
    expect(failed).to.equal(true);
    expect(await sim.rawServers()).to.deep.equal([]);
    expect((await sim.stats()).byRoute["POST /v1/servers reset"]).to.equal(1);
  });

  it("delays the answer past a client time-out, with the work done", async () => {
    await sim.setFaults([{ route: "POST /v1/servers", delayRate: 1, delayMs: 300 }]);
    let timedOut = false;
    try {
      await fetch(`${sim.url}/v1/servers`, {
        method: "POST", signal: AbortSignal.timeout(100), body: JSON.stringify(sim.createBody()),
        headers: { Authorization: "Bearer test-full-key", "Content-Type": "application/json" },
      });
    } catch {
      timedOut = true;
    }
    expect(timedOut).to.equal(true);
    expect(await sim.rawServers()).to.have.length(1);
    const t0 = Date.now();
    const patient = await create();
    expect(Date.now() - t0).to.be.at.least(290);
    expect(patient.status).to.equal(shape === "A" ? 202 : 201);
    expect(await sim.rawServers()).to.have.length(2);
  });

  it("loses the answer after doing the work; a retry with the same Idempotency-Key replays it", async () => {
    await sim.setFaults([{ route: "POST /v1/servers", lostAnswerRate: 1 }]);
    let lost = false;
    try {
      await create({ "Idempotency-Key": "lost-1" });
    } catch {
      lost = true;
    }
    expect(lost).to.equal(true);
    expect(await sim.rawServers()).to.have.length(1);
    await sim.setFaults([]);
    const retry = await create({ "Idempotency-Key": "lost-1" });
    expect(retry.headers.get("idempotent-replayed")).to.equal("true");
    expect(unwrapServer(shape, await retry.json()).id).to.equal((await sim.rawServers())[0].id);
    expect(await sim.rawServers()).to.have.length(1);
  });

  it("draws faults at the configured rate", async () => {
    await sim.setFaults([{ route: "GET /v1/os", errorRate: 0.5 }]);
    let errors = 0;
    for (let i = 0; i < 60; i++) if ((await sim.api("GET", "/v1/os")).status >= 500) errors++;
    expect(errors).to.be.within(15, 45);
  });

  it("refuses a bad rule with 400 and keeps the old rules", async () => {
    await sim.setFaults([{ route: "GET /v1/os", errorRate: 0.1 }]);
    const res = await fetch(`${sim.url}/_sim/faults`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ rules: [{ route: "x", errorRate: 2 }] }) });
    expect(res.status).to.equal(400);
    expect((await sim.admin("GET", "/faults")).rules).to.deep.equal([{ route: "GET /v1/os", errorRate: 0.1 }]);
  });
});
