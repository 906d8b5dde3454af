// A Fleet's health-gated roll through the real CLI on the packed tarball, in Pulumi YAML on the
// plugin face, in both shapes: 8 members whose health check is the simulator's health route,
// rolled with maxSurge 2 to an image whose servers never pass it. The `up` fails after the first
// batch naming the members, the check and what it saw; the rollback leaves exactly the 8 old
// servers (only 2 new ones were ever made), the state records them, and the same program's next
// `up` holds the roll (no server made or deleted), after which a preview shows no change; a count
// of 10 while the roll is held makes its 2 new members on the old image, none on the failing one.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { SHAPES, type World } from "./fixtures";
import { TOOLS_DIR } from "./pulumi-env";
import type { PluginProject } from "./support/plugin-project";
import { closeWorldProject, openWorldProject } from "./support/world-project";
import { fleetOutputs } from "./support/fleet-state";
import { given } from "./support/given";
import { DEBIAN } from "./support/os-images";

// No plugins block: createPluginProject links the tarball's plugin.
const YAML = `name: fleet-health
runtime: yaml
config:
  os: { type: string, default: ubuntu-24.04 }
  count: { type: integer, default: 8 }
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
          count: \${count}
      healthCheck:
        url: \${healthUrl}
        intervalSeconds: 0.2
        timeoutSeconds: 1
        deadlineSeconds: 3
outputs:
  members: \${fleet.members}
`;

const liveIds = async (world: World) => (await world.sim.liveServers()).map((s) => s.id).sort();

for (const shape of SHAPES) {
  describe(`Fleet health-gated roll in Pulumi YAML on the plugin face, shape ${shape}`, function () {
    let world: World;
    let project: PluginProject;

    before(async function () {
      if (!fs.existsSync(path.join(TOOLS_DIR, "bin", "pulumi-language-yaml"))) throw new Error("pulumi-language-yaml is not in .tools/bin: run `npm run setup:pulumi`");
      ({ world, project } = await openWorldProject(shape, "fleet-health", YAML));
      await project.pulumi("config", "set", "healthUrl", `${world.sim.url}/_health/{id}`);
    });
    after(() => closeWorldProject(world, project, true));
    /** The first up, which every later case stands on. */
    const upped = given(() => project.pulumi("up", "--yes", "--skip-preview"));
    /** A roll to a never-healthy image after the first up: the old members, and how the up failed. */
    const failedRoll = given(async () => {
      await upped();
      const before = await liveIds(world);
      await world.sim.admin("PUT", "/health", { rules: [{ image: "debian-12", mode: "never" }] });
      await project.pulumi("config", "set", "os", "debian-12");
      let failure = "";
      try {
        await project.pulumi("up", "--yes", "--skip-preview");
      } catch (e) {
        failure = (e as Error).message;
      }
      return { before, failure };
    });

    it("up makes 8 members, each healthy before the up ends", async () => {
      await upped();
      expect(await liveIds(world)).to.have.length(8);
    });

    it("a roll to a never-healthy image fails after the first batch naming the members and the check; rollback leaves exactly the 8 old servers", async () => {
      const { before, failure } = await failedRoll();
      expect(failure).to.match(/member web-ewr-1: server \S+ is active but not healthy: health check \(GET http:\/\/127\.0\.0\.1:\d+\/_health\/\S+\) did not pass within deadlineSeconds 3/);
      expect(failure).to.match(/member web-ewr-2: /);
      expect(failure).to.match(/× status 503/);
      expect(failure).to.match(/rolled back/);
      expect(failure).to.contain("the roll is held: the next `pulumi up` tries it again only when the program changes those members' spec or health check, or sets a new retryRoll");
      const made = (await world.sim.rawServers()).filter((s) => s.os_id === DEBIAN);
      expect(made, "only the first batch was ever made").to.have.length(2);
      expect(await liveIds(world), "exactly the 8 old servers").to.deep.equal(before);
      const outs = fleetOutputs(await project.pulumi("stack", "export"));
      expect(Object.values(outs.members).map((m: any) => m.id).sort()).to.deep.equal(before);
      expect(outs.leftovers).to.deep.equal({});
      expect(outs.heldRoll?.members).to.deep.equal(["web-ewr-1", "web-ewr-2"]);
    });

    it("the same program again holds the roll: the next up makes and deletes nothing, then preview --expect-no-changes passes", async () => {
      await failedRoll();
      const before = await liveIds(world);
      await world.sim.resetStats();
      // The engine updates a resource whose last operation failed once more: the held roll makes it a no-op.
      const out = await project.pulumi("up", "--yes", "--skip-preview");
      expect(out).to.match(/roll held: the roll of web-ewr-1, web-ewr-2 failed and was rolled back/);
      const stats = await world.sim.stats();
      expect(Object.keys(stats.byRoute).filter((k) => /^(POST \/v1\/servers |DELETE)/.test(k))).to.deep.equal([]);
      expect(await liveIds(world)).to.deep.equal(before);
      await project.pulumi("preview", "--expect-no-changes");
    });

    it("while the roll is held, a count of 10 makes its 2 new members on the old image and no server of the failing one; then no change", async () => {
      await failedRoll();
      const before = await liveIds(world);
      await project.config({ count: "10" });
      const preview = await project.pulumi("preview");
      expect(preview).to.contain("web-ewr-9, web-ewr-10 are made like the members the roll was rolled back to");
      await project.pulumi("up", "--yes", "--skip-preview");
      const outs = fleetOutputs(await project.pulumi("stack", "export"));
      expect(Object.keys(outs.members)).to.have.length(10);
      expect(Object.values(outs.members).map((m: any) => m.os)).to.deep.equal(new Array(10).fill("ubuntu-24.04"));
      const live = await liveIds(world);
      expect(live).to.have.length(10);
      expect(live.filter((i) => before.includes(i))).to.deep.equal(before);
      const made = (await world.sim.rawServers()).filter((s) => s.os_id === DEBIAN);
      expect(made, "no server of the failing image since the first batch").to.have.length(2);
      await project.pulumi("preview", "--expect-no-changes");
    });
  });
}
