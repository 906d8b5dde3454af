// A Server's check refuses every wrong type, enum, label length, host name form and unknown or
// missing property naming the field, and checks region, plan and OS against the catalogue, listing
// what is allowed.
import { expect } from "chai";
import * as server from "../../../provider/server/provider";
import { describeProviderShapes, serverNews } from "../harness";
import { testContext } from "../../helpers/test-process";

type Props = Record<string, any>;

async function failuresOf(news: Props): Promise<Record<string, string>> {
  const res = await server.check({}, news, testContext());
  return Object.fromEntries((res.failures ?? []).map((f) => [f.property, f.reason]));
}

describeProviderShapes((shape) => `Server check against the simulator's catalogue, shape ${shape}`, () => {
  it("names the field and the expected type for every wrong type", async () => {
    const by = await failuresOf(serverNews({ region: 5, osId: 1.5, os: undefined, tags: "web", sshKeyIds: [1], backups: "yes", ddosProtection: 1, userData: {}, waitTimeoutSeconds: -1 }));
    expect(by.region).to.equal("region must be a string, not number 5");
    expect(by.osId).to.include("must be an integer");
    expect(by.tags).to.include("must be a list of strings");
    expect(by.sshKeyIds).to.include("must be a list of strings");
    expect(by.backups).to.include("must be a boolean");
    expect(by.ddosProtection).to.include("must be a boolean");
    expect(by.userData).to.include("must be a string");
    expect(by.waitTimeoutSeconds).to.include("must be a positive number");
  });

  it("checks enums, label length, host name form, unknown and missing properties", async () => {
    const by = await failuresOf({ label: "x".repeat(256), hostname: "bad_host!", powerState: "paused", colour: "red" });
    expect(by.label).to.equal("label is 256 characters; at most 255 are allowed");
    expect(by.hostname).to.include("not a valid host name");
    expect(by.powerState).to.include('allowed: "running", "stopped"');
    expect(by.colour).to.include('unknown property "colour"').and.include("region");
    expect(by.region).to.equal("region is required");
    expect(by.plan).to.equal("plan is required");
    expect(by.os).to.include("give os").and.include("osId");
    expect(await failuresOf(serverNews({ label: "x".repeat(255) }))).to.deep.equal({});
  });

  it("checks region, plan and OS against the catalogue and lists what is allowed", async () => {
    const by = await failuresOf(serverNews({ region: "xyz", plan: "nope", os: "ubuntu-99" }));
    expect(by.region).to.include('region "xyz" does not exist; allowed: ').and.include("ewr").and.include("jnb");
    expect(by.plan).to.include('plan "nope" does not exist').and.include("vc2-1c-1gb");
    expect(by.os).to.include('"ubuntu-99" is not an OS image slug').and.include("ubuntu-24.04 (2284)");
    const badId = await failuresOf(serverNews({ os: undefined, osId: 9999 }));
    expect(badId.osId).to.include("osId 9999 is not an OS image id");
  });

  it("refuses a plan not offered in the region, naming where it is and what is there", async () => {
    const by = await failuresOf(serverNews({ region: "syd", plan: "vdc-2c-8gb" }));
    expect(by.plan).to.include('plan "vdc-2c-8gb" is not offered in region "syd"')
      .and.include("it is offered in ewr, fra, ams, nrt")
      .and.include("plans offered in syd: vc2-1c-1gb");
  });

  it("refuses os and osId that name different images, accepts two that name the same", async () => {
    const by = await failuresOf(serverNews({ os: "ubuntu-24.04", osId: 2136 }));
    expect(by.osId).to.include('os "ubuntu-24.04" is image 2284 but osId 2136 is "debian-12"');
    expect(await failuresOf(serverNews({ os: "ubuntu-24.04", osId: 2284 }))).to.deep.equal({});
  });
}, { reset: false });
