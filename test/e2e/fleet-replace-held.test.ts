// A held Fleet replaced, then `up`: the old Fleet's healthy servers stay, recorded. Both shapes.
// `pulumi up --replace` of a Fleet whose roll is held, then `pulumi up`, through the real CLI on
// the packed tarball, Pulumi YAML on the plugin face: the replacement's new members
// never pass their check, so its create fails and the next `up` fails too (their health is proved
// again, not remembered); the engine never deletes the old Fleet, and the account still holds its
// 4 healthy servers, recorded in the state.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { SHAPES, type World } from "./fixtures";
import { TOOLS_DIR } from "./pulumi-env";
import type { PluginProject } from "./support/plugin-project";
import { closeWorldProject, openWorldProject } from "./support/world-project";

// No plugins block: createPluginProject links the tarball's plugin.
const YAML = `name: fleet-replace-held
runtime: yaml
config:
  os: { type: string, default: ubuntu-24.04 }
  healthUrl: { type: string }
resources:
  fleet:
    type: hosting:index:Fleet
    properties:
      maxSurge: 2
      defaults:
        plan: vc2-1c-1gb
        os: \${os}
      groups:
        - name: web
          regions: [ewr]
          count: 4
      healthCheck:
        url: \${healthUrl}
        intervalSeconds: 0.2
        timeoutSeconds: 1
        deadlineSeconds: 3
outputs:
  members: \${fleet.members}
`;

const liveIds = async (world: World) => (await world.sim.liveServers()).map((s) => s.id).sort();
/** The ids every Fleet resource of the exported state records as members. */
const recordedIds = (exported: string): string[] =>
  (JSON.parse(exported).deployment.resources as any[]).filter((r) => r.type === "hosting:index:Fleet").flatMap((r) => Object.values(r.outputs?.members ?? {}).map((m: any) => m.id));

async function failure(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error("expected the command to fail");
}

for (const shape of SHAPES) {
  describe(`pulumi up --replace of a Fleet whose roll is held, then up, Pulumi YAML, shape ${shape}`, function () {
    let world: World | undefined;
    let project: PluginProject | undefined;

    before(async function () {
      if (!fs.existsSync(path.join(TOOLS_DIR, "bin", "pulumi-language-yaml"))) throw new Error("pulumi-language-yaml is not in .tools/bin: run `npm run setup:pulumi`");
      ({ world, project } = await openWorldProject(shape, "fleet-replace-held", YAML));
      await project.pulumi("config", "set", "healthUrl", `${world.sim.url}/_health/{id}`);
    });
    after(() => closeWorldProject(world, project, true));

    it("the replacement fails and keeps failing; the old Fleet's 4 healthy servers stay, recorded", async () => {
      const [w, p] = [world!, project!];
      await p.pulumi("up", "--yes", "--skip-preview");
      const healthy = await liveIds(w);
      expect(healthy).to.have.length(4);

      // A roll to a never-healthy image: rolled back and held.
      await w.sim.admin("PUT", "/health", { rules: [{ image: "debian-12", mode: "never" }] });
      await p.pulumi("config", "set", "os", "debian-12");
      expect(await failure(p.pulumi("up", "--yes", "--skip-preview"))).to.contain("the roll is held");
      expect(await liveIds(w)).to.deep.equal(healthy);

      const urn = `urn:pulumi:fleet-replace-held-${shape.toLowerCase()}::fleet-replace-held::hosting:index:Fleet::fleet`;
      expect(await failure(p.pulumi("up", "--yes", "--skip-preview", "--replace", urn))).to.match(/is active but not healthy/);
      expect(await failure(p.pulumi("up", "--yes", "--skip-preview")), "the next up proves the new members' health again").to.match(/is active but not healthy/);

      const live = await liveIds(w);
      for (const id of healthy) expect(live, `the healthy server ${id} is still there`).to.include(id);
      const recorded = recordedIds(await p.pulumi("stack", "export"));
      for (const id of healthy) expect(recorded, `the healthy server ${id} is recorded`).to.include(id);
      for (const id of live) expect(recorded, `server ${id} is recorded`).to.include(id);
    });
  });
}
