// The simulator's health route (simulator/health.ts), a simulator addition: what
// GET /_health/<id or main IP> answers as the server's status changes and under each rule the
// admin API sets, per image and per server. Time moves on the simulator's clock
// (POST /_sim/clock), never by waiting; servers are made active by the admin API.
import { expect } from "chai";
import { describeShapes } from "../helpers/simulator";

describeShapes("simulator: health route", { provisionMs: 600_000 }, (sim) => {
  const health = async (ref: string) => {
    const res = await fetch(`${sim.url}/_health/${encodeURIComponent(ref)}`);
    return { status: res.status, body: (await res.json()) as any };
  };
  const activate = (id: string) => sim.admin("PATCH", `/servers/${id}`, { status: "active" });
  const osOf = async (id: string) => (await sim.rawServers()).find((s) => s.id === id).os_id as number;

  it("answers 404 for no server, 503 until the server is active, then 200 with no rule", async () => {
    expect((await health("no-such-id")).status).to.equal(404);
    const id = await sim.seedServer();
    const pending = await health(id);
    expect(pending.status).to.equal(503);
    expect(pending.body.reason).to.match(/^the server is (pending|starting)$/);
    await activate(id);
    expect(await health(id)).to.deep.equal({ status: 200, body: { id, status: "active", healthy: true, rule: "healthy", reason: "healthy" } });
    await sim.deleteServer(id);
    expect((await health(id)).status).to.equal(404);
  });

  it("finds a server by its main IP too", async () => {
    const id = await sim.seedServer();
    await activate(id);
    const ip = (await sim.rawServers()).find((s) => s.id === id).main_ip;
    expect((await health(ip)).body.id).to.equal(id);
  });

  it("a per-image never rule answers 503 while active; a server's own rule wins", async () => {
    const [a, b] = [await sim.seedServer(), await sim.seedServer()];
    await activate(a);
    await activate(b);
    await sim.admin("PUT", "/health", { rules: [{ image: await osOf(a), mode: "never" }, { server: b, mode: "healthy" }] });
    expect(await health(a)).to.deep.include({ status: 503 });
    expect((await health(a)).body.reason).to.equal("rule never");
    expect((await health(b)).status).to.equal(200);
  });

  it("takes an image by its slug", async () => {
    const id = await sim.seedServer();
    await activate(id);
    const body = (await (await sim.api("GET", "/v1/os")).json()) as any;
    const images: { id: number; slug: string }[] = body.os ?? body.data;
    const os = await osOf(id);
    const mine = images.find((o) => o.id === os)!;
    await sim.admin("PUT", "/health", { rules: [{ image: mine.slug, mode: "never" }] });
    expect((await health(id)).status).to.equal(503);
  });

  it("an after rule is healthy afterSeconds after the server became active, on the simulator's clock", async () => {
    const id = await sim.seedServer();
    await sim.admin("PUT", "/health", { rules: [{ server: id, mode: "after", afterSeconds: 30 }] });
    expect((await health(id)).status).to.equal(503);
    await activate(id);
    expect((await health(id)).status).to.equal(503);
    await sim.admin("POST", "/clock", { advanceMs: 29_000 });
    expect((await health(id)).status).to.equal(503);
    await sim.admin("POST", "/clock", { advanceMs: 1_000 });
    expect((await health(id)).status).to.equal(200);
  });

  it("a flapping rule answers 200 and 503 in turn", async () => {
    const id = await sim.seedServer();
    await activate(id);
    await sim.admin("PUT", "/health", { rules: [{ server: id, mode: "flapping" }] });
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) seen.push((await health(id)).status);
    expect(seen).to.deep.equal([200, 503, 200, 503, 200]);
  });

  it("needs no key, takes no rate-limit token and is not counted", async () => {
    const id = await sim.seedServer();
    await activate(id);
    await sim.resetStats();
    for (let i = 0; i < 3; i++) await health(id);
    expect((await sim.stats()).total).to.equal(0);
  });

  it("refuses a bad rule naming its field, and keeps the rules it had", async () => {
    await sim.admin("PUT", "/health", { rules: [{ image: "ubuntu-24.04", mode: "never" }] });
    const bad: [unknown, string][] = [
      ["never", "rules must be a list"],
      [[{ mode: "never" }], "rules[0] must name exactly one of server"],
      [[{ image: "no-such-os", mode: "never" }], "rules[0].image must be an OS image slug or id"],
      [[{ server: "x", mode: "sometimes" }], "rules[0].mode must be one of healthy, never, after, flapping"],
      [[{ server: "x", mode: "after" }], "rules[0].afterSeconds must be a number"],
      [[{ server: "x", mode: "never", afterSeconds: 3 }], "rules[0].afterSeconds is for mode after only"],
      [[{ server: "x", mode: "never", when: 1 }], "rules[0].when is not a field"],
    ];
    for (const [rules, words] of bad) {
      const res = await fetch(`${sim.url}/_sim/health`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ rules }) });
      expect(res.status).to.equal(400);
      expect(((await res.json()) as any).error.message).to.contain(words);
    }
    expect((await sim.admin("GET", "/health")).rules).to.deep.equal([{ image: "ubuntu-24.04", mode: "never" }]);
  });

  it("a reset clears the rules", async () => {
    await sim.admin("PUT", "/health", { rules: [{ image: "ubuntu-24.04", mode: "never" }] });
    await sim.reset();
    expect((await sim.admin("GET", "/health")).rules).to.deep.equal([]);
  });
});
