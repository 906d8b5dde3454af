// Progress lines reach the engine as its ephemeral status messages on both faces: the plugin's
// under the resource's URN through a Fleet's gRPC Create, and the dynamic face's on the stack's row
// led by the resource's name.
//
// Progress lines reach the engine as its status messages (LogRequest with `ephemeral`), on both
// faces: the plugin's, under the resource's URN (plugin/engine-log.ts, plugin-host.ts), through a
// Fleet's gRPC Create against the simulator; the dynamic face's, under no URN (the stack's row)
// and led by the resource's name (dynamic/engine-status.ts). The engine is ./rpc.ts's stand-in.
import { expect } from "chai";
import { PluginHost } from "../../../provider/plugin/plugin-host";
import { EngineLog } from "../../../provider/plugin/engine-log";
import { dynamicStatus } from "../../../provider/dynamic/engine-status";
import { openPluginFace } from "./face";
import { KEYS } from "../../helpers/simulator";
import { call, emptypb, enginerpc, grpc, pb as provproto, plain, startEngineStandIn, struct, URN as urnOf, type Logged } from "./rpc";

const INFO = 1; // pulumirpc.LogSeverity.INFO
const TYPE = "hosting:index:Fleet";
const URN = urnOf(TYPE, "web");

/** Until `n` messages were logged (the plugin does not wait for the engine's answers). */
async function until(logged: Logged[], n: number): Promise<void> {
  for (let i = 0; i < 20_000 && logged.length < n; i++) await new Promise((r) => setImmediate(r));
}

describe("progress lines reach the engine as ephemeral status", () => {
  it("the plugin: a request's progress goes as an ephemeral INFO under its URN; a warning stays a kept WARNING", async () => {
    const engine = await startEngineStandIn();
    const host = new PluginHost();
    host.engineLog.connect(engine.address);
    const ctx = host.context(URN);
    ctx.progress.status("rolling batch 1 of 3: web-ewr-1");
    await engine.firstLog;
    ctx.log.warn("a warning");
    await until(engine.logged, 2);
    expect(engine.logged).to.deep.equal([
      { severity: INFO, message: "rolling batch 1 of 3: web-ewr-1", urn: URN, ephemeral: true },
      { severity: 2, message: "a warning", urn: URN },
    ]);
    host.engineLog.close();
    engine.close();
  });

  it("the plugin: each progress line goes after the engine answered the one before, so the display gets them in order", async () => {
    // An engine that holds its answer to each Log until the test releases it.
    const heard: string[] = [];
    const held: (() => void)[] = [];
    const engine = new grpc.Server();
    engine.addService(enginerpc.EngineService, {
      log: (c: { request: { getMessage(): string } }, cb: (e: null, r: unknown) => void) => {
        heard.push(c.request.getMessage());
        held.push(() => cb(null, new emptypb.Empty()));
      },
    } as never);
    const port = await new Promise<number>((resolve, reject) => engine.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))));
    const host = new PluginHost();
    host.engineLog.connect(`127.0.0.1:${port}`);
    const progress = host.context(URN).progress;
    for (const n of [1, 2, 3]) progress.status(`${n} of 3 members created`);
    const heardAfter = async (n: number) => {
      for (let i = 0; i < 20_000 && heard.length < n; i++) await new Promise((r) => setImmediate(r));
      return [...heard];
    };
    expect(await heardAfter(1)).to.deep.equal(["1 of 3 members created"]);
    for (let i = 0; i < 100; i++) await new Promise((r) => setImmediate(r));
    expect(heard, "the second waits for the first's answer").to.deep.equal(["1 of 3 members created"]);
    held.shift()?.();
    expect(await heardAfter(2)).to.deep.equal(["1 of 3 members created", "2 of 3 members created"]);
    held.shift()?.();
    expect(await heardAfter(3)).to.deep.equal(["1 of 3 members created", "2 of 3 members created", "3 of 3 members created"]);
    held.shift()?.();
    host.engineLog.close();
    engine.forceShutdown();
  });

  it("the plugin: a Fleet's gRPC Create of 20 sends n of 20 members created at each tenth, under the Fleet's URN", async () => {
    const face = await openPluginFace("A");
    const engine = await startEngineStandIn();
    try {
      await call(face.client, "configure", new provproto.ConfigureRequest().setArgs(struct({ apiKey: KEYS.full, baseUrl: face.sim.url })).setAcceptsecrets(true));
      const checked = await call<InstanceType<typeof provproto.CheckResponse>>(face.client, "check", new provproto.CheckRequest().setUrn(URN).setType(TYPE)
        .setOlds(struct({})).setNews(struct({ defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04" }, groups: [{ name: "web", regions: ["ewr"], count: 20 }] })));
      face.host.engineLog.connect(engine.address);
      await call(face.client, "create", new provproto.CreateRequest().setUrn(URN).setType(TYPE).setProperties(checked.getInputs()));
      await until(engine.logged, 10);
      expect(engine.logged).to.deep.equal([2, 4, 6, 8, 10, 12, 14, 16, 18, 20].map((n) => ({ severity: INFO, message: `${n} of 20 members created`, urn: URN, ephemeral: true })));
      expect(plain(checked.getInputs()).memberSpecs).to.have.keys(Array.from({ length: 20 }, (_, i) => `web-ewr-${i + 1}`));
    } finally {
      engine.close();
      await face.close();
    }
  });

  it("the dynamic face: inside the dynamic-provider host, lines go to the engine's address under no URN, led by the resource's name; elsewhere nowhere", async () => {
    const log = new EngineLog();
    expect(dynamicStatus(log, ["node", "/app/main.js"])({ name: "web" }), "outside the host").to.equal(undefined);
    const engine = await startEngineStandIn();
    const sink = dynamicStatus(log, ["node", "/x/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js", engine.address])({ name: "web" });
    expect(sink).to.be.a("function");
    sink?.("3 of 30 members created");
    await engine.firstLog;
    expect(engine.logged).to.deep.equal([{ severity: INFO, message: "web: 3 of 30 members created", urn: "", ephemeral: true }]);
    log.close();
    engine.close();
  });
});
