// The Server provider against the simulator in both shapes: check's defaults, the ownership tag
// kept out of `tags`, a create and a read that diff as no change (after a refresh and an import
// too), one list call per poll for every waiting server, label and tags by PATCH, and power state.
import { expect } from "chai";
import * as serverTyped from "../../../provider/server/provider";
import { UNKNOWN_VALUE } from "../../../provider/core/unknown";
import { countRequests, describeProviderShapes, rejection, serverNews, testWaiter, useSim } from "../harness";
import { loose } from "../../helpers/loose-provider";
import { unwrapServer } from "../../helpers/simulator";

const server = loose(serverTyped);

type Props = Record<string, any>;

describeProviderShapes((shape) => `Server provider against the simulator, shape ${shape}`, (sim, shape) => {
  // Each shape's own create inputs (the spec's create table): A has hostname, B has userData
  // and ddosProtection; check refuses the others at preview (see the shape-true tests below).
  const own: Props = shape === "A" ? { hostname: "web-1" } : { userData: "#!/bin/sh\necho hi" };
  const ddos: Props = shape === "B" ? { ddosProtection: true } : {};
  async function checked(overrides: Props = {}): Promise<Props> {
    const res = await server.check({}, serverNews(overrides));
    expect(res.failures ?? [], JSON.stringify(res.failures)).to.deep.equal([]);
    return res.inputs as Props;
  }

  async function created(overrides: Props = {}): Promise<{ id: string; inputs: Props; outs: Props }> {
    const inputs = await checked(overrides);
    const res = await server.create(inputs);
    return { id: res.id, inputs, outs: { ...res.outs, __provider: inputs.__provider } };
  }

  it("check fills both os and osId from the catalogue, sorts tags and makes defaults explicit", async () => {
    const bySlug = await checked({ tags: ["web", "app"] });
    expect(bySlug).to.deep.include({ os: "ubuntu-24.04", osId: 2284, tags: ["app", "web"], sshKeyIds: [], backups: false,
      ddosProtection: false, powerState: "running", waitTimeoutSeconds: 600, label: "web-1", __provider: "SHELL" });
    const byId = await checked({ os: undefined, osId: 2284, tags: ["app", "web"] });
    expect(byId).to.deep.equal(bySlug);
  });

  it("keeps the ownership tag on the API's server but out of the tags output, and updates it in place", async () => {
    const { id, outs } = await created({ tags: ["web"], ownerTag: "pulumi-stack:proj/dev" });
    expect(outs).to.include({ ownerTag: "pulumi-stack:proj/dev" });
    expect(outs.tags).to.deep.equal(["web"]);
    const onApi = (await sim.rawServers()).find((s: any) => s.id === id);
    expect([...onApi!.tags].sort()).to.deep.equal(["pulumi-stack:proj/dev", "web"]);

    const read = await server.read(id, { __provider: "SHELL" });
    expect(read.props).to.deep.include({ ownerTag: "pulumi-stack:proj/dev", tags: ["web"] });

    const moved = await checked({ tags: ["web", "blue"], ownerTag: "pulumi-stack:proj/prod" });
    expect(await server.diff(id, outs, moved)).to.deep.include({ changes: true, replaces: [] });
    const updated = await server.update(id, outs, moved);
    expect(updated.outs).to.deep.include({ ownerTag: "pulumi-stack:proj/prod", tags: ["blue", "web"] });
    const after = (await sim.rawServers()).find((s: any) => s.id === id);
    expect([...after!.tags].sort()).to.deep.equal(["blue", "pulumi-stack:proj/prod", "web"]);
  });

  it("check refuses a tag listed twice, naming it", async () => {
    const res = await server.check({}, serverNews({ tags: ["web", "app", "web"] }));
    expect(res.failures).to.deep.equal([{ property: "tags", reason: 'tag "web" is listed twice; each tag must appear once' }]);
  });

  it("creates a server, waits for active, and reports the same outputs in both shapes", async () => {
    const { id, outs } = await created({ tags: ["b", "a"], ...own });
    expect(id).to.be.a("string").and.not.equal("");
    expect(outs).to.include({ status: "active", region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", osId: 2284,
      label: "web-1", vcpus: 1, ramGb: 1, diskGb: 25, powerState: "running", ...own });
    expect(outs.tags).to.deep.equal(["a", "b"]);
    expect(outs.osName).to.match(/Ubuntu 24\.04/);
    expect(outs.mainIp).to.match(/^\d+\.\d+\.\d+\.\d+$/);
    expect(outs.createdAt).to.match(/^\d{4}-\d\d-\d\dT/);
    expect(outs.pricePerHour).to.equal("0.0070");
    const raw = (await sim.rawServers()).find((s: any) => s.id === id);
    expect(raw.status).to.equal("active");
  });

  it("reads back exactly what create wrote, and the returned inputs diff as no change", async () => {
    const { id, inputs, outs } = await created({ tags: ["z", "y"], sshKeyIds: ["k2", "k1"], backups: true, ...ddos });
    const read = await server.read(id, outs);
    expect(read.id).to.equal(id);
    const { __provider: _p, ...written } = outs;
    expect(read.props).to.deep.equal(written);
    // The inputs as `check` made them: the host name the API chose is an output only.
    const { __provider: _q, ...normalInputs } = inputs;
    expect(outs.hostname).to.be.a("string").and.not.equal("");
    expect(read.inputs).to.deep.equal(normalInputs);
    expect((await server.check(read.inputs!, serverNews({ tags: ["y", "z"], sshKeyIds: ["k1", "k2"], backups: true, ...ddos }))).inputs)
      .to.deep.equal(inputs);
    const plan = await server.diff(id, read.props, inputs);
    expect(plan.changes).to.equal(false);
    expect(plan.replaces).to.deep.equal([]);
  });

  // The engine shows `preview --diff` as old inputs (read's, after a refresh) against new
  // inputs (check's): a key that only one side holds is printed as added or removed.
  const changedKeys = (a: Props, b: Props) =>
    [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).sort();

  it("after a refresh, a label change is the only change the inputs show (no host name the API chose)", async () => {
    const { id, outs } = await created({ tags: ["web"] });
    expect(outs.hostname, "the API chose a host name").to.be.a("string").and.not.equal("");
    const read = await server.read(id, outs);
    const news = (await server.check(read.inputs!, serverNews({ tags: ["web"], label: "web-1-renamed" }))).inputs as Props;
    const { __provider: _p, ...newInputs } = news;
    expect(changedKeys(read.inputs!, newInputs)).to.deep.equal(["label"]);
    // A second refresh reads from the refreshed outputs: still no host name in the inputs.
    const again = await server.read(id, { ...read.props, __provider: "SHELL" });
    expect(again.inputs).to.not.have.property("hostname");
    expect(again.props).to.deep.equal(read.props);
  });

  if (shape === "A") {
    it("after a refresh, a declared host name stays in the inputs, so it shows as no change either", async () => {
      const { id, outs } = await created({ hostname: "web-1" });
      const read = await server.read(id, outs);
      expect(read.inputs).to.include({ hostname: "web-1" });
      const news = (await server.check(read.inputs!, serverNews({ hostname: "web-1", label: "web-1-renamed" }))).inputs as Props;
      const { __provider: _p, ...newInputs } = news;
      expect(changedKeys(read.inputs!, newInputs)).to.deep.equal(["label"]);
      const again = await server.read(id, { ...read.props, __provider: "SHELL" });
      expect(again.inputs).to.include({ hostname: "web-1" });
    });
  }

  it("an import (read with nothing recorded) returns inputs that pass check and diff as no change", async () => {
    const id = await sim.seedServer({ label: "found", tags: ["x"] });
    await sim.waitForStatus(id, "active");
    const read = await server.read(id, {});
    expect(read.inputs).to.include({ ownerTag: "", label: "found", region: "ewr" });
    // Only fields this shape's create request takes: a program written from them must pass check.
    if (shape === "B") expect(read.inputs).to.not.have.property("hostname");
    const res = await server.check({}, { ...read.inputs, __provider: "SHELL" });
    expect(res.failures ?? [], JSON.stringify(res.failures)).to.deep.equal([]);
    const plan = await server.diff(id, read.props, res.inputs);
    expect(plan.changes).to.equal(false);
  });

  it("read returns an empty id for a server deleted behind Pulumi's back", async () => {
    const { id, outs } = await created();
    await sim.admin("DELETE", `/servers/${id}`);
    const read = await server.read(id, outs);
    expect(read.id).to.equal("");
  });

  it("coalesces concurrent reads into one list call", async () => {
    const made = await Promise.all([created({ label: "r1" }), created({ label: "r2" }), created({ label: "r3" })]);
    await sim.admin("POST", "/stats/reset");
    const reads = await Promise.all(made.map((m) => server.read(m.id, m.outs)));
    expect(reads.map((r) => r.props.label)).to.deep.equal(["r1", "r2", "r3"]);
    const stats = await sim.stats();
    expect(countRequests(stats, "GET /v1/servers")).to.equal(1);
    expect(countRequests(stats, "GET /v1/servers/:id")).to.equal(0);
  });

  it("one list call per poll serves every server waiting in the process", async () => {
    await sim.admin("POST", "/stats/reset");
    const waiter = testWaiter();
    const pollsBefore = waiter.polls;
    const made = await Promise.all([1, 2, 3, 4, 5].map((n) => created({ label: `w${n}` })));
    expect(made.every((m) => m.outs.status === "active")).to.equal(true);
    const stats = await sim.stats();
    const lists = countRequests(stats, "GET /v1/servers");
    expect(lists).to.equal(waiter.polls - pollsBefore);
    expect(lists).to.be.at.most(4, "five waiting servers must share their polls");
    expect(countRequests(stats, "GET /v1/servers/:id")).to.equal(0);
  });

  it("updates label and tags with one PATCH and no replacement", async () => {
    const { id, outs } = await created({ tags: ["a"] });
    const news = await checked({ label: "renamed", tags: ["c", "b"] });
    const plan = await server.diff(id, outs, news);
    expect(plan).to.deep.include({ changes: true, replaces: [] });
    await sim.admin("POST", "/stats/reset");
    const res = await server.update(id, outs, news);
    expect(res.outs).to.include({ label: "renamed", status: "active" });
    expect(res.outs.tags).to.deep.equal(["b", "c"]);
    const stats = await sim.stats();
    expect(countRequests(stats, "PATCH /v1/servers/:id")).to.equal(1);
    expect(countRequests(stats, "POST /v1/servers")).to.equal(0);
  });

  it("stops and starts a server for powerState, waiting for the settled status", async () => {
    const { id, outs } = await created();
    const stoppedNews = await checked({ powerState: "stopped" });
    expect((await server.diff(id, outs, stoppedNews)).replaces).to.deep.equal([]);
    const stopped = await server.update(id, outs, stoppedNews);
    expect(stopped.outs).to.include({ status: "stopped", powerState: "stopped" });
    const running = await server.update(id, stopped.outs, await checked({ powerState: "running" }));
    expect(running.outs).to.include({ status: "active", powerState: "running" });
    const stats = await sim.stats();
    expect(countRequests(stats, "PATCH /v1/servers/:id")).to.equal(0);
  });

  it("creates a server declared stopped and leaves it stopped", async () => {
    const { outs } = await created({ powerState: "stopped" });
    expect(outs).to.include({ status: "stopped", powerState: "stopped" });
  });

  it("plans replacements for the fields the API cannot change in place", async () => {
    const base: Props = shape === "A" ? { hostname: "h1" } : { userData: "one" };
    const { id, outs } = await created(base);
    const cases: Array<[Props, string[]]> = [
      [{ region: "fra" }, ["region"]],
      [{ plan: "vc2-2c-4gb" }, ["plan"]],
      // `check` completes os and osId, so both differ from the old image.
      [{ os: "debian-12" }, ["os", "osId"]],
      [{ os: undefined, osId: 2136 }, ["os", "osId"]],
      [{ sshKeyIds: ["k9"] }, ["sshKeyIds"]],
      [{ backups: true }, ["backups"]],
      ...(shape === "A" ? [[{ hostname: "h2" }, ["hostname"]]] : [[{ userData: "two" }, ["userData"]], [{ ddosProtection: true }, ["ddosProtection"]]]) as Array<[Props, string[]]>,
    ];
    for (const [change, fields] of cases) {
      const plan = await server.diff(id, outs, await checked({ ...base, ...change }));
      expect(plan.changes, fields[0]).to.equal(true);
      expect(plan.replaces, fields[0]).to.have.members(fields);
    }
    // Unchecked inputs that give only osId name only osId.
    const raw = await server.diff(id, outs, serverNews({ ...base, os: undefined, osId: 2136 }));
    expect(raw.replaces).to.deep.equal(["osId"]);
  });

  it("sees no change for os vs osId naming the same image, reordered tags, or a new __provider", async () => {
    const { id, outs } = await created({ tags: ["a", "b"] });
    for (const news of [
      await checked({ os: undefined, osId: 2284, tags: ["a", "b"] }),
      await checked({ tags: ["b", "a"] }),
      { ...(await checked({ tags: ["a", "b"] })), __provider: "a different serialized provider" },
    ]) {
      const plan = await server.diff(id, outs, news);
      expect(plan, JSON.stringify(news)).to.deep.include({ changes: false, replaces: [] });
    }
    // A raw osId that `check` did not complete still resolves through the catalogue.
    const raw = { ...serverNews({ os: undefined, osId: 2284, tags: ["b", "a"] }) };
    expect(await server.diff(id, outs, raw)).to.deep.include({ changes: false });
  });

  it("tolerates unknown values in check and diff during preview", async () => {
    const { id, outs } = await created();
    const res = await server.check({}, serverNews({ label: UNKNOWN_VALUE, tags: [UNKNOWN_VALUE, "a"], region: UNKNOWN_VALUE }));
    expect(res.failures ?? []).to.deep.equal([]);
    const labelPlan = await server.diff(id, outs, await checked({ label: UNKNOWN_VALUE }));
    expect(labelPlan).to.deep.include({ changes: true, replaces: [] });
    const regionPlan = await server.diff(id, outs, { ...(await checked()), region: UNKNOWN_VALUE });
    expect(regionPlan.replaces).to.deep.equal(["region"]);
  });

  it("deletes a server, waits until it is gone, and treats a second delete (404) as done", async () => {
    const { id, outs } = await created();
    await server.delete(id, outs);
    // Gone: 404, or still answered for the transition time but terminated and marked deleted.
    const res = await sim.api("GET", `/v1/servers/${id}`);
    if (res.status !== 404) {
      expect(res.status).to.equal(200);
      expect(unwrapServer(sim.shape, await res.json()).status, "the server after delete").to.equal("terminated");
    }
    expect((await sim.rawServers()).find((s: any) => s.id === id).deleted_at, "deleted_at").to.not.equal(null);
    const listed = await sim.api("GET", "/v1/servers");
    expect(JSON.stringify(await listed.json())).to.not.include(id);
    expect((await server.read(id, outs)).id).to.equal("");
    await server.delete(id, outs);
  });

  it("reports a server that ends in error as a partial create carrying id, outputs, __provider and reasons", async () => {
    await sim.setConfig({ errorRate: 1 });
    try {
      const inputs = await checked();
      const err = await rejection(server.create(inputs));
      expect(err.id).to.be.a("string").and.not.equal("");
      expect(err.reasons).to.have.length(1);
      expect(err.reasons[0]).to.include("error");
      expect(err.properties).to.include({ __provider: "SHELL", status: "error", region: "ewr", os: "ubuntu-24.04", osId: 2284 });
      expect(err.message).to.include(err.id);
      // The next `up` replaces it: a server in `error` can never become active.
      const plan = await server.diff(err.id, err.properties, inputs);
      expect(plan.changes).to.equal(true);
      expect(plan.replaces).to.include("status");
      await server.delete(err.id, err.properties);
      expect((await sim.rawServers()).find((s: any) => s.id === err.id).deleted_at).to.not.equal(null);
    } finally {
      await sim.setConfig({ errorRate: 0 });
    }
  });

  it("reports a server that passes the wait time-out as partial, and the next update waits again", async () => {
    await sim.setConfig({ provisionMs: 400 });
    try {
      const inputs = await checked({ waitTimeoutSeconds: 0.05 });
      const err = await rejection(server.create(inputs));
      expect(err.reasons[0]).to.match(/did not become active within 0\.05 s/);
      expect(err.properties.__provider).to.equal("SHELL");
      expect(err.properties.status).to.be.oneOf(["pending", "starting"]);
      const again = await server.update(err.id, err.properties, await checked({ waitTimeoutSeconds: 5 }));
      expect(again.outs).to.include({ status: "active" });
    } finally {
      await sim.setConfig({ provisionMs: 150 });
    }
  });

  it("keeps a server whose wait fails for another reason (a key revoked mid-create) as a partial create", async () => {
    await sim.addKey({ key: "soon-revoked", permission: "full", tier: "enterprise" });
    await sim.setConfig({ provisionMs: 400 });
    try {
      const inputs = await checked();
      useSim(sim, "soon-revoked");
      const revoke = (async () => {
        while ((await sim.rawServers()).length === 0) await new Promise((r) => setTimeout(r, 10));
        await sim.revokeKey("soon-revoked");
      })();
      const err = await rejection(server.create(inputs));
      await revoke;
      const [raw] = await sim.rawServers();
      expect(err.id).to.equal(raw.id);
      expect(err.properties.__provider).to.equal("SHELL");
      expect(err.reasons[0]).to.include("401").and.include("stack config hosting:apiKey");
      expect(err.reasons[0]).to.not.include("soon-revoked");
    } finally {
      await sim.setConfig({ provisionMs: 150 });
    }
  });

  it("fails an update of a server that no longer exists with advice", async () => {
    const { id, outs } = await created();
    await sim.admin("DELETE", `/servers/${id}`);
    const err = await rejection(server.update(id, outs, await checked({ label: "x" })));
    expect(err.message).to.include("pulumi refresh");
  });
});
