// A name of an Object.prototype member is an unknown value like any other, both shapes.
// A value that names a member of Object.prototype (`constructor`, `__proto__`, `toString`, ...)
// is answered as an unknown value: every query parameter, path segment, body value and
// body field name that the simulator looks up by name, on the API and the admin API, answers
// such a name exactly as it answers `no-such-name` (same status, same body but for the name),
// never a 500 and never an acceptance an unknown name does not get. A key spec handed to
// startSimulator is refused on such a tier or permission as on an unknown one. Both shapes.
import { expect } from "chai";
import { startSimulator } from "pulumi-hosting/simulator";
import { PROTOTYPE_NAMES, UNKNOWN_NAME as UNKNOWN } from "../helpers/hostile-values";
import { describeShapes, type TestSimulator, type TestShape } from "../helpers/simulator";

const NAME_MARK = "<NAME>";

/** The ids a probe may aim at: two servers and a webhook, made before each test. */
interface Fixture {
  serverId: string;
  webhookId: string;
  key: string;
}

interface Probe {
  /** What is sent; NAME stands where the name goes. */
  what: string;
  /** What an unknown name gets: the status and, for a refusal, the error code and field. */
  unknown: { status: number; code?: string; field?: string | typeof NAME_MARK };
  send(sim: TestSimulator, name: string, f: Fixture): Promise<Response>;
}

const get = (path: string) => (sim: TestSimulator): Promise<Response> => sim.api("GET", path);
const query = (path: string, param: string): Probe["send"] => (sim, name) => sim.api("GET", `${path}?${param}=${encodeURIComponent(name)}`);
const admin = (sim: TestSimulator, method: string, path: string, body?: unknown): Promise<Response> =>
  fetch(`${sim.url}/_sim${path}`, { method, headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
/** `{ [name]: value }` as an own field, `__proto__` included (a computed key defines, never sets a prototype). */
const field = (name: string, value: unknown): Record<string, unknown> => ({ [name]: value });

function probes(shape: TestShape): Probe[] {
  const osField = shape === "A" ? "os_id" : "os";
  const list: Probe[] = [
    { what: "GET /v1/servers?sort=NAME", unknown: { status: 400, code: "INVALID_REQUEST", field: "sort" }, send: query("/v1/servers", "sort") },
    { what: "GET /v1/servers?sort=NAME&order=desc", unknown: { status: 400, code: "INVALID_REQUEST", field: "sort" },
      send: (sim, name) => sim.api("GET", `/v1/servers?sort=${encodeURIComponent(name)}&order=desc`) },
    { what: "GET /v1/servers?order=NAME", unknown: { status: 400, code: "INVALID_REQUEST", field: "order" }, send: query("/v1/servers", "order") },
    { what: "GET /v1/servers?cursor=NAME", unknown: { status: 400, code: "INVALID_REQUEST", field: "cursor" }, send: query("/v1/servers", "cursor") },
    { what: "GET /v1/servers?per_page=NAME", unknown: { status: 400, code: "INVALID_REQUEST", field: "per_page" }, send: query("/v1/servers", "per_page") },
    { what: "GET /v1/servers?page=NAME", unknown: { status: 400, code: "INVALID_REQUEST", field: "page" }, send: query("/v1/servers", "page") },
    { what: "GET /v1/servers?label=NAME", unknown: { status: 200 }, send: query("/v1/servers", "label") },
    { what: "GET /v1/servers?region=NAME", unknown: { status: 200 }, send: query("/v1/servers", "region") },
    { what: "GET /v1/servers?tag=NAME", unknown: { status: 200 }, send: query("/v1/servers", "tag") },
    { what: "GET /v1/plans?type=NAME", unknown: { status: 200 }, send: query("/v1/plans", "type") },
    { what: "GET /v1/plans?region=NAME", unknown: { status: 200 }, send: query("/v1/plans", "region") },
    { what: "GET /v1/servers/NAME", unknown: { status: 404, code: "NOT_FOUND" }, send: (sim, name) => get(`/v1/servers/${name}`)(sim) },
    { what: "PATCH /v1/servers/NAME", unknown: { status: 404, code: "NOT_FOUND" }, send: (sim, name) => sim.api("PATCH", `/v1/servers/${name}`, { body: { label: "x" } }) },
    { what: "DELETE /v1/servers/NAME", unknown: { status: 404, code: "NOT_FOUND" }, send: (sim, name) => sim.api("DELETE", `/v1/servers/${name}`) },
    { what: "POST /v1/servers/NAME/stop", unknown: { status: 404, code: "NOT_FOUND" }, send: (sim, name) => sim.api("POST", `/v1/servers/${name}/stop`) },
    { what: "POST /v1/servers/:id/NAME", unknown: { status: 404, code: "NOT_FOUND" }, send: (sim, name, f) => sim.api("POST", `/v1/servers/${f.serverId}/${name}`) },
    { what: "POST /v1/servers { region: NAME }", unknown: { status: 422, code: "VALIDATION_FAILED", field: "region" },
      send: (sim, name) => sim.api("POST", "/v1/servers", { body: sim.createBody({ region: name }) }) },
    { what: "POST /v1/servers { plan: NAME }", unknown: { status: 422, code: "VALIDATION_FAILED", field: "plan" },
      send: (sim, name) => sim.api("POST", "/v1/servers", { body: sim.createBody({ plan: name }) }) },
    { what: `POST /v1/servers { ${osField}: NAME }`, unknown: shape === "A" ? { status: 400, code: "INVALID_REQUEST", field: "os_id" } : { status: 422, code: "VALIDATION_FAILED", field: "os" },
      send: (sim, name) => sim.api("POST", "/v1/servers", { body: sim.createBody({ [osField]: name }) }) },
    { what: "POST /v1/servers { NAME: 1 }", unknown: { status: 400, code: "INVALID_REQUEST", field: NAME_MARK },
      send: (sim, name) => sim.api("POST", "/v1/servers", { body: { ...sim.createBody(), ...field(name, 1) } }) },
    { what: "PATCH /v1/servers/:id { NAME: 1 }", unknown: { status: 400, code: "INVALID_REQUEST", field: NAME_MARK },
      send: (sim, name, f) => sim.api("PATCH", `/v1/servers/${f.serverId}`, { body: field(name, 1) }) },
    { what: "GET /v1/webhooks/NAME", unknown: { status: 404, code: "NOT_FOUND" }, send: (sim, name) => get(`/v1/webhooks/${name}`)(sim) },
    { what: "PATCH /v1/webhooks/NAME", unknown: { status: 404, code: "NOT_FOUND" }, send: (sim, name) => sim.api("PATCH", `/v1/webhooks/${name}`, { body: {} }) },
    { what: "DELETE /v1/webhooks/NAME", unknown: { status: 404, code: "NOT_FOUND" }, send: (sim, name) => sim.api("DELETE", `/v1/webhooks/${name}`) },
    { what: "POST /v1/webhooks { events: [NAME] }", unknown: { status: 422, code: "VALIDATION_FAILED", field: "events" },
      send: (sim, name) => sim.api("POST", "/v1/webhooks", { body: { url: "http://127.0.0.1:9/hook", events: [name], secret: "s" } }) },
    { what: "PATCH /v1/webhooks/:id { events: [NAME] }", unknown: { status: 422, code: "VALIDATION_FAILED", field: "events" },
      send: (sim, name, f) => sim.api("PATCH", `/v1/webhooks/${f.webhookId}`, { body: { events: [name] } }) },
    { what: "PATCH /v1/webhooks/:id { NAME: 1 }", unknown: { status: 400, code: "INVALID_REQUEST", field: NAME_MARK },
      send: (sim, name, f) => sim.api("PATCH", `/v1/webhooks/${f.webhookId}`, { body: field(name, 1) }) },
    { what: "Authorization: Bearer NAME", unknown: { status: 401, code: "UNAUTHORIZED" }, send: (sim, name) => sim.api("GET", "/v1/regions", { key: name }) },
    { what: "Idempotency-Key: NAME, reused with another body", unknown: { status: 409, code: "IDEMPOTENCY_KEY_REUSED" },
      send: async (sim, name) => {
        await sim.api("POST", "/v1/servers", { body: sim.createBody({ region: "mars" }), headers: { "Idempotency-Key": name } });
        return sim.api("POST", "/v1/servers", { body: sim.createBody({ region: "pluto" }), headers: { "Idempotency-Key": name } });
      } },
    { what: "admin PATCH /_sim/keys/NAME", unknown: { status: 404, code: "NOT_FOUND" }, send: (sim, name) => admin(sim, "PATCH", `/keys/${name}`, { tier: "pro" }) },
    { what: "admin DELETE /_sim/keys/NAME", unknown: { status: 404, code: "NOT_FOUND" }, send: (sim, name) => admin(sim, "DELETE", `/keys/${name}`) },
    { what: "admin POST /_sim/keys { permission: NAME }", unknown: { status: 400, code: "INVALID_REQUEST", field: "permission" },
      send: (sim, name) => admin(sim, "POST", "/keys", { key: "probe-key", permission: name }) },
    { what: "admin POST /_sim/keys { tier: NAME }", unknown: { status: 400, code: "INVALID_REQUEST", field: "tier" },
      send: (sim, name) => admin(sim, "POST", "/keys", { key: "probe-key", permission: "read", tier: name }) },
    { what: "admin PATCH /_sim/keys/:key { tier: NAME }", unknown: { status: 400, code: "INVALID_REQUEST", field: "tier" },
      send: (sim, name, f) => admin(sim, "PATCH", `/keys/${f.key}`, { tier: name }) },
    { what: "admin PUT /_sim/config { NAME: 1 }", unknown: { status: 200 }, send: (sim, name) => admin(sim, "PUT", "/config", field(name, 1)) },
    { what: "admin PUT /_sim/faults { rules: [{ errorStatuses: [NAME] }] }", unknown: { status: 400, code: "INVALID_REQUEST" },
      send: (sim, name) => admin(sim, "PUT", "/faults", { rules: [{ route: "/v1/account", errorRate: 1, errorStatuses: [name] }] }) },
    { what: "admin PATCH /_sim/servers/:id { status: NAME }", unknown: { status: 400, code: "INVALID_REQUEST", field: "status" },
      send: (sim, name, f) => admin(sim, "PATCH", `/servers/${f.serverId}`, { status: name }) },
    { what: "admin PATCH /_sim/servers/NAME", unknown: { status: 404, code: "NOT_FOUND" }, send: (sim, name) => admin(sim, "PATCH", `/servers/${name}`, { label: "x" }) },
    { what: "admin DELETE /_sim/servers/NAME", unknown: { status: 404, code: "NOT_FOUND" }, send: (sim, name) => admin(sim, "DELETE", `/servers/${name}`) },
    { what: "admin POST /_sim/events { event: NAME }", unknown: { status: 400, code: "INVALID_REQUEST", field: "event" },
      send: (sim, name) => admin(sim, "POST", "/events", { event: name, data: {} }) },
    { what: "admin PUT /_sim/health { rules: [{ mode: NAME }] }", unknown: { status: 400, code: "INVALID_REQUEST" },
      send: (sim, name, f) => admin(sim, "PUT", "/health", { rules: [{ server: f.serverId, mode: name }] }) },
    { what: "admin PUT /_sim/health { rules: [{ image: NAME }] }", unknown: { status: 400, code: "INVALID_REQUEST" },
      send: (sim, name) => admin(sim, "PUT", "/health", { rules: [{ image: name, mode: "never" }] }) },
    { what: "admin PUT /_sim/health { rules: [{ NAME: 1 }] }", unknown: { status: 400, code: "INVALID_REQUEST" },
      send: (sim, name, f) => admin(sim, "PUT", "/health", { rules: [{ server: f.serverId, mode: "never", ...field(name, 1) }] }) },
    { what: "GET /_health/NAME", unknown: { status: 404 }, send: (sim, name) => fetch(`${sim.url}/_health/${name}`) },
  ];
  return list;
}

/** An answer with the name it was asked about replaced by a mark, so two names' answers compare. */
async function answer(res: Response, name: string): Promise<{ status: number; body: string }> {
  return { status: res.status, body: (await res.text()).split(name).join(NAME_MARK) };
}

// Servers stay pending throughout, so two answers that list them compare equal.
describeShapes("simulator: names of Object.prototype members are unknown names", { provisionMs: 600_000 }, (sim, shape) => {
  let fixture: Fixture;
  beforeEach(async () => {
    const serverId = await sim.seedServer({ label: "b", tags: ["web"] });
    await sim.seedServer({ label: "a", region: "fra", plan: "vc2-1c-1gb" });
    const hook = await sim.api("POST", "/v1/webhooks", { body: { url: "http://127.0.0.1:9/hook", events: ["invoice.created"], secret: "s" } });
    const body = (await hook.json()) as any;
    const webhookId = (shape === "A" ? body.webhook : body.data).id as string;
    fixture = { serverId, webhookId, key: "test-read-key" };
  });

  for (const probe of probes(shape)) {
    it(`${probe.what}: a prototype name gets what an unknown name gets`, async () => {
      const expected = await answer(await probe.send(sim, UNKNOWN, fixture), UNKNOWN);
      expect(expected.status, `${probe.what} with ${UNKNOWN}: ${expected.body}`).to.equal(probe.unknown.status);
      if (probe.unknown.code !== undefined) {
        const { error } = JSON.parse(expected.body);
        expect(error.code).to.equal(probe.unknown.code);
        if (probe.unknown.field !== undefined) expect(error.field).to.equal(probe.unknown.field);
      }
      const differing: string[] = [];
      for (const name of PROTOTYPE_NAMES) {
        const got = await answer(await probe.send(sim, name, fixture), name);
        if (got.status !== expected.status || got.body !== expected.body) differing.push(`${name}: ${got.status} ${got.body.slice(0, 300)}`);
      }
      expect(differing, `${probe.what}: answers unlike ${UNKNOWN}'s ${expected.status} ${expected.body.slice(0, 300)}`).to.deep.equal([]);
      const serverErrors = Object.keys((await sim.stats()).byRoute).filter((route) => / 5\d\d$/.test(route));
      expect(serverErrors, "5xx answers counted").to.deep.equal([]);
    });
  }

  for (const part of ["tier", "permission"] as const) {
    it(`startSimulator refuses a key whose ${part} is a prototype name, as it refuses an unknown one`, async () => {
      const start = async (value: string): Promise<string> => {
        const spec = { key: "probe-key", permission: "read", tier: "default", [part]: value } as any;
        try {
          const started = await startSimulator({ shape, port: 0, keys: [spec] });
          await started.close();
          return "started";
        } catch (e) {
          return (e as Error).message.split(value).join(NAME_MARK);
        }
      };
      const expected = await start(UNKNOWN);
      expect(expected).to.match(new RegExp(`unknown ${part}`));
      for (const name of PROTOTYPE_NAMES) expect(await start(name), name).to.equal(expected);
    });
  }
});
