// The plugin face over gRPC, in process: the real service (provider/plugin) served on a
// loopback port and called with the generated client the engine's protocol defines, against
// the simulator. What the engine relies on: CheckConfig answers, Configure honours both the
// args struct and the variables map, secrets come back wrapped, preview answers unknowns,
// a server left behind is reported as ErrorResourceInitFailed, and lookups run on the
// provider's own key.
// Requests are built and answers decoded with the protocol's own messages and literal
// constants (./rpc.ts), never with the plugin's helpers.
import { expect } from "chai";
import { openPluginFace, type PluginFace } from "./face";
import { countRequests, KEYS, SHAPES, type TestSimulator } from "../../helpers/simulator";
import { call, pb as provproto, plain, secret, SECRET_SIG, SIG, statuspb as statusproto, struct, UNKNOWN, URN, type Client } from "./rpc";

for (const shape of SHAPES) {
  describe(`plugin face over gRPC, shape ${shape}`, function () {
    let sim: TestSimulator;
    let client: Client;
    let face: PluginFace | undefined;

    before(async () => {
      face = await openPluginFace(shape);
      ({ sim, client } = face);
    });
    after(() => face?.close());

    const configureWith = async (args: Record<string, unknown>, variables: Record<string, string> = {}) => {
      const req = new provproto.ConfigureRequest().setArgs(struct(args)).setAcceptsecrets(true);
      for (const [k, v] of Object.entries(variables)) req.getVariablesMap().set(k, v);
      return call<InstanceType<typeof provproto.ConfigureResponse>>(client, "configure", req);
    };

    it("CheckConfig returns the key as a secret and refuses unknown keys", async () => {
      const ok = await call<InstanceType<typeof provproto.CheckResponse>>(client, "checkConfig",
        new provproto.CheckRequest().setUrn(URN("pulumi:providers:hosting", "default")).setNews(struct({ apiKey: "k", baseUrl: sim.url, version: "0.1.0" })));
      expect(ok.getFailuresList()).to.have.length(0);
      const inputs = ok.getInputs()!.toJavaScript() as Record<string, unknown>;
      expect(inputs.apiKey).to.deep.equal(secret("k"));
      expect(inputs.baseUrl).to.equal(sim.url);
      const bad = await call<InstanceType<typeof provproto.CheckResponse>>(client, "checkConfig",
        new provproto.CheckRequest().setNews(struct({ apiKey: "k", baseUrll: "x" })));
      expect(bad.getFailuresList().map((f) => f.getProperty())).to.deep.equal(["baseUrll"]);
    });

    it("Configure takes the variables map (older engines) and answers acceptSecrets and supportsPreview", async () => {
      const res = await configureWith({}, { "hosting:config:apiKey": KEYS.full, "hosting:config:baseUrl": sim.url });
      expect(res.getAcceptsecrets()).to.equal(true);
      expect(res.getSupportspreview()).to.equal(true);
      const inv = await call<InstanceType<typeof provproto.InvokeResponse>>(client, "invoke",
        new provproto.InvokeRequest().setTok("hosting:index:getRegion").setArgs(struct({ id: "fra" })));
      expect(inv.getReturn()!.toJavaScript()).to.include({ id: "fra", city: "Frankfurt" });
    });

    it("Configure takes a secret key from the args struct before the variables", async () => {
      await configureWith({ apiKey: secret(KEYS.read), baseUrl: sim.url }, { "hosting:config:apiKey": "not-a-key" });
      await sim.resetStats();
      const inv = await call<InstanceType<typeof provproto.InvokeResponse>>(client, "invoke",
        new provproto.InvokeRequest().setTok("hosting:index:getAccount").setArgs(struct({})));
      expect(Object.keys(inv.getReturn()!.toJavaScript())).to.include.members(["name", "email", "balance", "pendingCharges"]);
    });

    // Shape A has no userData: there a secret the program marked (the label) must stay one.
    const secretField = shape === "B" ? { userData: secret("#!/bin/sh\necho hi") } : { label: secret("private-label") };
    const secretName = Object.keys(secretField)[0];

    it("Check takes the default ownership tag from the URN, keeps secrets secret and reports failures", async () => {
      await configureWith({ apiKey: secret(KEYS.full), baseUrl: sim.url });
      const res = await call<InstanceType<typeof provproto.CheckResponse>>(client, "check", new provproto.CheckRequest()
        .setUrn(URN("hosting:index:Server", "web")).setType("hosting:index:Server")
        .setOlds(struct({})).setNews(struct({ region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", ...secretField })));
      expect(res.getFailuresList().map((f) => f.getReason())).to.deep.equal([]);
      const inputs = res.getInputs()!.toJavaScript() as Record<string, unknown>;
      // The stack's tag is the default where it is free (shape A's create takes tags).
      if (shape === "A") expect(inputs.ownerTag).to.equal("pulumi-stack:proj/dev");
      else expect(inputs).to.not.have.property("ownerTag");
      expect(inputs).to.not.have.property("__ownerTagDefault");
      expect(inputs[secretName]).to.have.property(SIG, SECRET_SIG);
      const bad = await call<InstanceType<typeof provproto.CheckResponse>>(client, "check", new provproto.CheckRequest()
        .setUrn(URN("hosting:index:Server", "web")).setType("hosting:index:Server")
        .setNews(struct({ region: "nowhere", plan: "vc2-1c-1gb", os: "ubuntu-24.04" })));
      expect(bad.getFailuresList().map((f) => f.getProperty())).to.include("region");
    });

    it("Create at preview answers the API's outputs as unknown, without a request", async () => {
      await sim.resetStats();
      const res = await call<InstanceType<typeof provproto.CreateResponse>>(client, "create", new provproto.CreateRequest()
        .setUrn(URN("hosting:index:Server", "web")).setType("hosting:index:Server").setPreview(true)
        .setProperties(struct({ region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: "l" })));
      const outs = res.getProperties()!.toJavaScript() as Record<string, unknown>;
      expect(outs.status).to.equal(UNKNOWN);
      expect(outs.label).to.equal("l");
      expect(countRequests(await sim.stats(), "POST /v1/servers")).to.equal(0);
    });

    it("Create, Read and Delete of a webhook keep its secret wrapped", async () => {
      const checked = await call<InstanceType<typeof provproto.CheckResponse>>(client, "check", new provproto.CheckRequest()
        .setUrn(URN("hosting:index:Webhook", "hook")).setType("hosting:index:Webhook")
        .setNews(struct({ url: `${sim.url}/hook`, events: ["server.created"] })));
      const checkedSecret = plain(checked.getInputs()).secret;
      expect(checkedSecret).to.have.property(SIG, SECRET_SIG);
      const inputs = { props: { secret: checkedSecret.value as string } };
      expect(inputs.props.secret).to.match(/^[0-9a-f]{64}$/);
      const created = await call<InstanceType<typeof provproto.CreateResponse>>(client, "create", new provproto.CreateRequest()
        .setUrn(URN("hosting:index:Webhook", "hook")).setType("hosting:index:Webhook").setProperties(checked.getInputs()));
      const outs = created.getProperties()!.toJavaScript() as Record<string, unknown>;
      expect(outs.secret).to.deep.equal(secret(inputs.props.secret));
      const read = await call<InstanceType<typeof provproto.ReadResponse>>(client, "read", new provproto.ReadRequest()
        .setId(created.getId()).setUrn(URN("hosting:index:Webhook", "hook")).setType("hosting:index:Webhook").setProperties(created.getProperties()));
      expect(read.getId()).to.equal(created.getId());
      expect((read.getProperties()!.toJavaScript() as Record<string, unknown>).secret).to.deep.equal(secret(inputs.props.secret));
      await call(client, "delete", new provproto.DeleteRequest().setId(created.getId()).setUrn(URN("hosting:index:Webhook", "hook"))
        .setType("hosting:index:Webhook").setProperties(created.getProperties()));
      expect((await sim.rawWebhooks()).filter((w) => !w.deleted_at)).to.deep.equal([]);
    });

    it("a server that ends in error comes back as ErrorResourceInitFailed with its id and properties", async () => {
      await sim.setConfig({ errorRate: 1 });
      try {
        const err = await call(client, "create", new provproto.CreateRequest()
          .setUrn(URN("hosting:index:Server", "bad")).setType("hosting:index:Server")
          .setProperties(struct({ region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", ...secretField, waitTimeoutSeconds: 30 })))
          .then(() => undefined, (e: { metadata: { get(k: string): unknown[] } }) => e);
        expect(err, "the create must fail").to.not.equal(undefined);
        const status = statusproto.Status.deserializeBinary(err!.metadata.get("grpc-status-details-bin")[0] as Uint8Array);
        const detail = provproto.ErrorResourceInitFailed.deserializeBinary(status.getDetailsList()[0].getValue_asU8());
        const live = await sim.liveServers();
        expect(detail.getId()).to.equal(live[0].id);
        const props = detail.getProperties()!.toJavaScript() as Record<string, unknown>;
        expect(props.status).to.equal("error");
        expect(props[secretName]).to.deep.equal(secretField[secretName as keyof typeof secretField]);
      } finally {
        await sim.setConfig({ errorRate: 0 });
        for (const s of await sim.liveServers()) await sim.deleteServer(s.id);
      }
    });
  });
}
