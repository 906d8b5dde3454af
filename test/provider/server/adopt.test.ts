// adoptId at the provider level, against the simulator in both shapes: which reads a check
// makes, and that a resource already in the stack ignores adoptId.
import { expect } from "chai";
import * as server from "../../../provider/server/provider";
import { countRequests, describeProviderShapes, serverNews, useSim, KEYS } from "../harness";
import { testContext } from "../../helpers/test-process";

/** The keys of checked inputs that the user did not write, beside the engine's `__provider`. */
const hiddenKeys = (inputs: unknown): string[] => Object.keys(inputs as object).filter((k) => k.startsWith("__") && k !== "__provider");

// Every test gets a fresh provider process (describeProviderShapes' useSim), so fresh adoption claims.
describeProviderShapes((shape) => `Server adoptId, shape ${shape}`, (sim) => {

  async function made(n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const res = await sim.api("POST", "/v1/servers", { body: sim.createBody({ label: `web-${i}` }) });
      const json = (await res.json()) as any;
      ids.push((json.server ?? json.data).id);
    }
    return ids;
  }

  it("checks 30 adoptions with a Read key at the cost of one list call, not 30 GETs", async () => {
    const ids = await made(30);
    useSim(sim, KEYS.read);
    await sim.resetStats();
    const results = await Promise.all(ids.map((id, i) => server.check({}, serverNews({ adoptId: id }), testContext({ name: `s${i}` }))));
    expect(results.flatMap((r) => r.failures ?? [])).to.deep.equal([]);
    expect(results.map((r) => (r.inputs as any).adoptId)).to.deep.equal(ids);
    const stats = await sim.stats();
    expect(countRequests(stats, "GET /v1/servers")).to.equal(1);
    expect(countRequests(stats, "GET /v1/servers/:id")).to.equal(0);
  });

  it("refuses one id adopted by two Servers of one name under two parents (claims follow the URN, not the name); the same URN checked twice is one resource", async () => {
    const [id] = await made(1);
    const urn = (parent: string) => `urn:pulumi:dev::proj::${parent}$hosting:index:Server::web`;
    const first = await server.check({}, serverNews({ adoptId: id }), testContext({ name: "web", urn: urn("app:A") }));
    const again = await server.check({}, serverNews({ adoptId: id }), testContext({ name: "web", urn: urn("app:A") }));
    expect([...(first.failures ?? []), ...(again.failures ?? [])]).to.deep.equal([]);
    const second = await server.check({}, serverNews({ adoptId: id }), testContext({ name: "web", urn: urn("app:B") }));
    expect(second.failures?.map((f: any) => f.property)).to.deep.equal(["adoptId"]);
    expect(second.failures![0].reason).to.include(urn("app:A")).and.to.include(urn("app:B"));
  });

  it("ignores adoptId (removed, changed or unknown id) once the resource is in the stack, reading nothing", async () => {
    const olds = serverNews({ tags: [] });
    await sim.resetStats();
    const res = await server.check(olds, serverNews({ adoptId: "some-other-id" }), testContext({ name: "x" }));
    expect(res.failures ?? []).to.deep.equal([]);
    expect(res.inputs).to.not.have.any.keys("adoptId");
    expect(hiddenKeys(res.inputs), "the resource's name stays in the context").to.deep.equal([]);
    expect(countRequests(await sim.stats(), "GET /v1/servers")).to.equal(0);
    expect(countRequests(await sim.stats(), "GET /v1/servers/:id")).to.equal(0);
  });
});
