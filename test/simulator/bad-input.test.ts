// The simulator's answers to bad input in both shapes: malformed JSON, a wrong Content-Type,
// missing or mistyped fields, the other shape's OS field, an unknown region, plan or OS, a long
// label and a body over 1 MiB, each refused with its status, naming the field.
import { expect } from "chai";
import { describeShapes, unwrapServer } from "../helpers/simulator";

describeShapes("simulator: bad input", {}, (sim, shape) => {
  const refused = async (res: Response, status: number, code: string, field?: string): Promise<any> => {
    expect(res.status).to.equal(status);
    const { error } = (await res.json()) as any;
    expect(error.code).to.equal(code);
    if (field !== undefined) expect(error.field).to.equal(field);
    expect(error.message).to.be.a("string").with.length.above(0);
    return error;
  };
  const osField = shape === "A" ? "os_id" : "os";

  afterEach(async () => {
    // No refusal may change state, and the process must still answer.
    expect(await sim.rawServers()).to.deep.equal([]);
    expect((await sim.api("GET", "/v1/regions")).status).to.equal(200);
  });

  it("answers malformed JSON with 400 INVALID_JSON", async () => {
    await refused(await sim.api("POST", "/v1/servers", { body: "{\"region\": ", headers: { "Content-Type": "application/json" } }), 400, "INVALID_JSON");
    await refused(await sim.api("POST", "/v1/servers", { body: "[1,2]", headers: { "Content-Type": "application/json" } }), 400, "INVALID_JSON");
    await refused(await sim.api("POST", "/v1/servers", { body: "", headers: { "Content-Type": "application/json" } }), 400, "INVALID_JSON");
  });

  it("answers a missing or wrong Content-Type with 415", async () => {
    const text = JSON.stringify(sim.createBody());
    await refused(await sim.api("POST", "/v1/servers", { body: text, headers: { "Content-Type": "text/plain" } }), 415, "UNSUPPORTED_MEDIA_TYPE");
    const res = await fetch(`${sim.url}/v1/servers`, { method: "POST", headers: { Authorization: "Bearer test-full-key" }, body: Buffer.from(text) });
    await refused(res, 415, "UNSUPPORTED_MEDIA_TYPE");
    const ok = await sim.api("POST", "/v1/servers", { body: text, headers: { "Content-Type": "application/json; charset=utf-8" } });
    expect(ok.status).to.equal(shape === "A" ? 202 : 201);
    await sim.reset();
  });

  it("answers missing required fields with 400 naming the field", async () => {
    for (const field of ["region", "plan", osField]) {
      const body = sim.createBody();
      delete body[field];
      await refused(await sim.api("POST", "/v1/servers", { body }), 400, "INVALID_REQUEST", field);
    }
  });

  it("answers wrong field types with 400 naming the field", async () => {
    const cases: [string, unknown][] = [
      ["region", 5], ["plan", null], ["label", 12], ["tags", "web"], ["tags", [1]], ["ssh_key_ids", {}],
      ["ddos_protection", "yes"], ["hostname", false], ["user_data", []],
      [osField, shape === "A" ? "2284" : 2284],
      ["backups", shape === "A" ? true : "enabled"],
    ];
    if (shape === "A") cases.push(["os_id", 22.5]);
    for (const [field, value] of cases) {
      await refused(await sim.api("POST", "/v1/servers", { body: sim.createBody({ [field]: value }) }), 400, "INVALID_REQUEST", field);
    }
  });

  it("refuses the other shape's OS field", async () => {
    const other = shape === "A" ? { os: "ubuntu-24.04" } : { os_id: 2284 };
    const e = await refused(await sim.api("POST", "/v1/servers", { body: { ...sim.createBody(), ...other } }), 400, "INVALID_REQUEST", "os_id");
    if (shape === "B") expect(e.message).to.equal("os_id was renamed to os (slug) in v1.6");
  });

  it("answers unknown region, plan or OS, and a plan not offered in the region, with 422 naming the field", async () => {
    await refused(await sim.api("POST", "/v1/servers", { body: sim.createBody({ region: "mars" }) }), 422, "VALIDATION_FAILED", "region");
    await refused(await sim.api("POST", "/v1/servers", { body: sim.createBody({ plan: "huge" }) }), 422, "VALIDATION_FAILED", "plan");
    await refused(await sim.api("POST", "/v1/servers", { body: sim.createBody({ [osField]: shape === "A" ? 9999 : "plan9" }) }), 422, "VALIDATION_FAILED", osField);
    const e = await refused(await sim.api("POST", "/v1/servers", { body: sim.createBody({ region: "jnb", plan: "vdc-2c-8gb" }) }), 422, "VALIDATION_FAILED", "plan");
    expect(e.message).to.contain("jnb");
  });

  it("refuses a label over 255 characters on create and on patch", async () => {
    await refused(await sim.api("POST", "/v1/servers", { body: sim.createBody({ label: "x".repeat(256) }) }), 422, "VALIDATION_FAILED", "label");
    const ok = await sim.api("POST", "/v1/servers", { body: sim.createBody({ label: "x".repeat(255) }) });
    const s = unwrapServer(shape, await ok.json());
    await refused(await sim.api("PATCH", `/v1/servers/${s.id}`, { body: { label: "y".repeat(256) } }), 422, "VALIDATION_FAILED", "label");
    expect(unwrapServer(shape, await (await sim.api("GET", `/v1/servers/${s.id}`)).json()).label).to.equal("x".repeat(255));
    await sim.reset();
  });

  it("answers a body over 1 MiB with 413, and survives garbage on the socket", async () => {
    await refused(await sim.api("POST", "/v1/servers", { body: JSON.stringify({ label: "x".repeat(1100 * 1024) }) }), 413, "PAYLOAD_TOO_LARGE");
    const net = await import("net");
    await new Promise<void>((resolve) => {
      const sock = net.connect(sim.port, "127.0.0.1", () => sock.write("NOT HTTP AT ALL\r\n\r\n"));
      sock.on("data", () => sock.destroy());
      sock.on("close", () => resolve());
      sock.on("error", () => resolve());
    });
  });
});
