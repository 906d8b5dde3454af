// `pulumi import` on the plugin face, engine-native, through the real CLI in both shapes:
// one server by type, name and id, then three more from the `pulumi import --file` document
// that `hosting-import --pulumi-import` writes. Each time the generated Pulumi YAML goes into
// the program, and the next `preview --expect-no-changes` passes. No server is created.
import { expect } from "chai";
import { execFile } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { promisify } from "util";
import { parse, stringify } from "yaml";
import { API_KEY, SHAPES, startWorld, type World } from "./fixtures";
import { countRequests, KEYS } from "../helpers/simulator";
import { REPO_ROOT } from "./pulumi-env";
import { createPluginProject, type PluginProject } from "./support/plugin-project";
import { given } from "./support/given";

const PROJECT = `name: imported
runtime: yaml
plugins:
  providers:
    - name: hosting
      path: ./node_modules/.bin
resources: {}
`;

for (const shape of SHAPES) {
  describe(`pulumi import on the plugin face, shape ${shape}`, function () {
    let world: World;
    let project: PluginProject;
    let solo: string;
    let fleet: string[];
    let postsAfterSeeding: number;

    /** Adds the resources of a file `pulumi import --out` wrote to Pulumi.yaml. */
    const adoptGenerated = (file: string) => {
      const generated = parse(fs.readFileSync(path.join(project.dir, file), "utf8"));
      const program = parse(fs.readFileSync(path.join(project.dir, "Pulumi.yaml"), "utf8"));
      program.resources = { ...program.resources, ...generated.resources };
      fs.writeFileSync(path.join(project.dir, "Pulumi.yaml"), stringify(program));
      return generated.resources as Record<string, { type: string; properties: Record<string, unknown> }>;
    };
    const posts = async () => countRequests(await world.sim.stats(), "POST /v1/servers");

    before(async () => {
      // The test helpers' own key too: waitForStatus polls with it.
      world = await startWorld(shape, { keys: [{ key: API_KEY, permission: "full", tier: "enterprise" }, { key: KEYS.full, permission: "full", tier: "enterprise" }] });
      solo = await world.sim.seedServer({ label: "solo", tags: ["solo"] }, API_KEY);
      fleet = [];
      for (const label of ["api-1", "api-2", "db-1"]) fleet.push(await world.sim.seedServer({ label, tags: ["fleet"] }, API_KEY));
      for (const id of [solo, ...fleet]) await world.sim.waitForStatus(id, "active");
      postsAfterSeeding = await posts();
      expect(postsAfterSeeding, "the count sees the seeding's own creates").to.equal(4);
      project = await createPluginProject(`import-${shape.toLowerCase()}`, PROJECT);
      await project.config({ "hosting:baseUrl": world.sim.url }, { "hosting:apiKey": API_KEY });
    });
    after(async () => {
      project?.dispose();
      await world?.close();
    });

    /** `pulumi import` of the solo server, with the resources it wrote into the program. */
    const soloImported = given(async () => {
      await project.pulumi("import", "hosting:index:Server", "web-1", solo, "--yes", "--out", "web-1.yaml");
      return adoptGenerated("web-1.yaml");
    });
    /** After the solo import, hosting-import's document of the fleet and its `pulumi import --file`. */
    const fleetImported = given(async () => {
      await soloImported();
      const doc = path.join(project.dir, "import.json");
      await promisify(execFile)("node", [path.join(REPO_ROOT, "dist", "provider", "import", "cli.js"), "--tag", "fleet", "--pulumi-import", doc], {
        env: { ...process.env, HOSTING_API_KEY: API_KEY, HOSTING_BASE_URL: world.sim.url },
      });
      const written = JSON.parse(fs.readFileSync(doc, "utf8"));
      await project.pulumi("import", "--file", doc, "--yes", "--out", "fleet.yaml");
      return { written, generated: adoptGenerated("fleet.yaml") };
    });

    it("pulumi import hosting:index:Server web-1 <id> writes state and a program with no change to come", async () => {
      const resources = await soloImported();
      expect(Object.keys(resources)).to.deep.equal(["web-1"]);
      expect(resources["web-1"].properties).to.include({ label: "solo", region: "ewr" });
      await project.pulumi("preview", "--expect-no-changes");
      expect(await posts()).to.equal(postsAfterSeeding);
    });

    it("hosting-import --pulumi-import writes the --file document of a fleet, and the import of its 3 servers is clean", async () => {
      const { written, generated } = await fleetImported();
      expect(written.resources.map((r: { id: string }) => r.id).sort()).to.deep.equal([...fleet].sort());
      expect(written.resources.every((r: { type: string }) => r.type === "hosting:index:Server")).to.equal(true);

      expect(Object.keys(generated)).to.have.length(3);
      await project.pulumi("preview", "--expect-no-changes");

      const state = JSON.parse(await project.pulumi("stack", "export"));
      const ids = state.deployment.resources.filter((r: { type: string }) => r.type === "hosting:index:Server").map((r: { id: string }) => r.id);
      expect(ids.sort()).to.deep.equal([solo, ...fleet].sort());
      expect(await posts(), "an import creates nothing").to.equal(postsAfterSeeding);
    });

    it("a refresh after the import changes nothing either", async () => {
      await fleetImported();
      const out = await project.pulumi("refresh", "--yes", "--skip-preview");
      expect(out).to.not.match(/~ \d+ updated/);
      await project.pulumi("preview", "--expect-no-changes");
    });
  });
}
