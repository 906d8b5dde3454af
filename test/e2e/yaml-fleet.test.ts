// examples/yaml-fleet (servers, a Fleet, a webhook, a lookup) on the plugin face through the real
// CLI, both shapes: up, no-change preview, refresh, label update in place, OS replace and destroy,
// each `up` with its preview, and no key or secret in plain text.
//
// examples/yaml-fleet (Pulumi YAML: servers, a Fleet of 3 groups × 2 regions, a webhook, a
// lookup through fn::invoke) on the plugin face, through the real CLI and the
// pulumi-language-yaml that setup builds, in both shapes: up, no-change preview, refresh,
// label update in place, OS replace (the fleet's rolled), destroy, and
// neither the API key nor the webhook secret in plain text in the state or any output. Each
// `up` runs with its preview, so the preview answers (unknowns, detailed diffs) cross the engine.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { API_KEY, SHAPES, startWorld, WEBHOOK_SECRET, type World } from "./fixtures";
import { REPO_ROOT, TOOLS_DIR } from "./pulumi-env";
import { given } from "./support/given";
import { createPluginProject, type PluginProject } from "./support/plugin-project";

const EXAMPLE = fs.readFileSync(path.join(REPO_ROOT, "examples", "yaml-fleet", "Pulumi.yaml"), "utf8");

for (const shape of SHAPES) {
  describe(`Pulumi YAML fleet on the plugin face, shape ${shape}`, function () {
    let world: World;
    let project: PluginProject;
    const ids = async () => (await world.sim.liveServers()).map((s) => s.id).sort();
    /** The first up, which every later case stands on. */
    const upped = given(() => project.pulumi("up", "--yes"));

    before(async function () {
      if (!fs.existsSync(path.join(TOOLS_DIR, "bin", "pulumi-language-yaml"))) {
        throw new Error("pulumi-language-yaml is not in .tools/bin: run `npm run setup:pulumi` (it builds it from its Go module)");
      }
      world = await startWorld(shape);
      project = await createPluginProject(`yaml-${shape.toLowerCase()}`, EXAMPLE);
      await project.config({ "hosting:baseUrl": world.sim.url, webhookUrl: world.receiver.url }, { "hosting:apiKey": API_KEY, webhookSecret: WEBHOOK_SECRET });
    });
    after(async () => {
      project?.dispose();
      await world?.close();
    });

    it("up creates both servers, the fleet's 6 members, the webhook and the lookup's output", async () => {
      const out = await upped();
      expect(out).to.match(/\+ 5 created/);
      const live = await world.sim.liveServers();
      expect(live.map((s) => s.status)).to.deep.equal(Array(8).fill("active"));
      const servers = live.filter((s) => s.label === "yaml-fleet");
      expect(servers.map((s) => s.region).sort()).to.deep.equal(["ewr", "fra"]);
      const outputs = JSON.parse(await project.pulumi("stack", "output", "--json"));
      expect(Object.keys(outputs.fleetMembers)).to.deep.equal(["api-ewr-1", "api-fra-1", "db-ewr-1", "db-fra-1", "web-ewr-1", "web-fra-1"]);
      expect(live.filter((s) => s.label.startsWith("yaml-fleet-")).map((s) => s.label).sort()).to.deep.equal(Object.keys(outputs.fleetMembers).map((k) => `yaml-fleet-${k}`));
      expect(outputs.planId).to.equal("vc2-1c-1gb");
      const hooks = (await world.sim.rawWebhooks()).filter((w) => !w.deleted_at);
      expect(hooks.map((w) => w.id)).to.deep.equal([outputs.webhookId]);
      expect(hooks[0].secret).to.equal(WEBHOOK_SECRET);
    });

    it("preview --expect-no-changes passes, and again after a refresh", async () => {
      await upped();
      await project.pulumi("preview", "--expect-no-changes");
      const refreshed = await project.pulumi("refresh", "--yes", "--skip-preview");
      expect(refreshed).to.not.match(/~ \d+ updated/);
      await project.pulumi("preview", "--expect-no-changes");
    });

    it("a label change updates both servers and the fleet's members in place", async () => {
      await upped();
      const before = await ids();
      await project.pulumi("config", "set", "label", "relabelled");
      const out = await project.pulumi("up", "--yes");
      expect(out).to.match(/~ 3 updated/);
      expect(await ids()).to.deep.equal(before);
      expect((await world.sim.liveServers()).every((s) => s.label === "relabelled" || /^relabelled-[a-z]+-[a-z]+-1$/.test(s.label))).to.equal(true);
      await project.pulumi("preview", "--expect-no-changes");
    });

    it("an OS change replaces both servers and rolls the fleet's members", async () => {
      await upped();
      const before = await ids();
      await project.pulumi("config", "set", "os", "debian-12");
      const out = await project.pulumi("up", "--yes");
      expect(out).to.match(/\+-2 replaced|2 replaced/);
      expect(out).to.match(/~ 1 updated/);
      const after = await ids();
      expect(after).to.have.length(8);
      expect(after.filter((id) => before.includes(id))).to.deep.equal([]);
      await project.pulumi("preview", "--expect-no-changes");
    });

    it("neither the API key nor the webhook secret is in plain text in the state or any output", async () => {
      await upped();
      const exported = await project.pulumi("stack", "export");
      const stateFiles = fs.readdirSync(project.env.backendDir, { recursive: true }) as string[];
      const state = stateFiles.map((f) => path.join(project.env.backendDir, f)).filter((f) => fs.statSync(f).isFile()).map((f) => fs.readFileSync(f, "utf8"));
      for (const text of [exported, ...state, ...project.printed]) {
        expect(text).to.not.include(API_KEY);
        expect(text).to.not.include(WEBHOOK_SECRET);
      }
      const doc = JSON.parse(exported);
      const hook = doc.deployment.resources.find((r: any) => r.type === "hosting:index:Webhook");
      expect(hook.outputs.secret.ciphertext, "the webhook secret is stored encrypted").to.be.a("string");
    });

    it("destroy removes the servers, the fleet and the webhook", async () => {
      await upped();
      await project.pulumi("destroy", "--yes", "--skip-preview");
      expect(await world.sim.liveServers()).to.deep.equal([]);
      expect((await world.sim.rawWebhooks()).filter((w) => !w.deleted_at)).to.deep.equal([]);
    });
  });
}
