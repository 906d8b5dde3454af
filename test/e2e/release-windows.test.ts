// The release's windows-amd64 executable runs under Wine as the engine starts a plugin: it prints
// the port handshake and answers GetPluginInfo, GetSchema, Configure, Check and Diff over gRPC, in
// both API shapes.
//
// The release's windows-amd64 executable, run: under Debian's Wine in a Windows 10 prefix it is
// started as the engine starts a plugin (the engine's address as its argument, here a stand-in
// of the engine's Log service on loopback, which its watchdog finds alive), prints the port
// handshake, and answers over gRPC: GetPluginInfo, GetSchema, Configure on a simulator on
// loopback, then Check and Diff of a Server, in both API shapes. No Windows machine is here:
// Wine is the only Windows this executable has met.
import { expect } from "chai";
import { call, emptypb, grpc, pb, plain, pluginpb, rpc, secret, startEngineStandIn, struct, URN, type Client, type Props } from "../provider/plugin/rpc";
import { KEYS, SHAPES, startTestSimulator, type TestSimulator } from "../helpers/simulator";
import { platformRelease, type PlatformRelease } from "./support/platform-release";
import { given } from "./support/given";
import { makeWinePrefix, startUnderWine, wineCommand, type StartedUnderWine, type WinePrefix } from "../../scripts/release/wine-run";
import { REPO_ROOT } from "./pulumi-env";

const SERVER = "hosting:index:Server";
const K = pb.PropertyDiff.Kind;

describe("the release's windows-amd64 executable under Wine (Windows 10 prefix)", function () {
  this.timeout(600_000);
  let release: PlatformRelease;
  let wine: string;
  let prefix: WinePrefix | undefined;
  let engine: Awaited<ReturnType<typeof startEngineStandIn>> | undefined;

  before(async () => {
    wine = wineCommand(REPO_ROOT);
    release = await platformRelease();
    prefix = makeWinePrefix(wine);
    engine = await startEngineStandIn();
    console.log(`      (platform archives built in ${release.buildSeconds.toFixed(0)} s; Wine prefix made in ${prefix.setupSeconds.toFixed(0)} s)`);
  });
  after(() => {
    engine?.close();
    prefix?.dispose();
  });

  for (const shape of SHAPES) {
    describe(`shape ${shape}`, () => {
      let sim: TestSimulator;
      let plugin: StartedUnderWine | undefined;
      let client: Client;

      before(async () => {
        sim = await startTestSimulator({ shape });
        plugin = await startUnderWine(wine, prefix!, release.executable("windows-amd64"), [engine!.address]);
        client = new rpc.ResourceProviderClient(`127.0.0.1:${plugin.port}`, grpc.credentials.createInsecure());
        console.log(`      (started to its port line in ${plugin.handshakeMs.toFixed(0)} ms under Wine)`);
      });
      after(async () => {
        client?.close();
        plugin?.stop();
        await sim?.close();
      });

      const check = (news: Props) =>
        call<InstanceType<typeof pb.CheckResponse>>(client, "check", new pb.CheckRequest()
          .setUrn(URN(SERVER, "web")).setType(SERVER).setOlds(struct({})).setNews(struct(news)));

      it("prints its port as the only line on stdout: the handshake the engine reads", () => {
        expect(plugin!.stdout()).to.match(/^\d+\r?\n$/);
        expect(plugin!.port).to.be.within(1, 65535);
      });

      it("GetPluginInfo answers the release's version", async () => {
        const info = await call<InstanceType<typeof pluginpb.PluginInfo>>(client, "getPluginInfo", new emptypb.Empty());
        expect(info.getVersion()).to.equal(release.version);
      });

      it("GetSchema answers the provider's schema with the Server resource", async () => {
        const res = await call<InstanceType<typeof pb.GetSchemaResponse>>(client, "getSchema", new pb.GetSchemaRequest().setVersion(0));
        const schema = JSON.parse(res.getSchema()) as { name: string; version: string; resources: Record<string, unknown> };
        expect(schema.name).to.equal("hosting");
        expect(schema.version).to.equal(release.version);
        expect(Object.keys(schema.resources)).to.include(SERVER);
      });

      /** The plugin configured for the simulator, which Check and Diff need. */
      const configured = given(() => call(client, "configure", new pb.ConfigureRequest().setArgs(struct({ apiKey: secret(KEYS.full), baseUrl: sim.url })).setAcceptsecrets(true)));

      it("Configure on the simulator, then Check of a Server validates against the API's catalogue", async () => {
        await configured();
        await sim.resetStats();
        const ok = await check({ region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: "web-1" });
        expect(ok.getFailuresList().map((f) => `${f.getProperty()}: ${f.getReason()}`)).to.deep.equal([]);
        expect(plain(ok.getInputs())).to.include({ region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: "web-1" });
        const bad = await check({ region: "nowhere", plan: "vc2-1c-1gb", os: "ubuntu-24.04" });
        expect(bad.getFailuresList().map((f) => f.getProperty())).to.include("region");
        // The catalogue came from the simulator, over loopback from the Windows process.
        expect((await sim.stats()).total).to.be.greaterThan(0);
      });

      it("Diff of a Server: a label change is an update, an OS change a replace", async () => {
        await configured();
        const inputs = (news: Props) => check(news).then((r) => plain(r.getInputs()));
        const base = { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: "web-1" };
        const olds = { ...(await inputs(base)), status: "active", mainIp: "203.0.113.7" };
        const diff = async (news: Props) => {
          const res = await call<InstanceType<typeof pb.DiffResponse>>(client, "diff", new pb.DiffRequest()
            .setUrn(URN(SERVER, "web")).setType(SERVER).setId("id-1").setOlds(struct(olds)).setNews(struct(await inputs(news))));
          const kinds: Record<string, number> = {};
          res.getDetaileddiffMap().forEach((v, k) => (kinds[k] = v.getKind()));
          return { changes: res.getChanges(), replaces: res.getReplacesList(), kinds };
        };
        expect(await diff(base)).to.deep.equal({ changes: pb.DiffResponse.DiffChanges.DIFF_NONE, replaces: [], kinds: {} });
        expect(await diff({ ...base, label: "renamed" })).to.deep.equal({ changes: pb.DiffResponse.DiffChanges.DIFF_SOME, replaces: [], kinds: { label: K.UPDATE } });
        const replaced = await diff({ ...base, os: "debian-12" });
        expect(replaced.changes).to.equal(pb.DiffResponse.DiffChanges.DIFF_SOME);
        expect(replaced.replaces).to.include("os");
        expect(replaced.kinds.os).to.equal(K.UPDATE_REPLACE);
        expect(plugin!.child.exitCode, `still serving after every call; stderr: ${plugin!.stderr()}`).to.equal(null);
      });
    });
  }
});
