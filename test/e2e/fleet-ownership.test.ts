// A Fleet owns its servers by resource instance, not by name, through the real CLI, both shapes and
// both faces: two Fleets named `web` under two parents, and a rename followed by a new Fleet of the
// old name, each keep their own servers, and hosting-orphans finds none.
//
// A Fleet owns its servers by resource instance, not by name, through the real Pulumi CLI on the
// packed tarball, in both shapes, on the plugin face (Pulumi YAML) and the dynamic face (a
// JavaScript program), each step on one key:
// - two Fleets named `web` under two parents (their URNs differ by the parent's type): disjoint
//   members; a count change of one, an OS roll of the other and a destroy of the first (removed
//   from the program) never touch the other's servers;
// - a Fleet renamed by alias (`web` -> `web-blue`), then a new Fleet `web`: each keeps its own
//   servers.
// After each step hosting-orphans finds 0 orphans on the stack.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { API_KEY, SHAPES, type World } from "./fixtures";
import { TOOLS_DIR } from "./pulumi-env";
import {
  expectLiveExactly, type FleetSpec, idsOf, type Members, NODE_FLEET_ARGS, outputs, ownerMarks, postsAndDeletes, START,
  writeSpec, writeYaml, yamlFleet, yamlHead,
} from "./support/fleet-programs";
import { expectNoOrphansByPreview, expectNoOrphansByState } from "./support/orphan-checks";
import { createPluginProject, type PluginProject } from "./support/plugin-project";
import { closeWorldProject, openWorldProject } from "./support/world-project";

interface TwoFleets {
  a?: FleetSpec;
  b?: FleetSpec;
}

// Fleet `a` is the child of a Webhook (the plugin face has no component), `b` of the stack.
const twoParentsYaml = (project: string, s: TwoFleets): string =>
  yamlHead(project) +
  "  parent:\n    type: hosting:index:Webhook\n    properties: { url: http://127.0.0.1:9/parent, events: [server.created] }\n" +
  (s.a ? yamlFleet("web-a", s.a, "    name: web\n    options:\n      parent: ${parent}\n") : "") +
  (s.b ? yamlFleet("web-b", s.b, "    name: web\n") : "") +
  "outputs:\n" + (s.a ? "  a: ${web-a.members}\n" : "") + (s.b ? "  b: ${web-b.members}\n" : "");

// Two components of two types, each with a child Fleet `web`.
const TWO_PARENTS_NODE = `const pulumi = require("@pulumi/pulumi");
const hosting = require("pulumi-hosting");
const spec = require("./spec.json");
const args = ${NODE_FLEET_ARGS};
for (const [key, type] of [["a", "own:index:Blue"], ["b", "own:index:Green"]]) {
  if (!spec[key]) continue;
  const parent = new pulumi.ComponentResource(type, key);
  exports[key] = new hosting.Fleet("web", args(spec[key]), { parent }).members;
}
`;

// The steps of a rename: `web` alone, then renamed `web-blue` by alias, then a new `web` beside it.
// (The engine refuses a new resource under a name an alias of another claims in the same `up`:
// "Duplicate resource URN ... conflicting with alias", so the new `web` comes in the next one.)
type RenameStep = "web" | "renamed" | "reused";

// Pulumi YAML takes an alias as a URN only: the old URN of the renamed Fleet.
const renameYaml = (project: string, stack: string, step: RenameStep): string =>
  yamlHead(project) +
  (step === "web"
    ? yamlFleet("web", START) + "outputs:\n  web: ${web.members}\n"
    : yamlFleet("web-blue", START, `    options:\n      aliases: ["urn:pulumi:${stack}::${project}::hosting:index:Fleet::web"]\n`) +
      (step === "reused" ? yamlFleet("web", START) : "") +
      "outputs:\n  blue: ${web-blue.members}\n" + (step === "reused" ? "  web: ${web.members}\n" : ""));

const RENAME_NODE = `const hosting = require("pulumi-hosting");
const { step } = require("./spec.json");
const args = ${NODE_FLEET_ARGS};
const spec = { count: 2, os: "ubuntu-24.04" };
if (step !== "web") exports.blue = new hosting.Fleet("web-blue", args(spec), { aliases: [{ name: "web" }] }).members;
if (step !== "renamed") exports.web = new hosting.Fleet("web", args(spec)).members;
`;

const FACES = [
  { face: "plugin face (Pulumi YAML)", yaml: true },
  { face: "dynamic face (JavaScript)", yaml: false },
];

for (const shape of SHAPES) {
  for (const { face, yaml } of FACES) {
    describe(`Fleets own their servers by instance, ${face}, shape ${shape}`, function () {
      let world: World;
      const projects: PluginProject[] = [];
      const stackOf = (name: string) => `${name}-${shape.toLowerCase()}`;

      before(async function () {
        if (!fs.existsSync(path.join(TOOLS_DIR, "bin", "pulumi-language-yaml"))) throw new Error("pulumi-language-yaml is not in .tools/bin: run `npm run setup:pulumi`");
      });
      after(async () => {
        for (const p of projects.slice(1)) {
          await p.pulumi("destroy", "--yes", "--skip-preview").catch(() => undefined);
          p.dispose();
        }
        await closeWorldProject(world, projects[0], true);
      });

      /** A project of this face on this block's simulator (started by the first). */
      const open = async (name: string, program: (project: string) => string, nodeProgram: string): Promise<PluginProject> => {
        const text = yaml ? program(name) : `name: ${name}\nruntime: nodejs\nmain: index.js\n`;
        const files = yaml ? undefined : { "index.js": nodeProgram, "spec.json": "{}" };
        if (!world) {
          const opened = await openWorldProject(shape, name, text, files);
          world = opened.world;
          projects.push(opened.project);
          return opened.project;
        }
        const project = await createPluginProject(stackOf(name), text, files);
        await project.config({ "hosting:baseUrl": world.sim.url }, { "hosting:apiKey": API_KEY });
        projects.push(project);
        return project;
      };

      it("two Fleets `web` under two parents: disjoint members; a count change, an OS roll and a destroy of one leave the other's servers", async () => {
        const name = `own-parents-${yaml ? "yaml" : "node"}`;
        const project = await open(name, (p) => twoParentsYaml(p, { a: START, b: START }), TWO_PARENTS_NODE);
        const step = async (s: TwoFleets) => {
          if (yaml) writeYaml(project, twoParentsYaml(name, s));
          else writeSpec(project, s);
          await world.sim.resetStats();
          await project.pulumi("up", "--yes", "--skip-preview");
          const out = await outputs(project);
          const counts = await postsAndDeletes(world);
          await expectNoOrphansByState(world, project, name, stackOf(name));
          return { a: out.a as Members | undefined, b: out.b as Members | undefined, counts };
        };

        if (!yaml) writeSpec(project, { a: START, b: START });
        await world.sim.resetStats();
        await project.pulumi("up", "--yes", "--skip-preview");
        const first = await outputs(project);
        const a1 = idsOf(first.a);
        const b1 = idsOf(first.b);
        expect(a1).to.have.length(2);
        expect(b1).to.have.length(2);
        expect(a1.filter((id) => b1.includes(id)), "the two Fleets share no server").to.deep.equal([]);
        expect(await postsAndDeletes(world)).to.deep.equal({ posts: 4, deletes: 0 });
        await expectLiveExactly(world, [...a1, ...b1]);
        const [markA] = await ownerMarks(world, a1);
        const [markB] = await ownerMarks(world, b1);
        expect(await ownerMarks(world, a1)).to.deep.equal([markA, markA]);
        expect(await ownerMarks(world, b1)).to.deep.equal([markB, markB]);
        expect(markA, "each Fleet marks its servers as its own").to.match(/^hosting-owner:\S+$/).and.not.equal(markB);
        await expectNoOrphansByState(world, project, name, stackOf(name));
        await expectNoOrphansByPreview(project, [stackOf(name)]);

        // a count change of `a`: one POST, `b` untouched.
        const grown = await step({ a: { ...START, count: 3 }, b: START });
        expect(grown.counts).to.deep.equal({ posts: 1, deletes: 0 });
        const a2 = idsOf(grown.a!);
        expect(a2).to.have.length(3);
        expect(a2.filter((id) => a1.includes(id))).to.deep.equal(a1);
        expect(idsOf(grown.b!), "b keeps its servers").to.deep.equal(b1);
        await expectLiveExactly(world, [...a2, ...b1]);

        // an OS roll of `b`: b's 2 servers replaced, `a` untouched.
        const rolled = await step({ a: { ...START, count: 3 }, b: { ...START, os: "debian-12" } });
        expect(rolled.counts).to.deep.equal({ posts: 2, deletes: 2 });
        const b2 = idsOf(rolled.b!);
        expect(b2.filter((id) => b1.includes(id)), "b's members are new servers").to.deep.equal([]);
        expect(idsOf(rolled.a!), "a keeps its servers").to.deep.equal(a2);
        await expectLiveExactly(world, [...a2, ...b2]);

        // `a` removed from the program: its 3 servers deleted, `b`'s kept.
        const removed = await step({ b: { ...START, os: "debian-12" } });
        expect(removed.counts).to.deep.equal({ posts: 0, deletes: 3 });
        expect(removed.a).to.equal(undefined);
        expect(idsOf(removed.b!), "b keeps its servers").to.deep.equal(b2);
        await expectLiveExactly(world, b2);
        await expectNoOrphansByPreview(project, [stackOf(name)]);
        await project.pulumi("preview", "--expect-no-changes");
        await project.pulumi("destroy", "--yes", "--skip-preview");
        await expectLiveExactly(world, []);
      });

      it("a Fleet renamed by alias (`web` -> `web-blue`), then a new Fleet `web`: each keeps its own servers", async () => {
        const name = `own-rename-${yaml ? "yaml" : "node"}`;
        const stack = stackOf(name);
        const project = await open(name, (p) => renameYaml(p, stackOf(p), "web"), RENAME_NODE);
        const step = async (next: RenameStep) => {
          if (yaml) writeYaml(project, renameYaml(name, stack, next));
          else writeSpec(project, { step: next });
          await world.sim.resetStats();
          await project.pulumi("up", "--yes", "--skip-preview");
          const out = await outputs(project);
          await expectNoOrphansByState(world, project, name, stack);
          return { blue: out.blue as Members | undefined, web: out.web as Members | undefined, counts: await postsAndDeletes(world) };
        };

        const first = await step("web");
        const old = idsOf(first.web!);
        expect(old).to.have.length(2);
        await expectLiveExactly(world, old);

        const renamed = await step("renamed");
        expect(renamed.counts, "a rename makes and deletes nothing").to.deep.equal({ posts: 0, deletes: 0 });
        expect(idsOf(renamed.blue!), "the renamed Fleet keeps its servers").to.deep.equal(old);
        await expectLiveExactly(world, old);
        const [renamedMark] = await ownerMarks(world, old);

        const reused = await step("reused");
        expect(idsOf(reused.blue!), "the renamed Fleet keeps its servers").to.deep.equal(old);
        const made = idsOf(reused.web!);
        expect(made).to.have.length(2);
        expect(made.filter((id) => old.includes(id)), "the new `web` made its own").to.deep.equal([]);
        expect(reused.counts).to.deep.equal({ posts: 2, deletes: 0 });
        await expectLiveExactly(world, [...old, ...made]);
        const [blueMark] = await ownerMarks(world, old);
        const [webMark] = await ownerMarks(world, made);
        expect(await ownerMarks(world, old), "the rename keeps the servers' owner mark").to.deep.equal([renamedMark, renamedMark]);
        expect(blueMark, "each Fleet marks its servers as its own").to.match(/^hosting-owner:\S+$/).and.not.equal(webMark);
        await expectNoOrphansByPreview(project, [stack]);
        await project.pulumi("preview", "--expect-no-changes");
        await project.pulumi("destroy", "--yes", "--skip-preview");
        await expectLiveExactly(world, []);
      });
    });
  }
}
