// hosting:index:Fleet on the plugin face over gRPC, against the simulator: check fills the
// member specs, create makes every member, and diff answers a change with one detailed-diff
// path per member key (never a *_REPLACE kind, which would replace the whole Fleet), and an
// import by tag reads the members back.
import { expect } from "chai";
import type { Server } from "@grpc/grpc-js";
import { serve } from "../../../provider/plugin/main";
import { grpc, provproto, provrpc } from "../../../provider/plugin/grpc";
import { toStruct } from "../../../provider/plugin/wire";
import { resetSettings } from "../../../provider/core/settings";
import { KEYS, SHAPES, startTestSimulator, type TestSimulator } from "../../helpers/simulator";
import { logToEngine, stopLoggingToEngine } from "../../../provider/plugin/engine-log";
import { emptyproto } from "../../../provider/plugin/grpc";

const engrpc: typeof import("@pulumi/pulumi/proto/engine_grpc_pb") = require("@pulumi/pulumi/proto/engine_grpc_pb");

/** A stand-in for the engine's Log service: records each message with its URN. */
async function fakeEngine(): Promise<{ address: string; logs: { urn: string; message: string; severity: number }[]; firstLog: Promise<void>; server: Server }> {
  const logs: { urn: string; message: string; severity: number }[] = [];
  let heard: () => void = () => undefined;
  // The core's warnings are sent without waiting for the engine's answer: a test awaits this.
  const firstLog = new Promise<void>((resolve) => (heard = resolve));
  const server = new grpc.Server();
  server.addService(engrpc.EngineService, {
    log: (call: any, cb: any) => {
      logs.push({ urn: call.request.getUrn(), message: call.request.getMessage(), severity: call.request.getSeverity() });
      heard();
      cb(null, new emptyproto.Empty());
    },
  } as any);
  const port = await new Promise<number>((resolve, reject) => server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))));
  return { address: `127.0.0.1:${port}`, logs, firstLog, server };
}

type Client = InstanceType<typeof provrpc.ResourceProviderClient>;
const TYPE = "hosting:index:Fleet";
const URN = `urn:pulumi:dev::proj::${TYPE}::web`;

function call<Res>(client: Client, method: string, req: unknown): Promise<Res> {
  return new Promise((resolve, reject) => {
    (client as unknown as Record<string, (r: unknown, cb: (e: Error | null, res: Res) => void) => void>)[method](req, (e, res) => (e ? reject(e) : resolve(res)));
  });
}

for (const shape of SHAPES) {
  describe(`Fleet on the plugin face over gRPC, shape ${shape}`, function () {
    let sim: TestSimulator;
    let server: Server;
    let client: Client;
    before(async () => {
      sim = await startTestSimulator({ shape });
      const served = await serve();
      server = served.server;
      client = new provrpc.ResourceProviderClient(`127.0.0.1:${served.port}`, grpc.credentials.createInsecure());
      const req = new provproto.ConfigureRequest().setArgs(toStruct({ apiKey: KEYS.full, baseUrl: sim.url })).setAcceptsecrets(true);
      await call(client, "configure", req);
    });
    after(async () => {
      client?.close();
      server?.forceShutdown();
      resetSettings();
      await sim?.close();
    });

    const program = (os: string, count: number) => ({ defaults: { plan: "vc2-1c-1gb", os }, groups: [{ name: "web", regions: ["ewr", "fra"], count }] });
    const check = async (olds: object, news: object) => {
      const res = await call<InstanceType<typeof provproto.CheckResponse>>(client, "check",
        new provproto.CheckRequest().setUrn(URN).setType(TYPE).setOlds(toStruct(olds)).setNews(toStruct(news)));
      expect(res.getFailuresList().map((f) => f.getReason())).to.deep.equal([]);
      return res.getInputs()!.toJavaScript() as Record<string, any>;
    };

    it("check, create, then a diff with one path per member key: an added member, an OS change", async () => {
      const inputs = await check({}, program("ubuntu-24.04", 1));
      expect(Object.keys(inputs.memberSpecs)).to.deep.equal(["web-ewr-1", "web-fra-1"]);
      expect(inputs.__fleetName).to.equal("web");
      const created = await call<InstanceType<typeof provproto.CreateResponse>>(client, "create",
        new provproto.CreateRequest().setUrn(URN).setType(TYPE).setProperties(toStruct(inputs)));
      const outs = created.getProperties()!.toJavaScript() as Record<string, any>;
      expect(Object.keys(outs.members)).to.deep.equal(["web-ewr-1", "web-fra-1"]);
      expect((await sim.liveServers()).length).to.equal(2);

      const engine = await fakeEngine();
      logToEngine(engine.address);
      const news = await check(inputs, program("debian-12", 2));
      const diff = await call<InstanceType<typeof provproto.DiffResponse>>(client, "diff",
        new provproto.DiffRequest().setUrn(URN).setType(TYPE).setId(created.getId()).setOlds(toStruct(outs)).setNews(toStruct(news)));
      expect(diff.getChanges()).to.equal(provproto.DiffResponse.DiffChanges.DIFF_SOME);
      expect(diff.getReplacesList()).to.deep.equal([]);
      expect(diff.getHasdetaileddiff()).to.equal(true);
      const K = provproto.PropertyDiff.Kind;
      const paths = Object.fromEntries(diff.getDetaileddiffMap().toArray().map(([k, v]: [string, any]) => [k, v[0] ?? K.ADD]));
      expect(paths).to.deep.equal({
        'memberSpecs["web-ewr-1"].os': K.UPDATE, 'memberSpecs["web-ewr-1"].osId': K.UPDATE,
        'memberSpecs["web-fra-1"].os': K.UPDATE, 'memberSpecs["web-fra-1"].osId': K.UPDATE,
        'memberSpecs["web-ewr-2"]': K.ADD, 'memberSpecs["web-fra-2"]': K.ADD,
      });
      // `memberSpecs` is an input only: every path says so, and the engine shows old values from the recorded inputs.
      expect(diff.getDetaileddiffMap().toArray().map(([, v]: [string, any]) => v[1])).to.deep.equal(Array(6).fill(true));
      await engine.firstLog;
      // The plan in words went to the engine's log once, as a warning on the Fleet's URN (the CLI
      // prints it under the Fleet; the dynamic face shows the same line).
      expect(engine.logs).to.deep.equal([{ urn: URN, severity: 2, message: "Fleet web plan: create 2: web-ewr-2, web-fra-2; replace 2 (os, osId) in 2 batches of at most 1: web-ewr-1, web-fra-1" }]);
      stopLoggingToEngine();
      engine.server.forceShutdown();
    });

    it("pulumi import's Read by tag returns the members and inputs that check and diff as no change", async () => {
      await sim.reset();
      const inputs = await check({}, { ...program("ubuntu-24.04", 1), ownerTag: "team:web" });
      await call(client, "create", new provproto.CreateRequest().setUrn(URN).setType(TYPE).setProperties(toStruct(inputs)));
      const read = await call<InstanceType<typeof provproto.ReadResponse>>(client, "read",
        new provproto.ReadRequest().setUrn(URN).setType(TYPE).setId("tag:team:web").setProperties(toStruct({})));
      expect(read.getId()).to.equal("tag:team:web");
      const props = read.getProperties()!.toJavaScript() as Record<string, any>;
      expect(Object.keys(props.members)).to.deep.equal(["web-ewr-1", "web-fra-1"]);
      const ins = read.getInputs()!.toJavaScript() as Record<string, any>;
      const checked = await check(ins, ins);
      const diff = await call<InstanceType<typeof provproto.DiffResponse>>(client, "diff",
        new provproto.DiffRequest().setUrn(URN).setType(TYPE).setId("tag:team:web").setOlds(toStruct(props)).setNews(toStruct(checked)));
      expect(diff.getChanges()).to.equal(provproto.DiffResponse.DiffChanges.DIFF_NONE);
    });
  });
}
