// The resource classes under `pulumi.runtime.setMocks`: a Server registers under its type token
// with a small serialized provider, userData and a Webhook's secret stay secret, `Server.get` and
// hosting:adopt adopt by id, and a plain hosting:apiKey is warned about once.
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { isRpcSecret, unwrapRpcSecret } from "@pulumi/pulumi/runtime/rpc";
import * as hosting from "../../provider";
import { valueOf } from "../helpers/output";

interface Registered {
  type: string;
  name: string;
  id?: string;
  inputs: Record<string, any>;
}

const registered: Registered[] = [];

/** The keys of registered inputs that the user did not write, beside the engine's `__provider`. */
const hiddenKeys = (inputs: unknown): string[] => Object.keys(inputs as object).filter((k) => k.startsWith("__") && k !== "__provider");

/**
 * The resource facts a serialized shell carries to the provider process: its text run with a
 * `require` whose implementation hands back the facts each call is given.
 */
function shellFacts(text: string): unknown {
  const exports: { handler?: () => { check(): unknown } } = {};
  const implementation = { observe: (_args: unknown, facts: unknown) => facts, change: (_args: unknown, facts: unknown) => facts };
  new Function("exports", "require", text)(exports, () => implementation);
  return exports.handler!().check();
}

/** The warnings the program process sends the engine (`pulumi.log.warn`), collected while the suite runs. */
const programWarnings: string[] = [];

/** Captures the options a resource was registered with (legacy transformations see them). */
function capture(into: { opts?: pulumi.ResourceOptions }): pulumi.ResourceTransformation {
  return (args) => {
    into.opts = args.opts;
    return undefined;
  };
}

describe("resource classes under pulumi.runtime.setMocks", () => {
  before(async () => {
    await pulumi.runtime.setMocks(
      {
        newResource(args) {
          registered.push({ type: args.type, name: args.name, id: args.id, inputs: args.inputs });
          if (args.id) {
            // Server.get: a read by id fills in every output.
            return { id: args.id, state: { __provider: args.inputs.__provider, region: "ams", label: "hand-made", os: "ubuntu-24.04", osId: 2284, status: "active", tags: ["legacy"] } };
          }
          return { id: `${args.name}-id`, state: { ...args.inputs, status: "active", mainIp: "45.76.1.2", createdAt: "2025-01-01T00:00:00Z" } };
        },
        call: () => ({}),
      },
      "project",
      "stack",
      false,
    );
  });
  after(() => pulumi.runtime.setAllConfig({}));
  const logWarn = pulumi.log.warn;
  before(() => {
    pulumi.log.warn = async (message: string) => void programWarnings.push(message);
  });
  after(() => {
    pulumi.log.warn = logWarn;
  });
  beforeEach(() => {
    registered.length = 0;
  });

  it("registers a Server under its type token with a small serialized provider", async () => {
    const seen: { opts?: pulumi.ResourceOptions } = {};
    const s = new hosting.Server("web", { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", tags: ["b", "a"] }, { transformations: [capture(seen)] });
    expect(await valueOf(s.id)).to.equal("web-id");
    expect(await valueOf(s.mainIp)).to.equal("45.76.1.2");
    expect(await valueOf(s.status)).to.equal("active");
    const [r] = registered;
    expect(r.type).to.equal("pulumi-nodejs:dynamic/hosting:Server");
    expect(r.inputs).to.include({ region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04" });
    expect(r.inputs.__provider).to.be.a("string");
    expect(r.inputs.__provider.length).to.be.at.most(1024);
    expect(r.inputs.__provider).to.include('require("pulumi-hosting/internal/server")');
    expect((seen.opts as pulumi.CustomResourceOptions)?.additionalSecretOutputs).to.deep.equal(["userData"]);
  });

  it("always sends userData as a secret and keeps it secret in the outputs", async () => {
    const s = new hosting.Server("with-script", { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", userData: "#!/bin/sh\necho secret" });
    expect(await pulumi.isSecret(s.userData)).to.equal(true);
    expect(await valueOf(s.userData)).to.equal("#!/bin/sh\necho secret");
    await valueOf(s.id);
    const { inputs } = registered.find((r) => r.name === "with-script")!;
    expect(isRpcSecret(inputs.userData)).to.equal(true);
    expect(unwrapRpcSecret(inputs.userData)).to.equal("#!/bin/sh\necho secret");
    expect(inputs.__provider).to.not.include("echo secret");
  });

  it("keeps the caller's own additionalSecretOutputs next to userData", async () => {
    const seen: { opts?: pulumi.ResourceOptions } = {};
    const s = new hosting.Server("x", { region: "ewr", plan: "vc2-1c-1gb", osId: 2284 }, { additionalSecretOutputs: ["mainIp"], transformations: [capture(seen)] });
    await valueOf(s.id);
    expect((seen.opts as pulumi.CustomResourceOptions)?.additionalSecretOutputs).to.have.members(["mainIp", "userData"]);
  });

  it("adopts an existing server with Server.get: a read by id", async () => {
    const s = hosting.Server.get("adopted", "srv-123");
    expect(await valueOf(s.id)).to.equal("srv-123");
    expect(await valueOf(s.label)).to.equal("hand-made");
    expect(await valueOf(s.tags)).to.deep.equal(["legacy"]);
    const [r] = registered;
    expect(r).to.include({ type: "pulumi-nodejs:dynamic/hosting:Server", id: "srv-123" });
    expect(r.inputs.__provider).to.be.a("string");
  });

  it("hands check the stack in the shell's facts, not as ownerTag nor as a hidden input (check decides by shape)", async () => {
    const s = new hosting.Server("web", { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04" });
    await valueOf(s.id);
    const declared = new hosting.Server("tagged", { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", ownerTag: "pulumi-stack:p/s" });
    await valueOf(declared.id);
    expect(registered[0].inputs).to.not.have.property("ownerTag");
    expect(registered[1].inputs).to.include({ ownerTag: "pulumi-stack:p/s" });
    for (const r of registered) {
      expect(hiddenKeys(r.inputs), r.name).to.deep.equal([]);
      expect(shellFacts(r.inputs.__provider), r.name).to.deep.equal({ project: "project", stack: "stack" });
    }
  });

  it("reads adoptions from hosting:adopt by resource name; an adoptId in the program wins", async () => {
    pulumi.runtime.setAllConfig({ "hosting:adopt": JSON.stringify({ web: "srv-1", other: "srv-2" }) });
    try {
      const fromConfig = new hosting.Server("web", { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04" });
      const fromProgram = new hosting.Server("other", { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", adoptId: "srv-9" });
      const plain = new hosting.Server("third", { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04" });
      await Promise.all([valueOf(fromConfig.id), valueOf(fromProgram.id), valueOf(plain.id)]);
    } finally {
      pulumi.runtime.setAllConfig({});
    }
    const byName = Object.fromEntries(registered.map((r) => [r.name, r.inputs]));
    expect(byName.web).to.include({ adoptId: "srv-1" });
    expect(byName.other).to.include({ adoptId: "srv-9" });
    expect(byName.third).to.not.have.property("adoptId");
    // An adopting resource's shell names it (one id adopted twice is refused by name); the others' need not.
    expect(shellFacts(byName.web.__provider)).to.deep.equal({ project: "project", stack: "stack", name: "web" });
    expect(shellFacts(byName.other.__provider)).to.deep.equal({ project: "project", stack: "stack", name: "other" });
    expect(shellFacts(byName.third.__provider)).to.deep.equal({ project: "project", stack: "stack" });
    for (const inputs of Object.values(byName)) expect(hiddenKeys(inputs)).to.deep.equal([]);
  });

  it("registers a Webhook whose secret is a secret input and output, given or not", async () => {
    const seen: { opts?: pulumi.ResourceOptions } = {};
    const given = new hosting.Webhook("hook", { url: "https://hooks.example.com/x", events: ["server.created"], secret: "s3cret" }, { transformations: [capture(seen)] });
    const generated = new hosting.Webhook("hook-2", { url: "https://hooks.example.com/y", events: ["server.created"] });
    expect(await pulumi.isSecret(given.secret)).to.equal(true);
    expect(await pulumi.isSecret(generated.secret)).to.equal(true);
    await Promise.all([valueOf(given.id), valueOf(generated.id)]);
    const hook = registered.find((r) => r.name === "hook")!;
    expect(hook.type).to.equal("pulumi-nodejs:dynamic/hosting:Webhook");
    expect(unwrapRpcSecret(hook.inputs.secret)).to.equal("s3cret");
    // Not given: an empty secret input that `check` fills in, already marked secret.
    const second = registered.find((r) => r.name === "hook-2")!;
    expect(isRpcSecret(second.inputs.secret)).to.equal(true);
    expect(unwrapRpcSecret(second.inputs.secret)).to.equal("");
    expect(hook.inputs.__provider.length).to.be.at.most(1024);
    expect(hook.inputs.__provider).to.not.include("s3cret");
    expect((seen.opts as pulumi.CustomResourceOptions)?.additionalSecretOutputs).to.deep.equal(["secret"]);
  });

  // `pulumi config set hosting:apiKey <key>` without --secret: the key sits in Pulumi.<stack>.yaml
  // as plain text. The SDK tells the program which config keys are secrets.
  const plainKeyWarnings = () => programWarnings.filter((w) => w.includes("hosting:apiKey") && w.includes("--secret"));

  it("warns once, naming `pulumi config set --secret`, when hosting:apiKey is plain stack config", async () => {
    pulumi.runtime.setAllConfig({ "hosting:apiKey": "plain-key-for-resources-test", "hosting:baseUrl": "http://127.0.0.1:1" }, []);
    const before = plainKeyWarnings().length;
    const a = new hosting.Server("plain-1", { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04" });
    const b = new hosting.Webhook("plain-hook", { url: "https://hooks.example.com/p", events: ["server.created"] });
    const c = new hosting.Server("plain-2", { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04" });
    await Promise.all([valueOf(a.id), valueOf(b.id), valueOf(c.id)]);
    const warned = plainKeyWarnings().slice(before);
    expect(warned).to.have.length(1);
    expect(warned[0]).to.include("pulumi config set --secret hosting:apiKey").and.include("Pulumi.stack.yaml");
    expect(warned[0]).to.not.include("plain-key-for-resources-test");
  });

  it("says nothing when hosting:apiKey is a secret, or not in the stack config at all", async () => {
    const before = plainKeyWarnings().length;
    pulumi.runtime.setAllConfig({ "hosting:apiKey": "secret-key-for-resources-test" }, ["hosting:apiKey"]);
    await valueOf(new hosting.Server("secret-1", { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04" }).id);
    pulumi.runtime.setAllConfig({}, []);
    await valueOf(new hosting.Webhook("env-hook", { url: "https://hooks.example.com/q", events: ["server.created"] }).id);
    expect(plainKeyWarnings().slice(before)).to.deep.equal([]);
  });
});
