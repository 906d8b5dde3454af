// A Node.js program moves from the dynamic face to the plugin's generated Node SDK and back, one
// alias per resource, through the real CLI in both shapes: 0 replaces, 0 POST, PATCH or DELETE,
// then a no-change preview.
//
// The face switch (docs/guide/adoption-and-moves.md, "From the dynamic face ..."): a Node.js
// program with 3 `hosting.Server` and a `hosting.Webhook` of the dynamic face moves to the Node
// SDK that `npm run sdk` generates for the plugin (@pulumi-hosting/sdk), one `aliases` entry
// per resource naming its old type, through the real CLI in both shapes. The engine keeps a
// resource whose type and provider changed when the new provider's DiffConfig asks no replace
// (step_generator.go providerChanged) and its Diff, given the dynamic face's recorded outputs
// (`__provider` among them), finds no change: 0 replaces, 0 POST/PATCH/DELETE, then a
// no-change preview. Then back again (the dynamic provider has no DiffConfig, which the
// engine takes as no replace), with the same counts.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { API_KEY, SHAPES, startWorld, WEBHOOK_SECRET, type World } from "./fixtures";
import { REPO_ROOT } from "./pulumi-env";
import { createPluginProject, type PluginProject } from "./support/plugin-project";
import { given } from "./support/given";

const SDK = path.join(REPO_ROOT, "sdk", "nodejs", "bin");

const PULUMI_YAML = `name: face-switch
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

const DYNAMIC = { module: "pulumi-hosting", server: "pulumi-nodejs:dynamic/hosting:Server", webhook: "pulumi-nodejs:dynamic/hosting:Webhook" };
const PLUGIN = { module: "@pulumi-hosting/sdk", server: "hosting:index:Server", webhook: "hosting:index:Webhook" };
type Face = typeof DYNAMIC;

/** The same program on `face`; `from` names the face its state was written by (the aliases). */
function program(face: Face, from?: Face): string {
  // The resource options: `dependsOn` for the servers, and one alias naming the old type after a switch.
  const options = (aliasType: string | undefined, dependsOn: boolean) => {
    const parts = [...(dependsOn ? ["dependsOn: [hook]"] : []), ...(aliasType ? [`aliases: [{ type: ${JSON.stringify(aliasType)} }]`] : [])];
    return parts.length > 0 ? `, { ${parts.join(", ")} }` : "";
  };
  const server = (name: string, args: string) => `  new hosting.Server(${JSON.stringify(name)}, ${args}${options(from?.server, true)}),`;
  return `// A user's program on ${face.module}${from ? `, moved from ${from.module}` : ""}.
const pulumi = require("@pulumi/pulumi");
const hosting = require(${JSON.stringify(face.module)});

const config = new pulumi.Config();
const hook = new hosting.Webhook("events", { url: config.require("webhookUrl"), events: ["server.created", "server.deleted"], secret: config.requireSecret("webhookSecret") }${options(from?.webhook, false)});
const servers = [
${server("web-1", '{ region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: "web-1", tags: ["web"] }')}
${server("web-2", '{ region: "fra", plan: "vc2-1c-1gb", os: "debian-12", label: "web-2", tags: ["web"], powerState: "stopped" }')}
${server("db-1", '{ region: "ewr", plan: "vc2-2c-4gb", os: "ubuntu-24.04", label: "db-1", backups: true }')}
];
exports.ids = servers.map((s) => s.id);
exports.hookId = hook.id;
`;
}

const MUTATING = /^(POST|PUT|PATCH|DELETE) /;

for (const shape of SHAPES) {
  describe(`the face switch of 3 Servers and a Webhook, dynamic face <-> the plugin's Node SDK, shape ${shape}`, function () {
    let world: World;
    let project: PluginProject;
    let ids: string[];

    before(async () => {
      if (!fs.existsSync(path.join(SDK, "index.js"))) throw new Error("sdk/nodejs/bin is missing: run `npm run sdk` (scripts/gen-sdk.sh)");
      world = await startWorld(shape);
      project = await createPluginProject(`switch-${shape.toLowerCase()}`, PULUMI_YAML, { "index.js": program(DYNAMIC) }, { "node_modules/@pulumi-hosting/sdk": SDK });
      await project.config({ "hosting:baseUrl": world.sim.url, webhookUrl: world.receiver.url }, { "hosting:apiKey": API_KEY, webhookSecret: WEBHOOK_SECRET });
      await project.pulumi("up", "--yes", "--skip-preview");
      ids = (await world.sim.liveServers()).map((s) => s.id).sort();
      expect(ids).to.have.length(3);
    });
    after(async () => {
      project?.dispose();
      await world?.close();
    });

    /** Switches the program to `to` with aliases from `from`: the preview, the up and the next preview. */
    async function switchFaces(to: Face, from: Face): Promise<void> {
      fs.writeFileSync(path.join(project.dir, "index.js"), program(to, from));
      const preview = JSON.parse(await project.pulumi("preview", "--json")) as { steps: Array<{ op: string; urn: string }> };
      const changed = preview.steps.filter((s) => s.op !== "same" && !s.urn.includes("pulumi:providers:"));
      expect(changed, JSON.stringify(changed)).to.deep.equal([]);
      await world.sim.resetStats();
      const up = await project.pulumi("up", "--yes", "--skip-preview");
      expect(up).to.not.match(/replaced|created|deleted/);
      const mutating = Object.entries((await world.sim.stats()).byRoute).filter(([route, n]) => MUTATING.test(route) && n > 0);
      expect(mutating, "requests that change the API").to.deep.equal([]);
      expect((await world.sim.liveServers()).map((s) => s.id).sort()).to.deep.equal(ids);
      const state = JSON.parse(await project.pulumi("stack", "export"));
      const types = state.deployment.resources.map((r: { type: string }) => r.type).filter((t: string) => /Server|Webhook/.test(t));
      expect(types.sort()).to.deep.equal([to.server, to.server, to.server, to.webhook]);
      await project.pulumi("preview", "--expect-no-changes");
    }

    /** The switch to the plugin's SDK, which the way back stands on. */
    const onPlugin = given(() => switchFaces(PLUGIN, DYNAMIC));

    it("to the plugin's SDK with one alias per resource: nothing replaced, 0 mutating requests, then no change", async () => {
      await onPlugin();
    });

    it("and back to the dynamic face the same way", async () => {
      await onPlugin();
      await switchFaces(DYNAMIC, PLUGIN);
    });

    it("destroy still deletes the 3 servers", async () => {
      await project.pulumi("destroy", "--yes", "--skip-preview");
      expect(await world.sim.liveServers()).to.deep.equal([]);
    });
  });
}
