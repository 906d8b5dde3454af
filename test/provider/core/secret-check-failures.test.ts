// A check failure that names a property makes the engine print that property's value
// beside the reason ("property userData value {&{{#!/bin/sh ...}}} has a problem: ..."),
// secret or not: seen with `pulumi preview` of README's quickstart on a shape A deployment.
// So the failures the engine receives (through the shells' `observe`) name a secret input
// in the reason only, never as the property. Both shapes.
import { expect } from "chai";
import { dynamicProcess } from "../../../provider/dynamic/host";
import * as server from "../../../provider/dynamic/server";
import * as webhook from "../../../provider/dynamic/webhook";
import { describeProviderShapes, KEYS, serverNews, stackConfig } from "../harness";

interface EngineCheck {
  failures?: { property: string; reason: string }[];
}

const SCRIPT = "#!/bin/sh\necho s3cr3t-user-data\n";

describeProviderShapes((shape) => `check failures the engine receives never name a secret input, shape ${shape}`, (sim, shape) => {
  // The dynamic face's process, configured the way the host does it (the shell's configure call).
  beforeEach(async () => {
    await server.observe([{ config: stackConfig({ "hosting:apiKey": KEYS.full, "hosting:baseUrl": sim.url }) }]);
  });
  after(() => dynamicProcess.configure(undefined));

  it("userData: a failure is reported without its property, the reason naming userData", async () => {
    // Shape A cannot take userData at all; in shape B a mistyped userData fails.
    const userData = shape === "A" ? SCRIPT : { script: SCRIPT };
    const res = (await server.observe([{}, serverNews({ userData })])) as EngineCheck;
    const failures = res.failures ?? [];
    expect(failures, JSON.stringify(failures)).to.have.length(1);
    expect(failures[0].property).to.equal("");
    expect(failures[0].reason).to.match(/^userData /);
    if (shape === "A") {
      // README quotes this sentence under the quickstart.
      expect(failures[0].reason).to.equal(
        "userData cannot be sent to this deployment: it speaks API shape A, whose create request has no user_data " +
          "(only shape B takes it); remove userData, or point hosting:baseUrl at a shape B deployment",
      );
    }
  });

  it("a failure of another field keeps its property (the engine shows the value)", async () => {
    const res = (await server.observe([{}, serverNews({ region: "xyz", userData: shape === "B" ? SCRIPT : undefined })])) as EngineCheck;
    expect((res.failures ?? []).map((f) => f.property)).to.deep.equal(["region"]);
  });

  it("Webhook secret: a mistyped secret is reported without its property", async () => {
    const res = (await webhook.observe([{}, { __provider: "SHELL", url: "https://hooks.example.com/in", events: ["server.created"], secret: 4242424242 }])) as EngineCheck;
    const failures = res.failures ?? [];
    expect(failures, JSON.stringify(failures)).to.have.length(1);
    expect(failures[0]).to.deep.equal({ property: "", reason: "secret must be a string, not a number" });
  });
});
