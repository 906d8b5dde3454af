// Two stacks of one project, each with a Fleet `web` on one key, through the real CLI, both shapes
// and both faces: their members are disjoint, a count change, a roll or a destroy of one never
// touches the other's servers, and hosting-orphans finds none.
//
// Two stacks of one project, each with a Fleet `web`, on one key, through the real Pulumi CLI on
// the packed tarball, in both shapes, on the plugin face (Pulumi YAML) and the dynamic face (a
// JavaScript program): disjoint members; a count change of one stack, an OS roll of the other and
// a destroy of the first never touch the other's servers; hosting-orphans finds 0 orphans on the
// healthy stacks after each step. The Fleet's count and OS come from each stack's config.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { API_KEY, SHAPES, type World } from "./fixtures";
import { TOOLS_DIR } from "./pulumi-env";
import { expectLiveExactly, idsOf, NODE_FLEET_ARGS, ownerMarks, postsAndDeletes, yamlFleet, yamlHead } from "./support/fleet-programs";
import { expectNoOrphansByPreview, expectNoOrphansByState } from "./support/orphan-checks";
import type { PluginProject } from "./support/plugin-project";
import { closeWorldProject, openWorldProject } from "./support/world-project";

const yaml = (project: string): string =>
  yamlHead(project).replace(/resources:\n$/, "config:\n  count: { type: integer, default: 2 }\n  os: { type: string, default: ubuntu-24.04 }\nresources:\n") +
  // Quoted: a bare `${...}` inside a flow mapping is not YAML; a quoted one keeps its value's type.
  yamlFleet("web", { count: '"${count}"' as unknown as number, os: '"${os}"' }) +
  "outputs:\n  web: ${web.members}\n";

const NODE_PROGRAM = `const pulumi = require("@pulumi/pulumi");
const hosting = require("pulumi-hosting");
const config = new pulumi.Config();
const args = ${NODE_FLEET_ARGS};
exports.web = new hosting.Fleet("web", args({ count: config.getNumber("count") ?? 2, os: config.get("os") ?? "ubuntu-24.04" })).members;
`;

const FACES = [
  { face: "plugin face (Pulumi YAML)", name: "own-stacks-yaml", program: yaml("own-stacks-yaml"), files: undefined },
  { face: "dynamic face (JavaScript)", name: "own-stacks-node", program: "name: own-stacks-node\nruntime: nodejs\nmain: index.js\n", files: { "index.js": NODE_PROGRAM } },
];

for (const shape of SHAPES) {
  for (const { face, name, program, files } of FACES) {
    describe(`two stacks of one project, each with a Fleet \`web\`, on one key, ${face}, shape ${shape}`, function () {
      let world: World;
      let project: PluginProject;
      const one = `${name}-${shape.toLowerCase()}`;
      const two = `${one}-two`;

      before(async function () {
        if (!fs.existsSync(path.join(TOOLS_DIR, "bin", "pulumi-language-yaml"))) throw new Error("pulumi-language-yaml is not in .tools/bin: run `npm run setup:pulumi`");
        ({ world, project } = await openWorldProject(shape, name, program, files));
        await project.raw("stack", "init", two, "--non-interactive");
        await project.raw("config", "set", "hosting:baseUrl", world.sim.url, "--stack", two);
        await project.raw("config", "set", "--secret", "hosting:apiKey", API_KEY, "--stack", two);
      });
      after(async () => {
        await project?.raw("destroy", "--yes", "--skip-preview", "--stack", two, "--non-interactive").catch(() => undefined);
        await closeWorldProject(world, project, true);
      });

      const run = (stack: string, ...args: string[]) => project.raw(...args, "--stack", stack, "--non-interactive");
      const members = async (stack: string) => idsOf(JSON.parse(await run(stack, "stack", "output", "web", "--json")));
      /** `up` of one stack; the POSTs and DELETEs it sent; 0 orphans on every stack named. */
      const up = async (stack: string, healthy: string[]) => {
        await world.sim.resetStats();
        await run(stack, "up", "--yes", "--skip-preview");
        const counts = await postsAndDeletes(world);
        for (const s of healthy) await expectNoOrphansByState(world, project, name, s);
        return counts;
      };

      it("disjoint members; a count change, an OS roll and a destroy of one stack leave the other's servers", async () => {
        await up(one, [one]);
        expect(await up(two, [one, two])).to.deep.equal({ posts: 2, deletes: 0 });
        const one1 = await members(one);
        const two1 = await members(two);
        expect(one1).to.have.length(2);
        expect(two1).to.have.length(2);
        expect(one1.filter((id) => two1.includes(id)), "the two stacks' Fleets share no server").to.deep.equal([]);
        await expectLiveExactly(world, [...one1, ...two1]);
        const [markOne] = await ownerMarks(world, one1);
        const [markTwo] = await ownerMarks(world, two1);
        expect(markOne, "each Fleet marks its servers as its own").to.match(/^hosting-owner:\S+$/).and.not.equal(markTwo);
        await expectNoOrphansByPreview(project, [one, two]);

        // a count change of stack one: one POST, stack two untouched.
        await run(one, "config", "set", "count", "3");
        expect(await up(one, [one, two])).to.deep.equal({ posts: 1, deletes: 0 });
        const one2 = await members(one);
        expect(one2).to.have.length(3);
        expect(await members(two), "stack two keeps its servers").to.deep.equal(two1);
        await expectLiveExactly(world, [...one2, ...two1]);

        // an OS roll of stack two: its 2 servers replaced, stack one untouched.
        await run(two, "config", "set", "os", "debian-12");
        expect(await up(two, [one, two])).to.deep.equal({ posts: 2, deletes: 2 });
        const two2 = await members(two);
        expect(two2.filter((id) => two1.includes(id)), "stack two's members are new servers").to.deep.equal([]);
        expect(await members(one), "stack one keeps its servers").to.deep.equal(one2);
        await expectLiveExactly(world, [...one2, ...two2]);

        // a destroy of stack one: its 3 servers deleted, stack two's kept.
        await world.sim.resetStats();
        await run(one, "destroy", "--yes", "--skip-preview");
        expect(await postsAndDeletes(world)).to.deep.equal({ posts: 0, deletes: 3 });
        expect(await members(two), "stack two keeps its servers").to.deep.equal(two2);
        await expectLiveExactly(world, two2);
        await expectNoOrphansByState(world, project, name, two);
        await expectNoOrphansByPreview(project, [two]);
        await run(two, "preview", "--expect-no-changes");
      });
    });
  }
}
