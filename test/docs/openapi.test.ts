// docs/openapi.yaml and the code say the same: the simulator's routes are the document's
// operations, and every table of protocol/ and every record the simulator renders equals the
// document's schema.
//
// docs/openapi.yaml and the code say the same: the simulator's routes are the document's
// operations, and every table of protocol/ (create and PATCH fields, envelope keys, error
// codes, events, headers) and every record the simulator renders equals the document's
// schema, so that neither can change without the other.
import { expect } from "chai";
import { ERROR_CODES } from "../../protocol/errors";
import { WEBHOOK_EVENTS } from "../../protocol/events";
import { IDEMPOTENCY_KEY, RATE_LIMIT_HEADERS } from "../../protocol/headers";
import { CREATE_FIELDS, ENVELOPE_KEYS, PATCH_FIELDS, type ApiShape } from "../../protocol/shapes";
import { SIGNATURE_HEADER } from "../../protocol/signature";
import { ACCOUNT, OS_IMAGES, PLANS, REGIONS } from "../../simulator/catalogue-data";
import { serverFields, webhookFields } from "../../simulator/http/envelope";
import { buildApiRouter } from "../../simulator/server";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from "../../simulator/server-list";
import type { ServerRecord } from "../../simulator/store/types";
import { startSimulator } from "pulumi-hosting/simulator";
import { loadOpenApi, operationsOf, resolveRef, shapeDocument } from "../helpers/openapi";

const doc = loadOpenApi();
const schemas = doc.components.schemas;
const props = (name: string): string[] => Object.keys(schemas[name].properties);
const SHAPES: ApiShape[] = ["A", "B"];

/** Every operation object with its name. */
function operations(d: any): Array<[string, any]> {
  return operationsOf(d).map((name) => {
    const [method, route] = name.split(" ");
    const p = route.slice(3).replace(/:(\w+)/g, "{$1}");
    return [name, d.paths[p][method.toLowerCase()]];
  });
}

const RECORD: ServerRecord = {
  seq: 1, id: "6f1c0a0e-0000-4000-8000-000000000001", label: "web", status: "active", region: "ewr", plan: PLANS[0].id,
  os_id: OS_IMAGES[0].id, main_ip: "45.76.1.2", hostname: "web", tags: ["a"], backups: true, ddos_protection: false,
  ssh_key_ids: [], user_data: "#!/bin/sh", created_at: "2026-01-01T00:00:00.000Z", next: null, deleted_at: null,
  gone: false, created_by_request: "req_1",
};

describe("docs/openapi.yaml and the code agree", () => {
  it("the simulator's /v1 routes are the document's operations", async () => {
    const sim = await startSimulator({ seed: 1 });
    try {
      const routes = buildApiRouter(sim.admin.sim).list();
      expect([...routes].sort()).to.deep.equal(operationsOf(doc).sort());
    } finally {
      await sim.close();
    }
  });

  it("the create fields of each shape and the PATCH fields are protocol/shapes.ts's tables", () => {
    expect(props("CreateServerA")).to.deep.equal([...CREATE_FIELDS.A]);
    expect(props("CreateServerB")).to.deep.equal([...CREATE_FIELDS.B]);
    expect(props("UpdateServer")).to.deep.equal([...PATCH_FIELDS]);
  });

  it("the envelope keys of each shape's envelopes are protocol/shapes.ts's, every one marked with its shape", () => {
    for (const shape of SHAPES) {
      const envelopes = Object.entries<any>(schemas).filter(([name]) => /(Envelope|List)[AB]$|^Created/.test(name) && name.endsWith(shape));
      expect(envelopes.length, `shape ${shape} envelopes`).to.equal(7);
      for (const [name, s] of envelopes) expect(s["x-shape"], name).to.equal(shape);
      const keys = new Set(envelopes.map(([, s]) => s.required[0]));
      expect([...keys].sort(), `shape ${shape}`).to.deep.equal([...new Set(Object.values(ENVELOPE_KEYS).map((k) => k[shape]))].sort());
    }
  });

  it("the error codes are protocol/errors.ts's, the events protocol/events.ts's", () => {
    expect(schemas.Error.properties.error.properties.code.enum).to.deep.equal(Object.values(ERROR_CODES));
    expect(schemas.WebhookEvent.enum).to.deep.equal([...WEBHOOK_EVENTS]);
  });

  it("every answer of every operation lists the three rate-limit headers; every POST takes Idempotency-Key", () => {
    expect(Object.keys(doc.components.headers).filter((h) => h.startsWith("X-RateLimit-"))).to.deep.equal([...RATE_LIMIT_HEADERS]);
    expect(doc.components.parameters.IdempotencyKey.name).to.equal(IDEMPOTENCY_KEY);
    for (const [name, op] of operations(doc)) {
      for (const [status, response] of Object.entries<any>(op.responses)) {
        const r = response.$ref ? resolveRef(doc, response.$ref) : response;
        expect(Object.keys(r.headers ?? {}), `${name} ${status}`).to.include.members([...RATE_LIMIT_HEADERS]);
      }
      const params = (op.parameters ?? []).map((p: any) => (p.$ref ? resolveRef(doc, p.$ref) : p).name);
      if (name.startsWith("POST ")) expect(params, name).to.include(IDEMPOTENCY_KEY);
    }
    const delivery = doc.webhooks.event.post.parameters.map((p: any) => p.name);
    expect(delivery).to.include(SIGNATURE_HEADER);
  });

  it("the server record the simulator renders has exactly the fields of ServerA / ServerB", () => {
    const optional = ["estimated_provisioning_seconds"];
    for (const shape of SHAPES) {
      const s = schemas[`Server${shape}`];
      expect(Object.keys(serverFields(RECORD, { shape, hidden: [] })), `Server${shape}`).to.deep.equal(props(`Server${shape}`).filter((k) => !optional.includes(k)));
      expect(s.required, `Server${shape} requires every field it returns`).to.deep.equal(Object.keys(serverFields(RECORD, { shape, hidden: [] })));
    }
  });

  it("the catalogue, account and webhook records have exactly the fields of their schemas", () => {
    expect(Object.keys(REGIONS[0])).to.deep.equal(props("Region"));
    expect(Object.keys(PLANS[0])).to.deep.equal(props("Plan"));
    expect(Object.keys(OS_IMAGES[0])).to.deep.equal(props("OsImage"));
    expect(Object.keys(ACCOUNT)).to.deep.equal(props("Account"));
    const webhook = { id: "w", url: "http://127.0.0.1/", events: ["server.created"], secret: "s", created_at: RECORD.created_at, deleted_at: null };
    expect(Object.keys(webhookFields(webhook))).to.deep.equal(props("Webhook"));
  });

  it("per_page's default and maximum are the simulator's", () => {
    expect(doc.components.parameters.PerPage.schema).to.include({ default: DEFAULT_PER_PAGE, maximum: MAX_PER_PAGE });
  });

  it("each shape's document keeps every operation and nothing of the other shape", () => {
    for (const shape of SHAPES) {
      const d = shapeDocument(doc, shape);
      expect(operationsOf(d)).to.deep.equal(operationsOf(doc));
      const text = JSON.stringify(d);
      expect(text, `shape ${shape}`).not.to.include(`"x-shape":"${shape === "A" ? "B" : "A"}"`);
      const create = d.paths["/servers"].post;
      expect(Object.keys(create.responses)).to.include(shape === "A" ? "202" : "201").and.not.include(shape === "A" ? "201" : "202");
      expect(create.requestBody.content["application/json"].schema.oneOf).to.have.length(1);
    }
  });
});
