// The simulator's server routes in both shapes: a create with its shape's status, estimate and
// create fields (any other refused by name), a get without user_data, a 404 for an unknown id, a
// PATCH of label and tags only, and a delete answered 204, then terminated, then gone.
import { expect } from "chai";
import { describeShapes, unwrapList, unwrapServer } from "../helpers/simulator";

describeShapes("simulator: servers", {}, (sim, shape) => {
  const create = async (overrides: Record<string, unknown> = {}): Promise<any> => {
    const res = await sim.api("POST", "/v1/servers", { body: sim.createBody(overrides) });
    expect(res.status).to.equal(shape === "A" ? 202 : 201);
    return unwrapServer(shape, await res.json());
  };

  it(`creates a server with ${shape === "A" ? "202 and status pending" : "201 and status starting"} and the estimate`, async () => {
    // tags are a create field of shape A only; B sets them with PATCH (the spec's create table).
    const s = await create({ label: "web-1", ssh_key_ids: ["k1"], ...(shape === "A" ? { tags: ["a", "b"] } : {}) });
    expect(s.status).to.equal(shape === "A" ? "pending" : "starting");
    expect(s.label).to.equal("web-1");
    expect(s.main_ip).to.match(/^\d+\.\d+\.\d+\.\d+$/);
    expect(s.estimated_provisioning_seconds).to.be.closeTo(0.15, 1e-9);
    expect(s.tags).to.deep.equal(shape === "A" ? ["a", "b"] : []);
    expect(s.ssh_key_ids).to.deep.equal(["k1"]);
    if (shape === "A") {
      expect(s).to.include({ vcpu_count: 1, ram: 1024, disk: 25, os: "Ubuntu 24.04 LTS x64", os_id: 2284, backups: "disabled" });
      expect(s.date_created).to.match(/^\d{4}-\d\d-\d\dT.*Z$/);
    } else {
      expect(s).to.include({ vcpus: 1, ram_gb: 1, disk_gb: 25, price_per_hour: "0.0070", os: "ubuntu-24.04", backups: false });
      expect(s.created_at).to.match(/^\d{4}-\d\d-\d\dT.*Z$/);
    }
  });

  it("gets a server in the single envelope, without user_data or the estimate", async () => {
    // user_data is a create field of shape B only.
    const created = await create(shape === "B" ? { user_data: "#!/bin/sh\necho hi" } : {});
    const res = await sim.api("GET", `/v1/servers/${created.id}`);
    expect(res.status).to.equal(200);
    const body = (await res.json()) as any;
    expect(Object.keys(body)).to.deep.equal([shape === "A" ? "server" : "data"]);
    const s = unwrapServer(shape, body);
    expect(s.id).to.equal(created.id);
    expect(s).to.not.have.property("user_data");
    expect(s).to.not.have.property("estimated_provisioning_seconds");
    const raw = (await sim.rawServers()).find((x) => x.id === created.id);
    expect(raw.user_data).to.equal(shape === "B" ? "#!/bin/sh\necho hi" : null);
  });

  it(`records ${shape === "A" ? "backups and hostname" : "backups and ddos protection"} as given (its shape's create fields)`, async () => {
    const s = await create(shape === "A" ? { backups: "enabled", hostname: "web-1.example" } : { backups: true, ddos_protection: true });
    expect(s.backups).to.equal(shape === "A" ? "enabled" : true);
    expect(s.ddos_protection).to.equal(shape === "B");
    if (shape === "A") expect(s.hostname).to.equal("web-1.example");
  });

  const foreign = shape === "A" ? ["user_data", "ddos_protection"] : ["hostname", "tags"];
  for (const field of foreign) {
    it(`refuses the create field ${field}, which shape ${shape}'s table does not list, naming it (400)`, async () => {
      const value = field === "tags" ? ["x"] : field === "ddos_protection" ? true : "x";
      const res = await sim.api("POST", "/v1/servers", { body: sim.createBody({ [field]: value }) });
      expect(res.status).to.equal(400);
      expect(((await res.json()) as any).error).to.include({ code: "INVALID_REQUEST", field });
      expect(await sim.liveServers()).to.have.length(0);
    });
  }

  it("refuses a field no shape lists, naming it and the shape's fields", async () => {
    const res = await sim.api("POST", "/v1/servers", { body: sim.createBody({ colour: "blue" }) });
    expect(res.status).to.equal(400);
    const error = ((await res.json()) as any).error;
    expect(error).to.include({ field: "colour" });
    expect(error.message).to.match(new RegExp(`colour is not a create field of this API version \\(shape ${shape}\\); it takes region, plan`));
  });

  it("answers 404 with the error object for an unknown id", async () => {
    const res = await sim.api("GET", "/v1/servers/nope");
    expect(res.status).to.equal(404);
    expect(((await res.json()) as any).error.code).to.equal("NOT_FOUND");
  });

  it("patches label and tags, refuses other fields with 400 naming them", async () => {
    const s = await create();
    const res = await sim.api("PATCH", `/v1/servers/${s.id}`, { body: { label: "renamed", tags: ["x"] } });
    expect(res.status).to.equal(200);
    expect(unwrapServer(shape, await res.json())).to.include({ label: "renamed" });
    const bad = await sim.api("PATCH", `/v1/servers/${s.id}`, { body: { plan: "vc2-2c-4gb" } });
    expect(bad.status).to.equal(400);
    expect(((await bad.json()) as any).error).to.include({ code: "INVALID_REQUEST", field: "plan" });
    const after = unwrapServer(shape, await (await sim.api("GET", `/v1/servers/${s.id}`)).json());
    expect(after).to.include({ label: "renamed", plan: "vc2-1c-1gb" });
    expect(after.tags).to.deep.equal(["x"]);
  });

  it("deletes with 204 and no body; terminated for a while, then 404 and gone from lists", async () => {
    const s = await create();
    const res = await sim.api("DELETE", `/v1/servers/${s.id}`);
    expect(res.status).to.equal(204);
    expect(await res.text()).to.equal("");
    const during = unwrapServer(shape, await (await sim.api("GET", `/v1/servers/${s.id}`)).json());
    expect(during.status).to.equal("terminated");
    const listed = unwrapList(shape, await (await sim.api("GET", "/v1/servers")).json());
    expect(listed.items).to.deep.equal([]);
    expect(listed.total).to.equal(0);
    await sim.waitForStatus(s.id, "http 404");
    const raw = (await sim.rawServers()).find((x) => x.id === s.id);
    expect(raw.status).to.equal("terminated");
    expect(raw.deleted_at).to.be.a("string");
  });
});
