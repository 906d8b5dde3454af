// Progress of long work through the real CLI: `pulumi up` of a 100-member Fleet, non-interactive,
// against the simulator on the default tier (60 requests a minute, a burst of 100: the creates
// spend the burst), on the plugin face (Pulumi YAML) and on the dynamic face (a Node program).
// Each face sends its counts as the engine's ephemeral status (core/progress.ts; the plugin's
// under the Fleet's URN, plugin/engine-log.ts; the dynamic face's on the stack's row, led by the
// Fleet's name, dynamic/engine-status.ts); a non-interactive CLI prints the row again with each,
// so the output must hold at least one "n of 100 members created" line per 10 members, in order,
// none of them under Diagnostics (ephemeral: not kept), and no member's own wait line (the
// fleet's count speaks for them). `destroy` the same with "n of 100 servers deleted", its key
// moved to the pro tier first: the up spent the default tier's burst. One shape: the lines
// do not depend on it, and the rate limit's pacing makes each run cost real seconds.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { API_KEY, type World } from "./fixtures";
import { TOOLS_DIR } from "./pulumi-env";
import type { PluginProject } from "./support/plugin-project";
import { closeWorldProject, openWorldProject } from "./support/world-project";
import { given } from "./support/given";

const SIZE = 100;

const PROGRAM = `name: progress-fleet
runtime: yaml
description: One Fleet of ${SIZE} members, to watch its progress.
resources:
  fleet:
    type: hosting:index:Fleet
    properties:
      defaults:
        plan: vc2-1c-1gb
        os: ubuntu-24.04
        label: progress-{key}
      groups:
        - name: web
          regions: [ewr]
          count: ${SIZE}
outputs:
  size: \${fleet.members}
`;

const NODE_PROGRAM = `const hosting = require("pulumi-hosting");
const fleet = new hosting.Fleet("fleet", {
  defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: "progress-{key}" },
  groups: [{ name: "web", regions: ["ewr"], count: ${SIZE} }],
});
exports.size = fleet.members;
`;

/** The numbers n of the lines "<lead>n of <SIZE> <what>" in the CLI's output before its Diagnostics. */
function counts(out: string, what: string, lead = ""): number[] {
  const live = out.includes("Diagnostics:") ? out.slice(0, out.indexOf("Diagnostics:")) : out;
  const re = new RegExp(`${lead}(\\d+) of ${SIZE} ${what}`, "g");
  return [...live.matchAll(re)].map((m) => Number(m[1]));
}

/** Each tenth of SIZE (1..10) that some line's n falls in. */
const tenthsSeen = (ns: number[]) => [...new Set(ns.map((n) => Math.ceil((n * 10) / SIZE)))].sort((a, b) => a - b);

const FACES: { face: string; program: string; files: Record<string, string>; lead: string }[] = [
  { face: "plugin face (Pulumi YAML)", program: PROGRAM, files: {}, lead: "" },
  { face: "dynamic face (a Node program)", program: "name: progress-fleet\nruntime: nodejs\nmain: index.js\n", files: { "index.js": NODE_PROGRAM }, lead: "fleet: " },
];

for (const { face, program, files, lead } of FACES) {
  describe(`progress of a 100-member Fleet through the real CLI, non-interactive, default tier, ${face}`, function () {
    let world: World;
    let project: PluginProject;

    before(async function () {
      if (!fs.existsSync(path.join(TOOLS_DIR, "bin", "pulumi-language-yaml"))) {
        throw new Error("pulumi-language-yaml is not in .tools/bin: run `npm run setup:pulumi` (it builds it from its Go module)");
      }
      // The key on the default tier (the suites' simulator gives every key the enterprise tier).
      ({ world, project } = await openWorldProject("A", "progress-fleet", program, files, (w) => w.sim.addKey({ key: API_KEY, permission: "full", tier: "default" })));
    });
    after(() => closeWorldProject(world, project));
    /** The up of the 100 members, with its output and how long it took. */
    const upped = given(async () => {
      const started = Date.now();
      const out = await project.pulumi("up", "--yes", "--skip-preview");
      return { out, seconds: (Date.now() - started) / 1000 };
    });

    it("up prints at least one 'n of 100 members created' line per 10 members, none kept under Diagnostics, no member's own wait", async () => {
      const { out, seconds } = await upped();
      const created = counts(out, "members created", lead);
      if (process.env.PROGRESS_E2E_PRINT) console.log(out);
      // The run's figures, for the record (not a bound: this is a test, not a benchmark).
      console.log(`      up of ${SIZE} members: ${seconds.toFixed(1)} s wall, ${created.length} progress lines: ${created.join(", ")}`);
      expect((await world.sim.liveServers()).filter((s) => s.status === "active")).to.have.length(SIZE);
      expect(created.length, `at least one line per 10 members:\n${out}`).to.be.at.least(SIZE / 10);
      expect(tenthsSeen(created), "a line in every tenth of the fleet").to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(created[created.length - 1]).to.equal(SIZE);
      expect(created, "counts only grow").to.deep.equal([...created].sort((a, b) => a - b));
      const diagnostics = out.includes("Diagnostics:") ? out.slice(out.indexOf("Diagnostics:")) : "";
      expect(diagnostics, "ephemeral: the final output keeps no progress line").to.not.match(/members created/);
      expect(out, "a member's own wait reports nothing").to.not.match(/waiting for server/);
    });

    it("destroy prints at least one 'n of 100 servers deleted' line per 10 servers", async () => {
      await upped();
      // The up spent the default tier's burst: its 100 DELETEs would wait a second each for a
      // token. The key moves to the pro tier with a full bucket (the destroy keeps the key in the state).
      await world.sim.addKey({ key: API_KEY, permission: "full", tier: "pro" });
      const started = Date.now();
      const out = await project.pulumi("destroy", "--yes", "--skip-preview");
      const deleted = counts(out, "servers deleted", lead);
      console.log(`      destroy of ${SIZE} members: ${((Date.now() - started) / 1000).toFixed(1)} s wall, ${deleted.length} progress lines`);
      expect(await world.sim.liveServers()).to.deep.equal([]);
      expect(tenthsSeen(deleted), out).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    });
  });
}

const SERVER_FACES: { face: string; program: string; files: Record<string, string> }[] = [
  {
    face: "plugin face (Pulumi YAML)",
    program: "name: progress-server\nruntime: yaml\nresources:\n  web:\n    type: hosting:index:Server\n    properties: { region: ewr, plan: vc2-1c-1gb, os: ubuntu-24.04, label: web }\n",
    files: {},
  },
  {
    face: "dynamic face (a Node program)",
    program: "name: progress-server\nruntime: nodejs\nmain: index.js\n",
    files: { "index.js": `const hosting = require("pulumi-hosting");\nnew hosting.Server("web", { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: "web" });\n` },
  },
];

for (const { face, program, files } of SERVER_FACES) {
  describe(`progress of a Server's wait for active through the real CLI, non-interactive, ${face}`, function () {
    let world: World;
    let project: PluginProject;

    before(async function () {
      // Provisioning takes 16 s: the wait says where it is at 5 s and 15 s.
      ({ world, project } = await openWorldProject("A", "progress-server", program, files, (w) => w.sim.setConfig({ provisionMs: 16_000 })));
    });
    after(() => closeWorldProject(world, project));

    it("up prints the wait's status line naming the server, none kept under Diagnostics", async () => {
      const out = await project.pulumi("up", "--yes", "--skip-preview");
      const [server] = await world.sim.liveServers();
      const live = out.includes("Diagnostics:") ? out.slice(0, out.indexOf("Diagnostics:")) : out;
      const waits = [...live.matchAll(/waiting for server (\S+) to be active: ([a-z ]+) \((\d+) s\)/g)].map((m) => ({ id: m[1], status: m[2], seconds: Number(m[3]) }));
      console.log(`      ${waits.length} wait lines: ${waits.map((w) => `${w.status} (${w.seconds} s)`).join(", ")}`);
      expect(waits.length, out).to.be.at.least(1);
      expect(waits.every((w) => w.id === server.id)).to.equal(true);
      expect(waits[0].seconds).to.be.at.least(5);
      const diagnostics = out.includes("Diagnostics:") ? out.slice(out.indexOf("Diagnostics:")) : "";
      expect(diagnostics).to.not.match(/waiting for server/);
    });
  });
}
