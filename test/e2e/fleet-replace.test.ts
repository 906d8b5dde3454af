// `pulumi up --replace` of a Fleet through the real CLI, both shapes and both faces, with and
// without `deleteBeforeReplace`: every recorded member exists and is active, the account holds
// exactly the members, and a no-change preview follows.
//
// `pulumi up --replace` of a Fleet through the real CLI on the packed tarball, in both shapes, on
// the plugin face (Pulumi YAML) and the dynamic face (a Node program), each with and without
// `deleteBeforeReplace`: the engine's default
// create-before-delete runs the new Fleet's create beside the old Fleet, then the old Fleet's
// delete; with `deleteBeforeReplace` the other way round. Either way every recorded member
// exists and is active, the account holds exactly the members, and a no-change preview follows.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { SHAPES, type World } from "./fixtures";
import { TOOLS_DIR } from "./pulumi-env";
import type { PluginProject } from "./support/plugin-project";
import { closeWorldProject, openWorldProject } from "./support/world-project";

const yaml = (name: string, options: string) => `name: ${name}
runtime: yaml
plugins:
  providers:
    - name: hosting
      path: ./node_modules/.bin
resources:
  fleet:
    type: hosting:index:Fleet
${options}    properties:
      defaults:
        plan: vc2-1c-1gb
        os: ubuntu-24.04
        tags: [e2e]
      groups:
        - name: web
          regions: [ewr, fra]
outputs:
  members: \${fleet.members}
`;

const nodeProgram = (options: string) => `const hosting = require("pulumi-hosting");
const fleet = new hosting.Fleet("fleet", {
  defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04", tags: ["e2e"] },
  groups: [{ name: "web", regions: ["ewr", "fra"] }],
}${options});
exports.members = fleet.members;
`;

const CASES = [
  { face: "plugin face (YAML), create-before-delete", name: "fleet-replace-yaml", program: yaml("fleet-replace-yaml", ""), files: undefined },
  { face: "plugin face (YAML), deleteBeforeReplace", name: "fleet-replace-dbr", program: yaml("fleet-replace-dbr", "    options:\n      deleteBeforeReplace: true\n"), files: undefined },
  { face: "dynamic face (Node), create-before-delete", name: "fleet-replace-node", program: "name: fleet-replace-node\nruntime: nodejs\nmain: index.js\n", files: { "index.js": nodeProgram("") } },
  { face: "dynamic face (Node), deleteBeforeReplace", name: "fleet-replace-node-dbr", program: "name: fleet-replace-node-dbr\nruntime: nodejs\nmain: index.js\n", files: { "index.js": nodeProgram(", { deleteBeforeReplace: true }") } },
];

for (const shape of SHAPES) {
  for (const c of CASES) {
    describe(`pulumi up --replace of a Fleet, ${c.face}, shape ${shape}`, function () {
      let world: World;
      let project: PluginProject;

      before(async function () {
        if (!fs.existsSync(path.join(TOOLS_DIR, "bin", "pulumi-language-yaml"))) throw new Error("pulumi-language-yaml is not in .tools/bin: run `npm run setup:pulumi`");
        ({ world, project } = await openWorldProject(shape, c.name, c.program, c.files));
      });
      after(() => closeWorldProject(world, project, true));

      it("every recorded member exists and is active, the account holds exactly the members, and nothing changes after", async () => {
        await project.pulumi("up", "--yes", "--skip-preview");
        const before = JSON.parse(await project.pulumi("stack", "output", "members", "--json")) as Record<string, { id: string }>;
        const exported = JSON.parse(await project.pulumi("stack", "export"));
        const urn = exported.deployment.resources.find((r: any) => /Fleet$/.test(r.type) && r.type !== "pulumi:providers:hosting").urn as string;
        await project.pulumi("up", "--yes", "--skip-preview", "--replace", urn);
        const members = JSON.parse(await project.pulumi("stack", "output", "members", "--json")) as Record<string, { id: string; status: string }>;
        expect(Object.keys(members)).to.deep.equal(["web-ewr-1", "web-fra-1"]);
        const live = await world.sim.liveServers();
        const ids = Object.values(members).map((m) => m.id).sort();
        expect(live.map((s: any) => s.id).sort(), "the account holds exactly the members").to.deep.equal(ids);
        expect(live.every((s: any) => s.status === "active")).to.equal(true);
        expect(ids.filter((id) => Object.values(before).some((m) => m.id === id)), "the replacement made new servers").to.deep.equal([]);
        await project.pulumi("preview", "--expect-no-changes");
      });
    });
  }
}
