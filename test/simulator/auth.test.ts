// The simulator's authentication in both shapes: 401 for a missing, malformed, unknown or revoked
// key, a Read key that lists but gets a 403 naming both levels on writes, a Write key that creates
// and deletes, and the key checked before the route.
import { expect } from "chai";
import { describeShapes, KEYS, unwrapServer } from "../helpers/simulator";

describeShapes("simulator: auth", {}, (sim, shape) => {
  const error = async (res: Response): Promise<any> => ((await res.json()) as any).error;

  it("answers 401 UNAUTHORIZED for a missing, malformed or unknown key", async () => {
    for (const headers of [{} as Record<string, string>, { Authorization: "Basic abc" }, { Authorization: "Bearer nope" }, { Authorization: "Bearer" }]) {
      const res = await sim.api("GET", "/v1/servers", { key: null, headers });
      expect(res.status, JSON.stringify(headers)).to.equal(401);
      const e = await error(res);
      expect(e.code).to.equal("UNAUTHORIZED");
      expect(e.message).to.be.a("string").with.length.above(0);
    }
  });

  it("lets a read key list but answers 403 FORBIDDEN naming both levels on writes", async () => {
    expect((await sim.api("GET", "/v1/servers", { key: KEYS.read })).status).to.equal(200);
    const res = await sim.api("POST", "/v1/servers", { key: KEYS.read, body: sim.createBody() });
    expect(res.status).to.equal(403);
    const e = await error(res);
    expect(e.code).to.equal("FORBIDDEN");
    expect(e.message).to.contain("read").and.to.contain("write");
    expect(await sim.rawServers()).to.deep.equal([]);
    expect((await sim.api("POST", "/v1/webhooks", { key: KEYS.read, body: { url: "http://x.test/", events: ["server.created"], secret: "s" } })).status).to.equal(403);
  });

  it("lets a write key create and delete", async () => {
    const res = await sim.api("POST", "/v1/servers", { key: KEYS.write, body: sim.createBody() });
    expect(res.status).to.equal(shape === "A" ? 202 : 201);
    const id = unwrapServer(shape, await res.json()).id;
    expect((await sim.api("DELETE", `/v1/servers/${id}`, { key: KEYS.write })).status).to.equal(204);
    expect((await sim.rawServers()).find((s) => s.id === id).deleted_at, "deleted_at").to.not.equal(null);
  });

  it("refuses a revoked key at once", async () => {
    await sim.addKey({ key: "short-lived", permission: "full" });
    expect((await sim.api("GET", "/v1/account", { key: "short-lived" })).status).to.equal(200);
    await sim.revokeKey("short-lived");
    const res = await sim.api("GET", "/v1/account", { key: "short-lived" });
    expect(res.status).to.equal(401);
    expect((await error(res)).message).to.contain("revoked");
  });

  it("checks the key before the route: an unknown path with no key is 401, with a key 404", async () => {
    expect((await sim.api("GET", "/v1/nothing", { key: null })).status).to.equal(401);
    const res = await sim.api("GET", "/v1/nothing");
    expect(res.status).to.equal(404);
    expect((await error(res)).code).to.equal("NOT_FOUND");
  });
});
