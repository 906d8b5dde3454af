// The simulator's status machine in both shapes: active after the provisioning delay, stop, start,
// reboot and halt through their statuses, a 409 INVALID_STATE naming both statuses, a chosen
// fraction of creates in error, and an errored server that can be deleted.
import { expect } from "chai";
import { describeShapes, unwrapServer } from "../helpers/simulator";

describeShapes("simulator: status machine", {}, (sim, shape) => {
  const active = async (): Promise<string> => {
    const res = await sim.api("POST", "/v1/servers", { body: sim.createBody() });
    const id = unwrapServer(shape, await res.json()).id;
    await sim.waitForStatus(id, "active");
    return id;
  };
  const act = async (id: string, action: string): Promise<Response> => sim.api("POST", `/v1/servers/${id}/${action}`);

  it("goes from the initial status to active after the provisioning delay", async () => {
    const res = await sim.api("POST", "/v1/servers", { body: sim.createBody() });
    const s = unwrapServer(shape, await res.json());
    const t0 = Date.now();
    await sim.waitForStatus(s.id, "active");
    expect(Date.now() - t0).to.be.at.least(100);
  });

  it("stop → stopping → stopped, then start → starting → active", async () => {
    const id = await active();
    const stop = await act(id, "stop");
    expect(stop.status).to.equal(202);
    expect(unwrapServer(shape, await stop.json()).status).to.equal("stopping");
    await sim.waitForStatus(id, "stopped");
    const start = await act(id, "start");
    expect(unwrapServer(shape, await start.json()).status).to.equal("starting");
    await sim.waitForStatus(id, "active");
  });

  it("reboot → rebooting → active", async () => {
    const id = await active();
    expect(unwrapServer(shape, await (await act(id, "reboot")).json()).status).to.equal("rebooting");
    await sim.waitForStatus(id, "active");
  });

  it("halt → stopped at once", async () => {
    const id = await active();
    const res = await act(id, "halt");
    expect(res.status).to.equal(202);
    expect(unwrapServer(shape, await res.json()).status).to.equal("stopped");
  });

  it("refuses an action that makes no sense with 409 INVALID_STATE naming both statuses", async () => {
    const id = await active();
    const res = await act(id, "start");
    expect(res.status).to.equal(409);
    const { error } = (await res.json()) as any;
    expect(error.code).to.equal("INVALID_STATE");
    expect(error.message).to.equal(`cannot start server ${id}: its status is active; start needs stopped`);
    await act(id, "halt");
    expect((await act(id, "stop")).status).to.equal(409);
    expect((await act(id, "reboot")).status).to.equal(409);
  });

  it("sends the chosen fraction of creates to error", async () => {
    // 80 creates per rate: at 0.3 the error count is binomial (mean 24, sd 4.1), so 12..36
    // holds it beyond 2.9 sd; 0 and 1 are exact.
    const N = 80;
    const errored = async (rate: number): Promise<number> => {
      await sim.reset();
      await sim.setConfig({ errorRate: rate });
      for (let i = 0; i < N; i++) expect((await sim.api("POST", "/v1/servers", { body: sim.createBody() })).status).to.be.below(300);
      const settled = async () => (await sim.rawServers()).filter((s) => s.status === "active" || s.status === "error");
      const deadline = Date.now() + 5_000;
      while ((await settled()).length < N && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      const all = await settled();
      expect(all, "all settled").to.have.length(N);
      return all.filter((s) => s.status === "error").length;
    };
    try {
      expect(await errored(0), "rate 0").to.equal(0);
      expect(await errored(1), "rate 1").to.equal(N);
      expect(await errored(0.3), "rate 0.3").to.be.within(12, 36);
    } finally {
      await sim.setConfig({ errorRate: 0 });
    }
  });

  it("lets an errored server be deleted", async () => {
    await sim.setConfig({ errorRate: 1 });
    const s = unwrapServer(shape, await (await sim.api("POST", "/v1/servers", { body: sim.createBody() })).json());
    await sim.setConfig({ errorRate: 0 });
    await sim.waitForStatus(s.id, "error");
    expect((await sim.api("DELETE", `/v1/servers/${s.id}`)).status).to.equal(204);
    await sim.waitForStatus(s.id, "http 404");
  });
});
