// Every answer of every /v1 route of the simulator (success, 400, 401, 403, 404, 413, 415, 429, an
// injected 503), with an unlimited, a limited and no key, carries all three X-RateLimit-* headers,
// in both shapes.
//
// The hidden-probe check of the spec's rate limits ("every response carries these
// headers"): walks every /v1 route of the simulator's own route table through every answer
// it can give a client (success, 400, 401, 403, 404, 413, 415, 429, an injected 503) with an
// enterprise (unlimited), a default-tier-like and no key, and asserts all three
// X-RateLimit-* headers on each answer. Both shapes. Also: a malformed path encoding is a 400
// error object, after authentication.
import { expect } from "chai";
import { RATE_LIMIT_HEADERS } from "../../protocol/headers";
import { buildApiRouter } from "../../simulator/server";
import { KEYS, describeShapes, type TestSimulator } from "../helpers/simulator";

/** A concrete path for a route pattern: `:id` etc. become `segment`. */
function pathOf(pattern: string, segment = "does-not-exist"): string {
  return pattern.replace(/:[a-z_]+/gi, segment);
}

interface Seen {
  route: string;
  probe: string;
  status: number;
}

async function probe(sim: TestSimulator, seen: Seen[], route: string, name: string, send: () => Promise<Response>): Promise<Response> {
  const res = await send();
  await res.arrayBuffer();
  for (const h of RATE_LIMIT_HEADERS) {
    const v = res.headers.get(h);
    expect(v, `${route} [${name}] answered ${res.status} without ${h}`).to.be.a("string");
    expect(v!, `${route} [${name}] ${h}`).to.match(/^\d+$/);
  }
  seen.push({ route, probe: name, status: res.status });
  return res;
}

describeShapes("simulator: every /v1 answer carries the three X-RateLimit-* headers (header walk)", {}, (sim) => {
  it("walks every route × answer and finds all three headers on each", async () => {
    const routes = buildApiRouter(sim.handle.admin.sim).list();
    expect(routes.length, "the route table is not empty").to.be.above(10);
    const seen: Seen[] = [];
    let n = 0;
    for (const route of routes) {
      const [method, pattern] = route.split(" ");
      const path = pathOf(pattern);
      const walk = (name: string, send: () => Promise<Response>) => probe(sim, seen, route, name, send);
      const withBody = method === "POST" || method === "PATCH" || method === "PUT";
      const body = withBody ? {} : undefined;
      await walk("enterprise key", () => sim.api(method, path, { body }));
      await walk("no key", () => sim.api(method, path, { key: null, body }));
      await walk("read key", () => sim.api(method, path, { key: KEYS.read, body }));
      await walk("not JSON", () => sim.api(method, path, { body: withBody ? "x" : undefined, headers: { "Content-Type": "text/plain" } }));
      if (withBody) await walk("over 1 MB", () => sim.api(method, path, { body: "x".repeat(1024 * 1024 + 10), headers: { "Content-Type": "application/json" } }));
      if (pattern.includes(":")) await walk("bad encoding", () => sim.api(method, pathOf(pattern, "%zz"), { body }));
      const limited = `walk-${++n}`;
      await sim.addKey({ key: limited, permission: "full", tier: "custom", limit: 1, burst: 1 });
      await walk("limited key", () => sim.api(method, path, { key: limited, body }));
      await walk("limited key, again", () => sim.api(method, path, { key: limited, body }));
      await sim.setFaults([{ route, errorRate: 1, errorStatuses: [503] }]);
      await walk("injected 503", () => sim.api(method, path, { body }));
      await sim.setFaults([]);
    }
    await probe(sim, seen, "GET /v1/nowhere", "unknown path", () => sim.api("GET", "/v1/nowhere"));
    const statuses = new Set(seen.map((s) => s.status));
    for (const s of [200, 400, 401, 403, 404, 413, 415, 429, 503]) expect(statuses, `a ${s} was walked`).to.include(s);
    expect(seen.some((s) => s.status >= 200 && s.status < 300 && s.probe === "enterprise key")).to.equal(true);
    console.log(`      header walk: ${routes.length} routes, ${seen.length} answers, statuses ${[...statuses].sort().join(", ")}`);
  });

  it("answers a malformed path encoding with a 400 error object, after authentication", async () => {
    const anonymous = await sim.api("GET", "/v1/servers/%zz", { key: null });
    expect(anonymous.status, "auth comes first").to.equal(401);
    const res = await sim.api("GET", "/v1/servers/%zz");
    expect(res.status).to.equal(400);
    const body = (await res.json()) as { error: { code: string; field: string; message: string } };
    expect(body.error).to.include({ code: "INVALID_REQUEST", field: "id" });
    expect(body.error.message).to.match(/path segment "%zz" \(id\) is not valid percent-encoding/);
  });

  it("sends Limit 0, Remaining 0 and Reset now for an unlimited key, and a fresh default bucket on 401", async () => {
    const sent = Date.now();
    const ent = await sim.api("GET", "/v1/regions");
    const answered = Date.now();
    expect([ent.headers.get("x-ratelimit-limit"), ent.headers.get("x-ratelimit-remaining")]).to.deep.equal(["0", "0"]);
    expect(Number(ent.headers.get("x-ratelimit-reset"))).to.be.within(Math.floor(sent / 1000), Math.floor(answered / 1000));
    const anon = await sim.api("GET", "/v1/regions", { key: "not-a-key" });
    expect(anon.status).to.equal(401);
    expect([anon.headers.get("x-ratelimit-limit"), anon.headers.get("x-ratelimit-remaining")]).to.deep.equal(["60", "100"]);
  });
});
