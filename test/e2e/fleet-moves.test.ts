// The moves of the guide's "Moving a stack" through the real CLI, both shapes and both faces, each
// in one `up`: two Servers to a Fleet, that Fleet to another Fleet, and that Fleet to two Servers,
// each keeping the same 2 ids with 0 POST and 0 DELETE and a no-change preview after.
//
// The moves of docs/guide/adoption-and-moves.md through the real Pulumi CLI on the packed
// tarball, in both shapes, on the plugin face (Pulumi YAML) and the dynamic face (a JavaScript
// program), each in one `up`: two Servers to a Fleet (`adoptIds` from `fleetAdoptIds` of the
// exported state, the Servers removed), that Fleet to another Fleet (`adoptIds`, the old Fleet
// removed), and that Fleet to two Servers (`adoptId`, the Fleet removed). Every move keeps the
// same 2 ids with 0 POST and 0 DELETE, a no-change preview follows it, and hosting-orphans finds
// 0 orphans after each step.
import { expect } from "chai";
import { execFile } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { promisify } from "util";
import { SHAPES, type World } from "./fixtures";
import { TOOLS_DIR } from "./pulumi-env";
import { expectLiveExactly, idsOf, NODE_FLEET_ARGS, outputs, ownerMarks, postsAndDeletes, START, writeSpec, writeYaml, yamlFleet, yamlHead } from "./support/fleet-programs";
import { expectNoOrphansByPreview, expectNoOrphansByState } from "./support/orphan-checks";
import type { PluginProject } from "./support/plugin-project";
import { closeWorldProject, openWorldProject } from "./support/world-project";

const KEYS = ["app-ewr-1", "app-ewr-2"];

/** One step: Servers by member key (each with its adoptId, or none to create it) and at most one Fleet. */
interface Step {
  servers?: Record<string, string | null>;
  fleet?: { name: string; adopt: Record<string, string> };
}

const yamlServer = (key: string, adoptId: string | null): string =>
  `  ${key}:\n    type: hosting:index:Server\n    properties:\n` +
  `      { region: ewr, plan: vc2-1c-1gb, os: ubuntu-24.04, label: ${key}, tags: [e2e]${adoptId ? `, adoptId: ${adoptId}` : ""} }\n`;

const yamlOf = (project: string, s: Step): string =>
  yamlHead(project) +
  Object.entries(s.servers ?? {}).map(([key, id]) => yamlServer(key, id)).join("") +
  (s.fleet ? yamlFleet(s.fleet.name, START, "", s.fleet.adopt) : "") +
  "outputs:\n" +
  Object.keys(s.servers ?? {}).map((key) => `  ${key}: \${${key}.id}\n`).join("") +
  (s.fleet ? `  fleet: \${${s.fleet.name}.members}\n` : "");

const NODE_PROGRAM = `const hosting = require("pulumi-hosting");
const spec = require("./spec.json");
const args = ${NODE_FLEET_ARGS};
for (const [key, adoptId] of Object.entries(spec.servers ?? {})) {
  exports[key] = new hosting.Server(key, { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: key, tags: ["e2e"], ...(adoptId ? { adoptId } : {}) }).id;
}
if (spec.fleet) exports.fleet = new hosting.Fleet(spec.fleet.name, args({ count: 2, os: "ubuntu-24.04" }, spec.fleet.adopt)).members;
`;

const FACES = [
  { face: "plugin face (Pulumi YAML)", name: "moves-yaml", yaml: true },
  { face: "dynamic face (JavaScript)", name: "moves-node", yaml: false },
];

for (const shape of SHAPES) {
  for (const { face, name, yaml } of FACES) {
    describe(`moves Server -> Fleet -> Fleet -> Server, ${face}, shape ${shape}`, function () {
      let world: World;
      let project: PluginProject;
      const stack = `${name}-${shape.toLowerCase()}`;
      const first: Step = { servers: { [KEYS[0]]: null, [KEYS[1]]: null } };

      before(async function () {
        if (!fs.existsSync(path.join(TOOLS_DIR, "bin", "pulumi-language-yaml"))) throw new Error("pulumi-language-yaml is not in .tools/bin: run `npm run setup:pulumi`");
        const program = yaml ? yamlOf(name, first) : `name: ${name}\nruntime: nodejs\nmain: index.js\n`;
        ({ world, project } = await openWorldProject(shape, name, program, yaml ? undefined : { "index.js": NODE_PROGRAM, "spec.json": JSON.stringify(first) }));
      });
      after(() => closeWorldProject(world, project, true));

      /** The move's `up`, then the guide's `preview --expect-no-changes`; the ids it holds after; 0 POST, 0 DELETE. */
      const move = async (s: Step): Promise<string[]> => {
        if (yaml) writeYaml(project, yamlOf(name, s));
        else writeSpec(project, s);
        await world.sim.resetStats();
        await project.pulumi("up", "--yes", "--skip-preview");
        expect(await postsAndDeletes(world), "a move sends no POST and no DELETE").to.deep.equal({ posts: 0, deletes: 0 });
        await project.pulumi("preview", "--expect-no-changes");
        await expectNoOrphansByState(world, project, name, stack);
        const out = await outputs(project);
        return s.fleet ? idsOf(out.fleet) : KEYS.map((key) => out[key]).sort();
      };

      it("every move keeps the same servers with 0 POST and 0 DELETE, and hosting-orphans finds none", async () => {
        await project.pulumi("up", "--yes", "--skip-preview");
        const out = await outputs(project);
        const ids = KEYS.map((key) => out[key] as string).sort();
        await expectLiveExactly(world, ids);
        await expectNoOrphansByState(world, project, name, stack);

        // Servers -> Fleet: adoptIds by member key from the exported state, as the guide prints them.
        fs.writeFileSync(path.join(project.dir, "state.json"), await project.pulumi("stack", "export"));
        const { stdout } = await promisify(execFile)("node", ["-e", 'console.log(JSON.stringify(require("pulumi-hosting/import").fleetAdoptIds(require("./state.json"))))'], { cwd: project.dir });
        const adopt = JSON.parse(stdout) as Record<string, string>;
        expect(Object.keys(adopt).sort()).to.deep.equal(KEYS);
        expect(await move({ fleet: { name: "blue", adopt } }), "Servers -> Fleet").to.deep.equal(ids);
        await expectLiveExactly(world, ids);
        const [blue] = await ownerMarks(world, ids);
        expect(await ownerMarks(world, ids), "the Fleet marks both as its own").to.deep.equal([blue, blue]);
        expect(blue).to.match(/^hosting-owner:\S+$/);

        // Fleet -> Fleet: the new Fleet adopts the old one's servers by member key; the old one leaves the program.
        const members = JSON.parse(await project.pulumi("stack", "output", "fleet", "--json")) as Record<string, { id: string }>;
        const byKey = Object.fromEntries(Object.entries(members).map(([key, m]) => [key, m.id]));
        expect(await move({ fleet: { name: "green", adopt: byKey } }), "Fleet -> Fleet").to.deep.equal(ids);
        await expectLiveExactly(world, ids);
        const [green] = await ownerMarks(world, ids);
        expect(await ownerMarks(world, ids), "the new Fleet re-marks both as its own").to.deep.equal([green, green]);
        expect(green).to.match(/^hosting-owner:\S+$/).and.not.equal(blue);

        // Fleet -> Servers: each Server adopts its member's server; the Fleet leaves the program.
        expect(await move({ servers: byKey }), "Fleet -> Server").to.deep.equal(ids);
        await expectLiveExactly(world, ids);
        expect(await ownerMarks(world, ids), "each Server marks its server as a Server's").to.deep.equal(["hosting-owner:server", "hosting-owner:server"]);
        await expectNoOrphansByPreview(project, [stack]);
      });
    });
  }
}
