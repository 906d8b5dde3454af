// Two explicit `hosting` providers with two keys in one program, on the plugin face, through
// the real CLI in both shapes: each server lands in its own account (two simulators, one
// per account), and a lookup goes through a third provider holding account A's Read key.
// The simulators' per-key request counts prove which key made which call. No default
// provider is configured: nothing may fall back to stack config or the environment.
import { expect } from "chai";
import { stringify } from "yaml";
import { keyLabel } from "pulumi-hosting/simulator";
import { countRequests, SHAPES, startTestSimulator, type TestSimulator } from "../helpers/simulator";
import { createPluginProject, type PluginProject } from "./support/plugin-project";
import { given } from "./support/given";

const KEY_A = "account-a-full-key-5b21";
const READ_A = "account-a-read-key-77c0";
const KEY_B = "account-b-full-key-e94d";

const server = (label: string, provider: string) => ({
  type: "hosting:index:Server",
  properties: { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", label },
  options: { provider },
});
const PROGRAM = stringify({
  name: "two-accounts",
  runtime: "yaml",
  plugins: { providers: [{ name: "hosting", path: "./node_modules/.bin" }] },
  config: {
    keyA: { type: "string", secret: true },
    readA: { type: "string", secret: true },
    keyB: { type: "string", secret: true },
    urlA: { type: "string" },
    urlB: { type: "string" },
  },
  resources: {
    accountA: { type: "pulumi:providers:hosting", properties: { apiKey: "${keyA}", baseUrl: "${urlA}" } },
    accountB: { type: "pulumi:providers:hosting", properties: { apiKey: "${keyB}", baseUrl: "${urlB}" } },
    readerA: { type: "pulumi:providers:hosting", properties: { apiKey: "${readA}", baseUrl: "${urlA}" } },
    "web-a": server("in-a", "${accountA}"),
    "web-b": server("in-b", "${accountB}"),
  },
  variables: {
    frankfurt: { "fn::invoke": { function: "hosting:index:getRegion", arguments: { id: "fra" }, options: { provider: "${readerA}" } } },
    account: { "fn::invoke": { function: "hosting:index:getAccount", arguments: {}, options: { provider: "${readerA}" } } },
  },
  outputs: { city: "${frankfurt.city}", accountName: "${account.name}" },
});

const TIMINGS = { provisionMs: 400, transitionMs: 200, seed: 7 };

/** The requests one key made, by "METHOD /pattern STATUS". */
async function madeBy(sim: TestSimulator, key: string): Promise<Record<string, number>> {
  return (await sim.stats()).byKey[keyLabel(key)] ?? {};
}

for (const shape of SHAPES) {
  describe(`two explicit providers with two keys on the plugin face, shape ${shape}`, function () {
    let simA: TestSimulator;
    let simB: TestSimulator;
    let project: PluginProject;

    before(async () => {
      simA = await startTestSimulator({ shape, ...TIMINGS, keys: [{ key: KEY_A, permission: "full", tier: "enterprise" }, { key: READ_A, permission: "read", tier: "enterprise" }] });
      simB = await startTestSimulator({ shape, ...TIMINGS, keys: [{ key: KEY_B, permission: "full", tier: "enterprise" }] });
      project = await createPluginProject(`accounts-${shape.toLowerCase()}`, PROGRAM);
      await project.config({ urlA: simA.url, urlB: simB.url }, { keyA: KEY_A, readA: READ_A, keyB: KEY_B });
    });
    after(async () => {
      project?.dispose();
      await simA?.close();
      await simB?.close();
    });

    /** The first up, which every later case stands on. */
    const upped = given(() => project.pulumi("up", "--yes", "--skip-preview"));

    it("up puts each server in its own account, and the Read key makes the lookup and nothing else", async () => {
      await upped();
      expect((await simA.liveServers()).map((s) => s.label)).to.deep.equal(["in-a"]);
      expect((await simB.liveServers()).map((s) => s.label)).to.deep.equal(["in-b"]);
      const outputs = JSON.parse(await project.pulumi("stack", "output", "--json"));
      expect(outputs.city).to.equal("Frankfurt");
      expect(outputs.accountName).to.be.a("string").and.not.equal("");

      const byA = await madeBy(simA, KEY_A);
      const byReader = await madeBy(simA, READ_A);
      const byB = await madeBy(simB, KEY_B);
      expect(countRequests({ byRoute: byA }, "POST /v1/servers")).to.equal(1);
      expect(countRequests({ byRoute: byB }, "POST /v1/servers")).to.equal(1);
      // The catalogue may come from the machine's file cache; the account never does.
      expect(countRequests({ byRoute: byReader }, "GET /v1/account"), "the lookup went through the Read key").to.equal(1);
      expect(countRequests({ byRoute: byA }, "GET /v1/account"), "and not through the Write key").to.equal(0);
      expect(Object.keys(byReader).filter((r) => !r.startsWith("GET ")), "the Read key only reads").to.deep.equal([]);
      expect(Object.keys(byReader).filter((r) => / [45]\d\d$/.test(r)), "and is never refused").to.deep.equal([]);
      // Each account saw only its own keys: no request with a key of another account or none.
      expect(Object.keys((await simA.stats()).byKey).sort()).to.deep.equal([keyLabel(KEY_A), keyLabel(READ_A)].sort());
      expect(Object.keys((await simB.stats()).byKey)).to.deep.equal([keyLabel(KEY_B)]);
    });

    it("preview --expect-no-changes passes, and no key is in plain text in the state", async () => {
      await upped();
      await project.pulumi("preview", "--expect-no-changes");
      const exported = await project.pulumi("stack", "export");
      for (const key of [KEY_A, READ_A, KEY_B]) expect(exported).to.not.include(key);
      for (const text of project.printed) for (const key of [KEY_A, READ_A, KEY_B]) expect(text).to.not.include(key);
    });

    it("destroy deletes each server through its own account's key", async () => {
      await upped();
      await simA.resetStats();
      await simB.resetStats();
      await project.pulumi("destroy", "--yes", "--skip-preview");
      expect(await simA.liveServers()).to.deep.equal([]);
      expect(await simB.liveServers()).to.deep.equal([]);
      expect(countRequests({ byRoute: await madeBy(simA, KEY_A) }, "DELETE /v1/servers/:id")).to.equal(1);
      expect(countRequests({ byRoute: await madeBy(simB, KEY_B) }, "DELETE /v1/servers/:id")).to.equal(1);
    });
  });
}
