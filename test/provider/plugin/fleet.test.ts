// hosting:index:Fleet on the plugin face over gRPC against the simulator: check fills the member
// specs, create makes every member, diff answers one detailed-diff path per member key and never a
// replace of the whole Fleet, and an import by tag reads the members back.
//
// hosting:index:Fleet on the plugin face over gRPC, against the simulator: check fills the
// member specs, create makes every member, and diff answers a change with one detailed-diff
// path per member key (never a *_REPLACE kind, which would replace the whole Fleet), and an
// import by tag reads the members back.
// Requests and answers go through ./rpc.ts, the protocol alone, never the plugin's own helpers.
import { expect } from "chai";
import { openPluginFace, type PluginFace } from "./face";
import { KEYS, SHAPES, type TestSimulator } from "../../helpers/simulator";
import { call, pb as provproto, plain, startEngineStandIn, struct, URN as urnOf, type Client } from "./rpc";

const TYPE = "hosting:index:Fleet";
const URN = urnOf(TYPE, "web");

for (const shape of SHAPES) {
  describe(`Fleet on the plugin face over gRPC, shape ${shape}`, function () {
    let sim: TestSimulator;
    let client: Client;
    let host: PluginFace["host"];
    let face: PluginFace | undefined;
    before(async () => {
      face = await openPluginFace(shape);
      ({ sim, client, host } = face);
      const req = new provproto.ConfigureRequest().setArgs(struct({ apiKey: KEYS.full, baseUrl: sim.url })).setAcceptsecrets(true);
      await call(client, "configure", req);
    });
    after(() => face?.close());

    const program = (os: string, count: number) => ({ defaults: { plan: "vc2-1c-1gb", os }, groups: [{ name: "web", regions: ["ewr", "fra"], count }] });
    const check = async (olds: object, news: object) => {
      const res = await call<InstanceType<typeof provproto.CheckResponse>>(client, "check",
        new provproto.CheckRequest().setUrn(URN).setType(TYPE).setOlds(struct(olds)).setNews(struct(news)));
      expect(res.getFailuresList().map((f) => f.getReason())).to.deep.equal([]);
      return plain(res.getInputs());
    };

    it("check, create, then a diff with one path per member key: an added member, an OS change", async () => {
      const inputs = await check({}, program("ubuntu-24.04", 1));
      expect(Object.keys(inputs.memberSpecs)).to.deep.equal(["web-ewr-1", "web-fra-1"]);
      // The Fleet's name and stack reach the core in each request's context (from the URN), never in the inputs.
      expect(Object.keys(inputs).filter((k) => k.startsWith("__"))).to.deep.equal([]);
      const created = await call<InstanceType<typeof provproto.CreateResponse>>(client, "create",
        new provproto.CreateRequest().setUrn(URN).setType(TYPE).setProperties(struct(inputs)));
      const outs = plain(created.getProperties());
      expect(Object.keys(outs.members)).to.deep.equal(["web-ewr-1", "web-fra-1"]);
      expect((await sim.liveServers()).length).to.equal(2);

      const engine = await startEngineStandIn();
      host.engineLog.connect(engine.address);
      const news = await check(inputs, program("debian-12", 2));
      const diff = await call<InstanceType<typeof provproto.DiffResponse>>(client, "diff",
        new provproto.DiffRequest().setUrn(URN).setType(TYPE).setId(created.getId()).setOlds(struct(outs)).setNews(struct(news)));
      expect(diff.getChanges()).to.equal(provproto.DiffResponse.DiffChanges.DIFF_SOME);
      expect(diff.getReplacesList()).to.deep.equal([]);
      expect(diff.getHasdetaileddiff()).to.equal(true);
      const K = provproto.PropertyDiff.Kind;
      const paths = Object.fromEntries(diff.getDetaileddiffMap().toArray().map(([k, v]: [string, any]) => [k, v[0] ?? K.ADD]));
      expect(paths).to.deep.equal({
        'memberSpecs["web-ewr-1"].os': K.UPDATE,
        'memberSpecs["web-fra-1"].os': K.UPDATE,
        'memberSpecs["web-ewr-2"]': K.ADD, 'memberSpecs["web-fra-2"]': K.ADD,
      });
      // `memberSpecs` is an input only: every path says so, and the engine shows old values from the recorded inputs.
      expect(diff.getDetaileddiffMap().toArray().map(([, v]: [string, any]) => v[1])).to.deep.equal(Array(4).fill(true));
      await engine.firstLog;
      // The plan in words went to the engine's log once, as a warning on the Fleet's URN (the CLI
      // prints it under the Fleet; the dynamic face shows the same line).
      expect(engine.logged).to.deep.equal([{ urn: URN, severity: 2, message: "Fleet web plan: create 2: web-ewr-2, web-fra-2; replace 2 (os) in 2 batches of at most 1: web-ewr-1, web-fra-1" }]);
      host.engineLog.close();
      engine.close();
    });

    it("pulumi import's Read by tag returns the members and inputs that check and diff as no change", async () => {
      await sim.reset();
      const inputs = await check({}, { ...program("ubuntu-24.04", 1), ownerTag: "team:web" });
      await call(client, "create", new provproto.CreateRequest().setUrn(URN).setType(TYPE).setProperties(struct(inputs)));
      const read = await call<InstanceType<typeof provproto.ReadResponse>>(client, "read",
        new provproto.ReadRequest().setUrn(URN).setType(TYPE).setId("tag:team:web").setProperties(struct({})));
      expect(read.getId()).to.equal("tag:team:web");
      const props = plain(read.getProperties());
      expect(Object.keys(props.members)).to.deep.equal(["web-ewr-1", "web-fra-1"]);
      const ins = plain(read.getInputs());
      const checked = await check(ins, ins);
      const diff = await call<InstanceType<typeof provproto.DiffResponse>>(client, "diff",
        new provproto.DiffRequest().setUrn(URN).setType(TYPE).setId("tag:team:web").setOlds(struct(props)).setNews(struct(checked)));
      expect(diff.getChanges()).to.equal(provproto.DiffResponse.DiffChanges.DIFF_NONE);
    });
  });
}
