// hosting-orphans on healthy stacks: a stack just made by `up`, with two Servers, a
// Webhook and a Fleet of 2, on each face (Pulumi YAML on the plugin, a JavaScript program on the
// dynamic face) and in each shape. Both of its modes, by exported state and tag and by preview,
// must report 0 orphans: every server the stack holds is recorded (the tool once knew
// only the dynamic face's Server, and called the plugin's Servers and every Fleet member orphans).
import { expect } from "chai";
import { execFile } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { promisify } from "util";
import { API_KEY, SHAPES, startWorld, type World } from "./fixtures";
import { TOOLS_DIR } from "./pulumi-env";
import { packageBin } from "./support/package-bin";
import { createPluginProject, type PluginProject } from "./support/plugin-project";

const ORPHANS_CLI = packageBin("hosting-orphans");

const YAML = `name: orphans-yaml
runtime: yaml
resources:
  web-1:
    type: hosting:index:Server
    properties: { region: ewr, plan: vc2-1c-1gb, os: ubuntu-24.04, label: web-1 }
  web-2:
    type: hosting:index:Server
    properties: { region: fra, plan: vc2-1c-1gb, os: ubuntu-24.04, label: web-2 }
  hook:
    type: hosting:index:Webhook
    properties:
      url: http://127.0.0.1:9/hook
      events: [server.created]
  fleet:
    type: hosting:index:Fleet
    properties:
      defaults:
        plan: vc2-1c-1gb
        os: ubuntu-24.04
      groups:
        - name: api
          regions: [ewr, fra]
`;

const NODE_PROGRAM = `const hosting = require("pulumi-hosting");
new hosting.Server("web-1", { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: "web-1" });
new hosting.Server("web-2", { region: "fra", plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: "web-2" });
new hosting.Webhook("hook", { url: "http://127.0.0.1:9/hook", events: ["server.created"] });
new hosting.Fleet("fleet", { defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04" }, groups: [{ name: "api", regions: ["ewr", "fra"] }] });
`;

const FACES = [
  { face: "plugin face (Pulumi YAML)", project: "orphans-yaml", yaml: YAML, files: {} as Record<string, string> },
  { face: "dynamic face (JavaScript)", project: "orphans-node", yaml: "name: orphans-node\nruntime: nodejs\nmain: index.js\n", files: { "index.js": NODE_PROGRAM } },
];

for (const shape of SHAPES) {
  describe(`hosting-orphans on healthy stacks, shape ${shape}`, function () {
    let world: World;
    const projects: PluginProject[] = [];
    before(async () => {
      world = await startWorld(shape);
    });
    after(async () => {
      for (const p of projects) {
        await p.pulumi("destroy", "--yes", "--skip-preview").catch(() => undefined);
        p.dispose();
      }
      await world?.close();
    });

    for (const { face, project: name, yaml, files } of FACES) {
      it(`${face}: 2 Servers, a Webhook and a Fleet of 2 just made: 0 orphans by state and tag, and by preview`, async () => {
        const stack = `healthy-${shape.toLowerCase()}`;
        const project = await createPluginProject(stack, yaml, files);
        projects.push(project);
        await project.config({ "hosting:baseUrl": world.sim.url }, { "hosting:apiKey": API_KEY });
        await project.pulumi("up", "--yes", "--skip-preview");
        const mine = (await world.sim.liveServers()).filter((s) => (s.tags ?? []).includes(`pulumi-stack:${name}/${stack}`) || s.label.startsWith("api-") || s.label.startsWith("web-"));
        expect(mine.length, "2 Servers and 2 Fleet members live").to.be.at.least(4);
        const stateFile = path.join(project.dir, "state.json");
        fs.writeFileSync(stateFile, await project.pulumi("stack", "export"));
        const byState = await promisify(execFile)("node", [ORPHANS_CLI, "--state", stateFile, "--tag", `pulumi-stack:${name}/${stack}`], {
          env: { ...process.env, HOSTING_API_KEY: API_KEY, HOSTING_BASE_URL: world.sim.url },
        });
        expect(byState.stdout).to.match(/^0 orphaned server\(s\) carry /m);
        expect(byState.stdout).to.not.match(/^orphan /m);
        const byPreview = await promisify(execFile)("node", [ORPHANS_CLI, "--stack", stack, "--cwd", project.dir], {
          env: { ...process.env, ...project.env.envVars, PATH: `${path.join(TOOLS_DIR, "bin")}:${process.env.PATH}` },
          maxBuffer: 64 * 1024 * 1024,
        });
        expect(byPreview.stdout).to.match(/^0 unrecorded fleet server\(s\)/m);
        expect(byPreview.stdout).to.match(/^0 match\(es\), 0 ambiguous, 0 unmatchable/m);
      });
    }
  });
}
