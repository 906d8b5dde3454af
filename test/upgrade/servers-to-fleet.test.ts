// Servers to a Fleet in one `up` through the real CLI, both shapes: 6 Servers become one Fleet
// whose `adoptIds` names their servers, and the Fleet holds the same 6 ids with 0 POST and 0 DELETE
// and a no-change preview after.
//
// Servers -> Fleet in one `up` (docs/guide/adoption-and-moves.md), through the real CLI on
// the packed tarball (the current lane runs it: dist/test/upgrade/**),
// in both shapes: a program of 6 `hosting.Server` in 2 regions, named and labelled by member
// key, becomes one `hosting.Fleet` whose `adoptIds` (fleetAdoptIds of `pulumi stack export`)
// names their servers, with the Server resources gone from the program. The engine runs the
// Fleet's create (which adopts each server and tags it as its member) before the deletes of the
// dropped Servers, whose delete leaves a server its stack's Fleet holds (server/fleet-held.ts):
// the Fleet's members are the same 6 ids, no Server is left in the state, the API saw 0 POST
// and 0 DELETE, and the next preview shows no change.
import { expect } from "chai";
import { fleetAdoptIds } from "pulumi-hosting/import";
import * as fs from "fs";
import * as path from "path";
import { API_KEY, SHAPES, startWorld, type World } from "../e2e/fixtures";
import { createPluginProject, type PluginProject } from "../e2e/support/plugin-project";
import { countRequests } from "../helpers/simulator";

const PULUMI_YAML = "name: to-fleet\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n";
const KEYS = ["web-ewr-1", "web-ewr-2", "web-ewr-3", "web-fra-1", "web-fra-2", "web-fra-3"];

const SERVERS = `// Before: one Server per machine, named and labelled as the Fleet names its members.
const hosting = require("pulumi-hosting");
const ids = {};
for (const key of ${JSON.stringify(KEYS)}) {
  const region = key.split("-")[1];
  ids[key] = new hosting.Server(key, { region, plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: key, tags: ["web"] }).id;
}
exports.ids = ids;
`;

/** After: one Fleet that takes the servers over by id; no Server resource is left in the program. */
function fleetProgram(adoptIds: Record<string, string>): string {
  return `const hosting = require("pulumi-hosting");
const fleet = new hosting.Fleet("fleet", {
  defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04", tags: ["web"] },
  groups: [{ name: "web", regions: ["ewr", "fra"], count: 3 }],
  adoptIds: ${JSON.stringify(adoptIds)},
});
exports.members = fleet.members;
`;
}

for (const shape of SHAPES) {
  describe(`Servers -> Fleet in one up: 6 servers in 2 regions, dynamic face, shape ${shape}`, function () {
    let world: World;
    let project: PluginProject;

    before(async () => {
      world = await startWorld(shape);
      project = await createPluginProject(`to-fleet-${shape.toLowerCase()}`, PULUMI_YAML, { "index.js": SERVERS });
      await project.config({ "hosting:baseUrl": world.sim.url }, { "hosting:apiKey": API_KEY });
    });
    after(async () => {
      project?.dispose();
      await world?.close();
    });

    it("the Fleet's members are the same 6 servers, the Servers leave the state, 0 POST and 0 DELETE, then no change", async () => {
      await project.pulumi("up", "--yes", "--skip-preview");
      const before = JSON.parse(await project.pulumi("stack", "output", "ids", "--json")) as Record<string, string>;
      expect(Object.keys(before).sort()).to.deep.equal(KEYS);

      const adoptIds = fleetAdoptIds(JSON.parse(await project.pulumi("stack", "export")), KEYS);
      expect(adoptIds).to.deep.equal(before);
      fs.writeFileSync(path.join(project.dir, "index.js"), fleetProgram(adoptIds));
      await world.sim.resetStats();
      const started = Date.now();
      const up = await project.pulumi("up", "--yes", "--skip-preview");
      console.log(`      (the move's up: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
      expect(up).to.match(/\+ 1 created/);
      expect(up).to.match(/- 6 deleted/);

      const stats = await world.sim.stats();
      expect(countRequests(stats, "POST /v1/servers"), "POST /v1/servers").to.equal(0);
      expect(countRequests(stats, "DELETE /v1/servers/:id"), "DELETE /v1/servers/:id").to.equal(0);
      const members = JSON.parse(await project.pulumi("stack", "output", "members", "--json")) as Record<string, { id: string }>;
      expect(Object.fromEntries(Object.entries(members).map(([k, m]) => [k, m.id]))).to.deep.equal(before);
      expect((await world.sim.liveServers()).map((s) => s.id).sort()).to.deep.equal(Object.values(before).sort());
      const state = JSON.parse(await project.pulumi("stack", "export"));
      expect(state.deployment.resources.filter((r: { type: string }) => r.type.endsWith("Server"))).to.deep.equal([]);

      await project.pulumi("preview", "--expect-no-changes");
    });

    it("destroy deletes the 6 servers through the Fleet", async () => {
      await project.pulumi("destroy", "--yes", "--skip-preview");
      expect(await world.sim.liveServers()).to.deep.equal([]);
    });
  });
}
