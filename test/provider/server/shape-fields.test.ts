// Shape-true servers: each shape is sent only its own create fields. An input the
// deployment's shape cannot take is refused at `check` (preview) naming the field, the shape
// and what to do, with no request beyond the catalogue read; shape B's tags reach the server
// by PATCH right after the create, and a failure of that PATCH is a partial create, never a
// lost server. The stack's ownership tag is the default only in shape A, where the create
// request carries it: a shape B create with no declared tag is one POST.
import { expect } from "chai";
import * as serverTyped from "../../../provider/server/provider";
import { countRequests, describeProviderShapes, FAST_WAITS, KEYS, rejection, serverNews } from "../harness";
import { testContext, useProcess } from "../../helpers/test-process";
import { startPostOnlyProxy } from "../../helpers/proxy";
import { loose } from "../../helpers/loose-provider";

const server = loose(serverTyped);

/** The keys of checked inputs that the user did not write, beside the engine's `__provider`. */
const hiddenKeys = (inputs: unknown): string[] => Object.keys(inputs as object).filter((k) => k.startsWith("__") && k !== "__provider");
/** What the engine knows of a resource of stack p/s: its ownership tag is "pulumi-stack:p/s". */
const stackPS = () => testContext({ name: "web", project: "p", stack: "s" });

describeProviderShapes((shape) => `Server: each shape gets only its own create fields, shape ${shape}`, (sim, shape) => {
  const foreign = shape === "A" ? { userData: "#!/bin/sh", ddosProtection: true } : { hostname: "web-1" };

  it(`check refuses ${Object.keys(foreign).join(" and ")} at preview, naming the field, the shape and what to do`, async () => {
    await server.check({}, serverNews()); // the catalogue is memoized per process: read it first
    await sim.resetStats();
    const res = await server.check({}, serverNews(foreign));
    expect((res.failures ?? []).map((f: { property: string }) => f.property)).to.have.members(Object.keys(foreign));
    for (const f of res.failures ?? []) {
      expect(f.reason).to.match(new RegExp(`^${f.property} cannot be sent to this deployment: it speaks API shape ${shape}, whose create request has no \\w+ .*remove ${f.property}, or point hosting:baseUrl at a shape ${shape === "A" ? "B" : "A"} deployment$`));
    }
    expect((await sim.stats()).total, "no request beyond the memoized catalogue").to.equal(0);
  });

  it("check accepts ddosProtection: false on shape A (what A does anyway) and the shape's own fields", async () => {
    const own = shape === "A" ? { hostname: "web-1", ddosProtection: false } : { userData: "#!/bin/sh", ddosProtection: true };
    const res = await server.check({}, serverNews(own));
    expect(res.failures ?? []).to.deep.equal([]);
  });

  it("a declared ownership tag reaches the server; in shape B by one PATCH that is part of the create (the opt-in)", async () => {
    const inputs = (await server.check({}, serverNews({ tags: ["web"], ownerTag: "pulumi-stack:p/s" }))).inputs;
    await sim.resetStats();
    const { id } = await server.create(inputs);
    const raw = (await sim.rawServers()).find((s: { id: string }) => s.id === id);
    expect([...raw.tags].sort()).to.deep.equal(["pulumi-stack:p/s", "web"]);
    expect(countRequests(await sim.stats(), "PATCH /v1/servers/:id")).to.equal(shape === "B" ? 1 : 0);
  });

  it("undeclared ownerTag: the stack's tag is the default in shape A (in the POST) and none in shape B; either way one POST, no PATCH", async () => {
    const inputs = (await server.check({}, serverNews(), stackPS())).inputs;
    expect(hiddenKeys(inputs), "the stack reaches check in the context, never in the state").to.deep.equal([]);
    if (shape === "A") expect(inputs).to.include({ ownerTag: "pulumi-stack:p/s" });
    else expect(inputs).to.not.have.any.keys("ownerTag");
    await sim.resetStats();
    const { id, outs } = await server.create(inputs);
    const raw = (await sim.rawServers()).find((s: { id: string }) => s.id === id);
    expect(raw.tags ?? []).to.deep.equal(shape === "A" ? ["pulumi-stack:p/s"] : []);
    if (shape === "B") expect(outs).to.not.have.any.keys("ownerTag");
    const stats = await sim.stats();
    expect(countRequests(stats, "POST /v1/servers")).to.equal(1);
    expect(countRequests(stats, "PATCH /v1/servers/:id")).to.equal(0);
  });

  it("a declared ownerTag wins over the default in both shapes", async () => {
    const inputs = (await server.check({}, serverNews({ ownerTag: "pulumi-stack:p/other" }), stackPS())).inputs;
    expect(inputs).to.include({ ownerTag: "pulumi-stack:p/other" });
    expect(hiddenKeys(inputs)).to.deep.equal([]);
  });

  it('ownerTag "" and no tags: the create is one POST, no PATCH (no tag in either shape)', async () => {
    const inputs = (await server.check({}, serverNews({ ownerTag: "" }))).inputs;
    await sim.resetStats();
    const { id } = await server.create(inputs);
    const raw = (await sim.rawServers()).find((s: { id: string }) => s.id === id);
    expect(raw.tags ?? []).to.deep.equal([]);
    const stats = await sim.stats();
    expect(countRequests(stats, "POST /v1/servers")).to.equal(1);
    expect(countRequests(stats, "PATCH /v1/servers/:id")).to.equal(0);
  });

  if (shape === "B") {
    it("a server tagged by the old default keeps its tag: no diff for the dropped default, and an update does not remove it", async () => {
      const tagged = (await server.check({}, serverNews({ ownerTag: "pulumi-stack:p/s" }))).inputs;
      const { id, outs } = await server.create(tagged);
      const news = (await server.check(tagged, serverNews(), stackPS())).inputs;
      expect(await server.diff(id, outs, news)).to.deep.include({ changes: false });
      const relabelled = (await server.check(tagged, serverNews({ label: "web-2" }), stackPS())).inputs;
      await sim.resetStats();
      const updated = await server.update(id, outs, relabelled);
      expect(updated.outs).to.include({ ownerTag: "pulumi-stack:p/s", label: "web-2" });
      const raw = (await sim.rawServers()).find((s: { id: string }) => s.id === id);
      expect(raw.tags).to.deep.equal(["pulumi-stack:p/s"]);
      expect(countRequests(await sim.stats(), "PATCH /v1/servers/:id")).to.equal(1);
    });

    it("a failed tag PATCH after the POST is a partial create: the server id reaches the state", async () => {
      const inputs = (await server.check({}, serverNews({ tags: ["web"], ownerTag: "pulumi-stack:p/s" }))).inputs;
      // A deployment whose PATCH answers 404 (not retried, unlike a 5xx) right after the POST.
      const proxy = await startPostOnlyProxy(sim.url, /^PATCH \/v1\/servers\//);
      let e;
      try {
        // A provider process of its own configured for that deployment, as the host's `configure` would make it.
        useProcess({ "hosting:apiKey": KEYS.full, "hosting:baseUrl": proxy.url }, { waiterTimings: FAST_WAITS });
        e = await rejection(server.create(inputs));
      } finally {
        await proxy.close();
      }
      expect(e.name).to.equal("ResourceInitFailedError");
      const live = await sim.liveServers();
      expect(live.map((s: { id: string }) => s.id)).to.deep.equal([e.id]);
      expect(e.message).to.match(new RegExp(`server ${e.id} was created but is not ready: server ${e.id} was created, but setting its tags afterwards failed`));
      expect(e.properties).to.include({ region: "ewr", ownerTag: "pulumi-stack:p/s" });
    });
  }
});
