// The engine's contract beyond CRUD on the plugin face over gRPC, both shapes: detailed diffs with
// kinds, Update at preview with unknowns only where the API decides, derived and lookup secrets, a
// webhook import that invents no secret, and Attach with warnings under their URN.
//
// The parts of the engine's contract beyond create, read, update and delete on the plugin face, over gRPC with
// the protocol's own messages (./rpc.ts, constants as literals), against the simulator in both
// shapes: the detailed diff with kinds, Update at preview with unknowns only where the API
// decides, outputs derived from a secret input kept secret, a lookup of a secret answered as a
// secret, a webhook import that invents no secret, and Attach with warnings sent to the
// engine's Log service under their resource's URN.
import { expect } from "chai";
import { openPluginFace, type PluginFace } from "./face";
import { KEYS, SHAPES, type TestSimulator } from "../../helpers/simulator";
import { startPostOnlyProxy } from "../../helpers/proxy";
import {
  call, enginepb, pb, plain, pluginpb, secret, SECRET_SIG, SIG, startEngineStandIn, struct, UNKNOWN, URN, type Client, type Props,
} from "./rpc";

const SERVER = "hosting:index:Server";
const WEBHOOK = "hosting:index:Webhook";
const K = pb.PropertyDiff.Kind;

/** Recorded outputs of an active server (what create wrote). */
const OLDS: Props = {
  region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", osId: 2284, label: "web-1", hostname: "srv-1",
  tags: ["web"], sshKeyIds: [], backups: false, ddosProtection: false, powerState: "running",
  waitTimeoutSeconds: 600, status: "active", mainIp: "203.0.113.7", vcpus: 1, ramGb: 1, diskGb: 25,
  osName: "Ubuntu 24.04 LTS x64", createdAt: "2026-11-26T08:00:00Z", pricePerHour: "0.007",
};
/** The checked inputs that reproduce OLDS. */
const NEWS: Props = {
  region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", osId: 2284, label: "web-1", tags: ["web"], sshKeyIds: [],
  backups: false, ddosProtection: false, powerState: "running", waitTimeoutSeconds: 600,
};

const isSecret = (v: unknown) => (v as Props | undefined)?.[SIG] === SECRET_SIG;

for (const shape of SHAPES) {
  describe(`plugin face: the engine's contract beyond CRUD, shape ${shape}`, function () {
    let sim: TestSimulator;
    let client: Client;
    let face: PluginFace | undefined;

    before(async () => {
      face = await openPluginFace(shape);
      ({ sim, client } = face);
      await configure(sim.url);
    });
    after(() => face?.close());

    const configure = (baseUrl: string) =>
      call(client, "configure", new pb.ConfigureRequest().setArgs(struct({ apiKey: secret(KEYS.full), baseUrl })).setAcceptsecrets(true));
    const diff = (type: string, olds: Props, news: Props) =>
      call<InstanceType<typeof pb.DiffResponse>>(client, "diff", new pb.DiffRequest()
        .setUrn(URN(type, "r")).setType(type).setId("id-1").setOlds(struct(olds)).setNews(struct(news)));
    const kinds = (res: InstanceType<typeof pb.DiffResponse>) => {
      const out: Record<string, number> = {};
      res.getDetaileddiffMap().forEach((v, k) => {
        expect(v.getInputdiff(), `${k}: compared with the outputs`).to.equal(false);
        out[k] = v.getKind();
      });
      return out;
    };
    const check = async (type: string, olds: Props, news: Props) => {
      const res = await call<InstanceType<typeof pb.CheckResponse>>(client, "check", new pb.CheckRequest()
        .setUrn(URN(type, "r")).setType(type).setOlds(struct(olds)).setNews(struct(news)));
      expect(res.getFailuresList().map((f) => f.getReason())).to.deep.equal([]);
      return res.getInputs()!;
    };
    const previewUpdate = async (olds: Props, news: Props) =>
      plain((await call<InstanceType<typeof pb.UpdateResponse>>(client, "update", new pb.UpdateRequest()
        .setUrn(URN(SERVER, "r")).setType(SERVER).setId("id-1").setOlds(struct(olds)).setNews(struct(news)).setPreview(true))).getProperties());

    describe("Diff: a detailed diff from the core's plan", () => {
      it("a label and an OS change: label UPDATE, os and osId UPDATE_REPLACE, hasDetailedDiff, replaces named", async () => {
        const res = await diff(SERVER, OLDS, { ...NEWS, label: "renamed", os: "debian-12", osId: 2136 });
        expect(res.getHasdetaileddiff()).to.equal(true);
        expect(res.getChanges()).to.equal(pb.DiffResponse.DiffChanges.DIFF_SOME);
        expect(kinds(res)).to.deep.equal({ label: K.UPDATE, os: K.UPDATE_REPLACE, osId: K.UPDATE_REPLACE });
        expect(res.getReplacesList()).to.deep.equal(["os", "osId"]);
        expect([...res.getDiffsList()].sort()).to.deep.equal(["label", "os", "osId"]);
      });

      it("a property removed from the program is a DELETE; one never recorded is an ADD", async () => {
        const removed = await diff(SERVER, { ...OLDS, stopMode: "hard" }, NEWS);
        // stopMode's default is graceful: removing "hard" changes it, and says so.
        expect(kinds(removed)).to.deep.equal({ stopMode: K.DELETE });
        const added = await diff(SERVER, OLDS, { ...NEWS, rebootTriggers: ["v2"] });
        expect(kinds(added)).to.deep.equal({ rebootTriggers: K.ADD });
      });

      it("no change: DIFF_NONE with an empty detailed diff, still marked detailed", async () => {
        const res = await diff(SERVER, OLDS, NEWS);
        expect(res.getChanges()).to.equal(pb.DiffResponse.DiffChanges.DIFF_NONE);
        expect(res.getHasdetaileddiff()).to.equal(true);
        expect(kinds(res)).to.deep.equal({});
      });

      it("an input that is another resource's output (unknown) is an UPDATE of that property", async () => {
        const res = await diff(SERVER, OLDS, { ...NEWS, label: UNKNOWN });
        expect(kinds(res)).to.deep.equal({ label: K.UPDATE });
      });
    });

    describe("Update at preview: unknown only where the API decides", () => {
      it("a label change: the new label, status and mainIp kept (a PATCH changes neither), no request", async () => {
        await sim.resetStats();
        const outs = await previewUpdate(OLDS, { ...NEWS, label: "renamed" });
        expect(outs).to.include({ label: "renamed", status: "active", mainIp: "203.0.113.7", vcpus: 1, osName: "Ubuntu 24.04 LTS x64" });
        const seen = (await sim.stats()).byRoute;
        expect(Object.values(seen).reduce((a, b) => a + b, 0), JSON.stringify(seen)).to.equal(0);
      });

      it("a power-state change: status and mainIp unknown, the rest known", async () => {
        const outs = await previewUpdate(OLDS, { ...NEWS, powerState: "stopped" });
        expect(outs).to.include({ status: UNKNOWN, mainIp: UNKNOWN, powerState: "stopped", label: "web-1", pricePerHour: "0.007" });
      });

      it("a reboot: status unknown, mainIp known; a server still provisioning: both unknown", async () => {
        expect(await previewUpdate(OLDS, { ...NEWS, rebootTriggers: ["v2"] })).to.include({ status: UNKNOWN, mainIp: "203.0.113.7" });
        expect(await previewUpdate({ ...OLDS, status: "pending" }, { ...NEWS, label: "x" })).to.include({ status: UNKNOWN, mainIp: UNKNOWN });
      });

      it("a label that is another resource's output stays unknown in the outputs", async () => {
        const outs = await previewUpdate(OLDS, { ...NEWS, label: UNKNOWN });
        expect(outs).to.include({ label: UNKNOWN, status: "active" });
      });

      it("Check passes an unknown label through untouched", async () => {
        const inputs = plain(await check(SERVER, {}, { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: UNKNOWN }));
        expect(inputs.label).to.equal(UNKNOWN);
      });
    });

    describe("secrets", () => {
      it("a secret os makes the completed osId secret at check; a secret plan and os make every derived output secret", async () => {
        const checked = await check(SERVER, {}, { region: "ewr", plan: secret("vc2-1c-1gb"), os: secret("ubuntu-24.04"), waitTimeoutSeconds: 30 });
        const inputs = plain(checked);
        expect(isSecret(inputs.osId), "osId completed from a secret os").to.equal(true);
        expect(isSecret(inputs.os) && isSecret(inputs.plan)).to.equal(true);
        const created = await call<InstanceType<typeof pb.CreateResponse>>(client, "create", new pb.CreateRequest()
          .setUrn(URN(SERVER, "s")).setType(SERVER).setProperties(checked));
        try {
          const outs = plain(created.getProperties());
          for (const k of ["os", "osId", "osName", "plan", "vcpus", "ramGb", "diskGb", "pricePerHour"]) expect(isSecret(outs[k]), k).to.equal(true);
          for (const k of ["region", "label", "status", "mainIp"]) expect(isSecret(outs[k]), k).to.equal(false);
          // A refresh keeps them secret: the recorded secrets come back wrapped.
          const read = await call<InstanceType<typeof pb.ReadResponse>>(client, "read", new pb.ReadRequest()
            .setId(created.getId()).setUrn(URN(SERVER, "s")).setType(SERVER).setProperties(created.getProperties()));
          const refreshed = plain(read.getProperties());
          for (const k of ["osId", "osName", "vcpus", "pricePerHour"]) expect(isSecret(refreshed[k]), k).to.equal(true);
        } finally {
          await call(client, "delete", new pb.DeleteRequest().setId(created.getId()).setUrn(URN(SERVER, "s")).setType(SERVER)
            .setProperties(created.getProperties()));
        }
      });

      it("a lookup with a secret argument answers a secret; a plain one answers plain values", async () => {
        const secretPlan = plain((await call<InstanceType<typeof pb.InvokeResponse>>(client, "invoke",
          new pb.InvokeRequest().setTok("hosting:index:getPlan").setArgs(struct({ id: secret("vc2-1c-1gb") })))).getReturn());
        expect(Object.keys(secretPlan)).to.include("vcpus");
        for (const [k, v] of Object.entries(secretPlan)) expect(isSecret(v), k).to.equal(true);
        expect(secretPlan.vcpus.value).to.equal(1);
        const plainPlan = plain((await call<InstanceType<typeof pb.InvokeResponse>>(client, "invoke",
          new pb.InvokeRequest().setTok("hosting:index:getPlan").setArgs(struct({ id: "vc2-1c-1gb" })))).getReturn());
        expect(plainPlan.vcpus).to.equal(1);
      });
    });

    describe("webhook import: no invented secret", () => {
      const url = "http://127.0.0.1:9/imported";
      const events = ["server.created"];
      let id: string;
      const stored = async () => (await sim.rawWebhooks()).find((w) => w.id === id).secret as string;

      before(async () => {
        // Registered outside Pulumi with the secret its receivers verify with.
        const made = await call<InstanceType<typeof pb.CreateResponse>>(client, "create", new pb.CreateRequest()
          .setUrn(URN(WEBHOOK, "outside")).setType(WEBHOOK).setProperties(struct({ url, events, secret: secret("receivers-secret") })));
        id = made.getId();
      });

      it("Read of an unrecorded webhook: secret \"\" in the state, none in the inputs; Check keeps none; no change", async () => {
        const read = await call<InstanceType<typeof pb.ReadResponse>>(client, "read", new pb.ReadRequest()
          .setId(id).setUrn(URN(WEBHOOK, "hook")).setType(WEBHOOK).setProperties(struct({})));
        const props = plain(read.getProperties());
        expect(props.secret).to.deep.equal(secret(""));
        const inputs = plain(read.getInputs());
        expect(inputs).to.deep.equal({ url, events });
        // The import's Check (olds and news both the read inputs) and the next preview's.
        const checked = plain(await check(WEBHOOK, inputs, inputs));
        expect(checked.secret).to.deep.equal(secret(""));
        const res = await diff(WEBHOOK, props, checked);
        expect(res.getChanges()).to.equal(pb.DiffResponse.DiffChanges.DIFF_NONE);
      });

      it("with no secret declared, an update sends none: the stored secret is untouched", async () => {
        const olds = { url, events, secret: secret(""), createdAt: "" };
        const checked = plain(await check(WEBHOOK, { url, events }, { url: `${url}/v2`, events }));
        expect(checked.secret).to.deep.equal(secret(""));
        await call(client, "update", new pb.UpdateRequest().setUrn(URN(WEBHOOK, "hook")).setType(WEBHOOK).setId(id)
          .setOlds(struct(olds)).setNews(struct(checked)));
        expect(await stored()).to.equal("receivers-secret");
      });

      it("the secret the program declares is an ADD at preview and the only one an update sends", async () => {
        const olds = { url: `${url}/v2`, events, secret: secret(""), createdAt: "" };
        const checked = plain(await check(WEBHOOK, { url: `${url}/v2`, events }, { url: `${url}/v2`, events, secret: secret("receivers-secret") }));
        expect(checked.secret).to.deep.equal(secret("receivers-secret"));
        expect(kinds(await diff(WEBHOOK, olds, checked))).to.deep.equal({ secret: K.ADD });
        const updated = await call<InstanceType<typeof pb.UpdateResponse>>(client, "update", new pb.UpdateRequest()
          .setUrn(URN(WEBHOOK, "hook")).setType(WEBHOOK).setId(id).setOlds(struct(olds)).setNews(struct(checked)));
        expect(plain(updated.getProperties()).secret).to.deep.equal(secret("receivers-secret"));
        expect(await stored()).to.equal("receivers-secret");
      });
    });

    describe("Attach and the engine's Log service", () => {
      let engine: Awaited<ReturnType<typeof startEngineStandIn>>;

      before(async () => {
        engine = await startEngineStandIn();
        await call(client, "attach", new pluginpb.PluginAttach().setAddress(engine.address));
      });
      after(() => {
        face?.host.engineLog.close();
        engine?.close();
      });

      it("a warning raised while serving a resource reaches the engine as WARNING with that resource's URN", async () => {
        const proxy = await startPostOnlyProxy(sim.url);
        try {
          await configure(proxy.url);
          const made = await call<InstanceType<typeof pb.CreateResponse>>(client, "create", new pb.CreateRequest()
            .setUrn(URN(WEBHOOK, "w")).setType(WEBHOOK).setProperties(struct({ url: "http://127.0.0.1:9/w", events: ["server.created"], secret: secret("s") })));
          await call(client, "read", new pb.ReadRequest().setId(made.getId()).setUrn(URN(WEBHOOK, "quiet-hook")).setType(WEBHOOK)
            .setProperties(made.getProperties()));
          // The Log call is sent without waiting for its answer: the first one is awaited here.
          await engine.firstLog;
          const { logged } = engine;
          expect(logged).to.have.length(1);
          expect(logged[0].severity).to.equal(enginepb.LogSeverity.WARNING);
          expect(logged[0].urn).to.equal(URN(WEBHOOK, "quiet-hook"));
          expect(logged[0].message).to.include("no endpoint to read webhooks");
        } finally {
          await configure(sim.url);
          await proxy.close();
        }
      });
    });
  });
}
