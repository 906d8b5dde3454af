// Two Fleets `web` on two explicit providers (two plugin processes, one key), one under a parent
// and one at the root, created in the same `up` through the real CLI, both shapes: 4 servers, 2
// each, disjoint; the next `up` keeps the same 4; a destroy leaves none.
//
// Each explicit provider is a process of its own, so nothing one holds in memory can tell the
// other's create in flight from an abandoned one: only the servers' marks and each Fleet's state
// decide (docs/guide/ownership.md). The simulator's servers take 3 s to become active, so each
// create lists the account while the other's servers exist and are not marked live yet.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { API_KEY, SHAPES, type World } from "./fixtures";
import { TOOLS_DIR } from "./pulumi-env";
import { expectLiveExactly, idsOf, type Members, outputs, ownerMarks, postsAndDeletes, START, writeYaml, yamlFleet, yamlHead } from "./support/fleet-programs";
import type { PluginProject } from "./support/plugin-project";
import { closeWorldProject, openWorldProject } from "./support/world-project";

const provider = (name: string, url: string): string =>
  `  ${name}:\n    type: pulumi:providers:hosting\n    properties: { apiKey: ${API_KEY}, baseUrl: "${url}" }\n`;

const twoProvidersYaml = (project: string, url: string): string =>
  yamlHead(project) + provider("one", url) + provider("two", url) +
  "  parent:\n    type: hosting:index:Webhook\n    properties: { url: http://127.0.0.1:9/parent, events: [server.created] }\n" +
  yamlFleet("web-a", START, "    name: web\n    options:\n      provider: ${one}\n      parent: ${parent}\n") +
  yamlFleet("web-b", START, "    name: web\n    options:\n      provider: ${two}\n") +
  "outputs:\n  a: ${web-a.members}\n  b: ${web-b.members}\n";

for (const shape of SHAPES) {
  describe(`Fleets of one name on two explicit providers, plugin face (Pulumi YAML), shape ${shape}`, function () {
    let world: World | undefined;
    let project: PluginProject | undefined;

    before(async function () {
      if (!fs.existsSync(path.join(TOOLS_DIR, "bin", "pulumi-language-yaml"))) throw new Error("pulumi-language-yaml is not in .tools/bin: run `npm run setup:pulumi`");
      const name = "own-providers";
      const opened = await openWorldProject(shape, name, yamlHead(name), undefined, (w) => w.sim.setConfig({ provisionMs: 3000 }));
      world = opened.world;
      project = opened.project;
      writeYaml(project, twoProvidersYaml(name, world.sim.url));
    });
    after(async () => closeWorldProject(world, project, true));

    it("created in one up: 4 servers, 2 each, disjoint; the next up keeps the same 4; destroy leaves none", async () => {
      const [w, p] = [world!, project!];
      await p.pulumi("up", "--yes", "--skip-preview");
      const first = await outputs(p);
      const a = idsOf(first.a as Members);
      const b = idsOf(first.b as Members);
      expect(a).to.have.length(2);
      expect(b).to.have.length(2);
      expect(a.filter((id) => b.includes(id)), "the two Fleets record no server in common").to.deep.equal([]);
      await expectLiveExactly(w, [...a, ...b]);
      const [markA] = await ownerMarks(w, a);
      const [markB] = await ownerMarks(w, b);
      expect(await ownerMarks(w, a)).to.deep.equal([markA, markA]);
      expect(await ownerMarks(w, b)).to.deep.equal([markB, markB]);
      expect(markA, "each Fleet marks its own servers").to.not.equal(markB);

      await w.sim.resetStats();
      await p.pulumi("up", "--yes", "--skip-preview");
      const again = await outputs(p);
      expect(idsOf(again.a as Members)).to.deep.equal(a);
      expect(idsOf(again.b as Members)).to.deep.equal(b);
      expect(await postsAndDeletes(w)).to.deep.equal({ posts: 0, deletes: 0 });
      await expectLiveExactly(w, [...a, ...b]);

      await p.pulumi("destroy", "--yes", "--skip-preview");
      await expectLiveExactly(w, []);
    });
  });
}
