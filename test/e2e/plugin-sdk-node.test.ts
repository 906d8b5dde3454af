// A Node.js program on the SDK that `npm run sdk` generates, on the plugin face through the real
// CLI in both shapes: servers, a webhook and a lookup through the default and an explicit provider;
// up, no-change preview, label update in place, destroy; no key or secret in plain text.
//
// A Node.js program on the SDK that `npm run sdk` generates from schema.json (sdk/nodejs),
// on the plugin face, through the real CLI in both shapes: a server, a webhook and a lookup
// through the default provider (stack config), and a server through an explicit Provider.
// up, no-change preview, label update in place, destroy; no key or secret in plain text.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { API_KEY, SHAPES, startWorld, WEBHOOK_SECRET, type World } from "./fixtures";
import { REPO_ROOT } from "./pulumi-env";
import { createPluginProject, type PluginProject } from "./support/plugin-project";
import { given } from "./support/given";

const SDK = path.join(REPO_ROOT, "sdk", "nodejs", "bin");

const PULUMI_YAML = `name: sdk-user
runtime:
  name: nodejs
  options:
    typescript: false
main: index.js
plugins:
  providers:
    - name: hosting
      path: ./node_modules/.bin
`;

const PROGRAM = `// A user's program on the generated SDK.
const pulumi = require("@pulumi/pulumi");
const hosting = require("@pulumi-hosting/sdk");

const config = new pulumi.Config();
const label = config.get("label") || "from-sdk";
const hook = new hosting.Webhook("events", { url: config.require("webhookUrl"), events: ["server.created"], secret: config.requireSecret("webhookSecret") });
const web = new hosting.Server("web", { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", label, tags: ["sdk"] }, { dependsOn: [hook] });
const explicit = new hosting.Provider("explicit", { apiKey: config.requireSecret("explicitKey"), baseUrl: config.require("explicitUrl") });
const api = new hosting.Server("api", { region: "fra", plan: "vc2-1c-1gb", os: "debian-12", label }, { provider: explicit });
const frankfurt = hosting.getRegionOutput({ id: "fra" });

exports.webIp = web.mainIp;
exports.apiStatus = api.status;
exports.city = frankfurt.city;
exports.hookId = hook.id;
`;

for (const shape of SHAPES) {
  describe(`a Node.js program on the generated SDK, plugin face, shape ${shape}`, function () {
    let world: World;
    let project: PluginProject;

    before(async () => {
      if (!fs.existsSync(path.join(SDK, "index.js"))) throw new Error("sdk/nodejs/bin is missing: run `npm run sdk` (scripts/gen-sdk.sh)");
      world = await startWorld(shape);
      project = await createPluginProject(`sdk-${shape.toLowerCase()}`, PULUMI_YAML, { "index.js": PROGRAM }, { "node_modules/@pulumi-hosting/sdk": SDK });
      await project.config(
        { "hosting:baseUrl": world.sim.url, explicitUrl: world.sim.url, webhookUrl: world.receiver.url },
        { "hosting:apiKey": API_KEY, explicitKey: API_KEY, webhookSecret: WEBHOOK_SECRET },
      );
    });
    after(async () => {
      project?.dispose();
      await world?.close();
    });

    /** The first up, which every later case stands on. */
    const upped = given(() => project.pulumi("up", "--yes", "--skip-preview"));

    it("up creates both servers and the webhook; the lookup answers", async () => {
      await upped();
      const live = await world.sim.liveServers();
      expect(live.map((s) => s.label)).to.deep.equal(["from-sdk", "from-sdk"]);
      const outputs = JSON.parse(await project.pulumi("stack", "output", "--json"));
      expect(outputs).to.include({ city: "Frankfurt", apiStatus: "active" });
      expect(outputs.webIp).to.match(/^\d+\.\d+\.\d+\.\d+$/);
      expect((await world.sim.rawWebhooks()).filter((w) => !w.deleted_at).map((w) => w.id)).to.deep.equal([outputs.hookId]);
    });

    it("preview --expect-no-changes passes", async () => {
      await upped();
      await project.pulumi("preview", "--expect-no-changes");
    });

    it("a label change updates both servers in place", async () => {
      await upped();
      const before = (await world.sim.liveServers()).map((s) => s.id).sort();
      await project.pulumi("config", "set", "label", "relabelled");
      expect(await project.pulumi("up", "--yes", "--skip-preview")).to.match(/~ 2 updated/);
      expect((await world.sim.liveServers()).map((s) => s.id).sort()).to.deep.equal(before);
      await project.pulumi("preview", "--expect-no-changes");
    });

    it("keeps the key and the webhook secret out of the state and every output, then destroys", async () => {
      await upped();
      const exported = await project.pulumi("stack", "export");
      for (const text of [exported, ...project.printed]) {
        expect(text).to.not.include(API_KEY);
        expect(text).to.not.include(WEBHOOK_SECRET);
      }
      await project.pulumi("destroy", "--yes", "--skip-preview");
      expect(await world.sim.liveServers()).to.deep.equal([]);
    });
  });
}
