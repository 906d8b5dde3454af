// An imported Fleet is the importing stack's: roll, then destroy, through the real CLI, both shapes.
// A Fleet `web` of 2 made by one stack, `pulumi state delete` there, then `pulumi import
// hosting:index:Fleet web <key>=<id>,...` into another stack of a program with no resource
// (Pulumi YAML, the packed tarball's plugin), then `pulumi refresh`: the imported program's OS
// changed rolls both members to new servers and the old ones go; a destroy then leaves no server
// of the fleet.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { API_KEY, SHAPES, type World } from "./fixtures";
import { TOOLS_DIR } from "./pulumi-env";
import { idsOf, type Members, outputs, START, yamlFleet, yamlHead } from "./support/fleet-programs";
import { createPluginProject, type PluginProject } from "./support/plugin-project";
import { closeWorldProject, openWorldProject } from "./support/world-project";

const liveIds = async (world: World) => (await world.sim.liveServers()).map((s) => s.id).sort();

for (const shape of SHAPES) {
  describe(`pulumi import of a live Fleet after state delete, then a roll and a destroy, Pulumi YAML, shape ${shape}`, function () {
    let world: World | undefined;
    let first: PluginProject | undefined;
    let importer: PluginProject | undefined;

    before(async function () {
      if (!fs.existsSync(path.join(TOOLS_DIR, "bin", "pulumi-language-yaml"))) throw new Error("pulumi-language-yaml is not in .tools/bin: run `npm run setup:pulumi`");
      ({ world, project: first } = await openWorldProject(shape, "fleet-made", yamlHead("fleet-made") + yamlFleet("web", START) + "outputs:\n  web: ${web.members}\n"));
    });
    after(async () => {
      await importer?.pulumi("destroy", "--yes", "--skip-preview").catch(() => undefined);
      importer?.dispose();
      await closeWorldProject(world, first);
    });

    it("the import takes the servers over, a refresh too: the roll replaces them and the destroy deletes the new ones, nothing left", async () => {
      const w = world!;
      await first!.pulumi("up", "--yes", "--skip-preview");
      const made = idsOf((await outputs(first!)).web as Members);
      expect(made).to.have.length(2);
      await first!.pulumi("state", "delete", `urn:pulumi:fleet-made-${shape.toLowerCase()}::fleet-made::hosting:index:Fleet::web`, "--yes");

      importer = await createPluginProject(`fleet-importer-${shape.toLowerCase()}`, yamlHead("fleet-importer").replace(/resources:\n$/, ""));
      await importer.config({ "hosting:baseUrl": w.sim.url }, { "hosting:apiKey": API_KEY });
      const ids = (await w.sim.liveServers()).map((s) => `${s.label}=${s.id}`).sort().join(",");
      await importer.pulumi("import", "hosting:index:Fleet", "web", ids, "--yes", "--protect=false", "--out", "imported.yaml");
      const program = fs.readFileSync(path.join(importer.dir, "imported.yaml"), "utf8");
      expect(program, "the imported program names the OS").to.include("ubuntu-24.04");
      fs.appendFileSync(path.join(importer.dir, "Pulumi.yaml"), program.replace(/ubuntu-24\.04/g, "debian-12"));
      // A refresh keeps each member recorded with the owner mark it carries (the import's take-over).
      await importer.pulumi("refresh", "--yes", "--skip-preview");

      await importer.pulumi("up", "--yes", "--skip-preview");
      const live = await liveIds(w);
      expect(live, "2 servers: the roll's new ones").to.have.length(2);
      expect(live.filter((id) => made.includes(id)), "the imported servers went with the roll").to.deep.equal([]);

      await importer.pulumi("destroy", "--yes", "--skip-preview");
      expect(await liveIds(w)).to.deep.equal([]);
    });
  });
}
