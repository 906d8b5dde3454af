// A Fleet of 3 groups × 2 regions through the real CLI on the packed tarball, both shapes: its
// whole life in Pulumi YAML on the plugin face (counts, outside deletes, rolls, a failed
// replacement, import), the rolled OS change on the dynamic face, and a take-over by `adoptTag`.
//
// A Fleet of 3 groups × 2 regions through the real CLI on the packed tarball, in both shapes:
// in Pulumi YAML on the plugin face (up, no-change preview, refresh, one region's count up, a
// member deleted outside Pulumi, a label change, an OS change rolled with maxSurge 2 under a
// probe of the simulator's server list, a replacement that fails mid-roll, `pulumi import` by
// ids, destroy), and the same fleet on the dynamic face from a Node program (up, no-change
// preview, the rolled OS change, destroy), and a YAML Fleet that takes over servers made
// outside Pulumi by `adoptTag` (no POST, then no change).
// The probe polls the admin list (GET /_sim/servers) every 25 ms while an `up` runs and keeps
// the most servers it saw listed and the fewest active.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { API_KEY, SHAPES, type World } from "./fixtures";
import { TOOLS_DIR } from "./pulumi-env";
import { createPluginProject, type PluginProject } from "./support/plugin-project";
import { closeWorldProject, openWorldProject } from "./support/world-project";
import { fleetOutputs } from "./support/fleet-state";
import { given } from "./support/given";

const FLEET_PROPERTIES = `
      maxSurge: 2
      defaults:
        plan: vc2-1c-1gb
        os: \${os}
        label: \${label}
        tags: [e2e]
      groups:
        - name: web
          regions: [ewr, fra]
          count: 1
          counts:
            ewr: \${webEwr}
        - name: api
          regions: [ewr, fra]
        - name: db
          regions: [ewr, fra]
          plan: vc2-2c-4gb`;

/** A Pulumi YAML project that runs the plugin the packed tarball installs. */
const yamlProject = (name: string) => `name: ${name}
runtime: yaml
plugins:
  providers:
    - name: hosting
      path: ./node_modules/.bin
`;

const YAML = `${yamlProject("fleet-yaml")}config:
  os: { type: string, default: ubuntu-24.04 }
  label: { type: string, default: "{key}" }
  webEwr: { type: integer, default: 1 }
resources:
  fleet:
    type: hosting:index:Fleet
    properties:${FLEET_PROPERTIES}
outputs:
  members: \${fleet.members}
`;

// The same fleet on the dynamic face: hosting.Fleet from the installed package.
const NODE_PROGRAM = `const pulumi = require("@pulumi/pulumi");
const hosting = require("pulumi-hosting");
const config = new pulumi.Config();
const fleet = new hosting.Fleet("fleet", {
  maxSurge: 2,
  defaults: { plan: "vc2-1c-1gb", os: config.get("os") || "ubuntu-24.04", tags: ["e2e"] },
  groups: [
    { name: "web", regions: ["ewr", "fra"], count: 1 },
    { name: "api", regions: ["ewr", "fra"], count: 1 },
    { name: "db", regions: ["ewr", "fra"], count: 1, plan: "vc2-2c-4gb" },
  ],
});
exports.members = fleet.members;
`;

// Takes over the servers tagged `legacy` whose labels are member keys.
const ADOPT_YAML = `${yamlProject("fleet-adopt")}resources:
  fleet:
    type: hosting:index:Fleet
    properties:
      adoptTag: legacy
      defaults:
        plan: vc2-1c-1gb
        os: ubuntu-24.04
        tags: [legacy]
      groups:
        - name: web
          regions: [ewr, fra]
        - name: api
          regions: [ewr, fra]
outputs:
  members: \${fleet.members}
`;

interface Probe {
  most: number;
  fewestActive: number;
  stop(): Promise<void>;
}

/** Polls the simulator's server list until stopped (at most 3 minutes); `onNew` sees each new server once. */
function probe(world: World, known: Set<string>, onNew?: (s: any, n: number) => Promise<void>): Probe {
  let running = true;
  const result = { most: 0, fewestActive: Infinity };
  let seen = 0;
  const started = Date.now();
  const loop = (async () => {
    while (running && Date.now() - started < 180_000) {
      const live = await world.sim.liveServers();
      result.most = Math.max(result.most, live.length);
      result.fewestActive = Math.min(result.fewestActive, live.filter((s) => s.status === "active").length);
      for (const s of live) {
        if (known.has(s.id)) continue;
        known.add(s.id);
        seen += 1;
        if (onNew) await onNew(s, seen);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  return Object.assign(result, {
    stop: async () => {
      running = false;
      await loop;
    },
  }) as Probe;
}

const liveIds = async (world: World) => (await world.sim.liveServers()).map((s) => s.id).sort();

for (const shape of SHAPES) {
  describe(`Fleet in Pulumi YAML on the plugin face, 3 groups × 2 regions, shape ${shape}`, function () {
    let world: World;
    let project: PluginProject;

    before(async function () {
      if (!fs.existsSync(path.join(TOOLS_DIR, "bin", "pulumi-language-yaml"))) throw new Error("pulumi-language-yaml is not in .tools/bin: run `npm run setup:pulumi`");
      ({ world, project } = await openWorldProject(shape, "fleet-yaml", YAML));
    });
    after(() => closeWorldProject(world, project));
    /** The first up, which every later case stands on. */
    const upped = given(() => project.pulumi("up", "--yes", "--skip-preview"));
    /** web's ewr count up to 2 after the first up, with what its preview and its up showed. */
    const countedUp = given(async () => {
      await upped();
      const before = await liveIds(world);
      await project.pulumi("config", "set", "webEwr", "2");
      const preview = await project.pulumi("preview", "--diff");
      await world.sim.resetStats();
      await project.pulumi("up", "--yes", "--skip-preview");
      return { before, preview, stats: await world.sim.stats() };
    });

    it("up creates the 6 members, keyed <group>-<region>-<n>", async () => {
      const out = await upped();
      expect(out).to.match(/\+ 2 created/); // the stack and the fleet
      const members = JSON.parse(await project.pulumi("stack", "output", "members", "--json"));
      expect(Object.keys(members)).to.deep.equal(["api-ewr-1", "api-fra-1", "db-ewr-1", "db-fra-1", "web-ewr-1", "web-fra-1"]);
      expect(members["db-fra-1"]).to.include({ label: "db-fra-1", region: "fra", plan: "vc2-2c-4gb", os: "ubuntu-24.04", status: "active" });
      expect(await liveIds(world)).to.deep.equal(Object.values(members).map((m: any) => m.id).sort());
    });

    it("preview --expect-no-changes passes, and again after a refresh", async () => {
      await upped();
      await project.pulumi("preview", "--expect-no-changes");
      const refreshed = await project.pulumi("refresh", "--yes", "--skip-preview");
      expect(refreshed).to.not.match(/~ \d+ updated/);
      await project.pulumi("preview", "--expect-no-changes");
    });

    it("one region's count up creates only its new member, and the preview names it", async () => {
      const { before, preview, stats } = await countedUp();
      expect(preview).to.match(/\+ web-ewr-2/);
      expect(Object.entries(stats.byRoute).filter(([k]) => /^POST \/v1\/servers 20/.test(k)).reduce((n, [, c]) => n + c, 0)).to.equal(1);
      expect(Object.keys(stats.byRoute).filter((k) => k.startsWith("DELETE"))).to.deep.equal([]);
      const after = await liveIds(world);
      expect(after.filter((id) => before.includes(id))).to.deep.equal(before);
      expect(after).to.have.length(7);
    });

    it("a member deleted outside Pulumi: refresh drops it, the preview shows it to create, up creates only it", async () => {
      await countedUp();
      const members = JSON.parse(await project.pulumi("stack", "output", "members", "--json")) as Record<string, { id: string }>;
      await world.sim.deleteServer(members["api-fra-1"].id);
      await project.pulumi("refresh", "--yes", "--skip-preview");
      expect(await project.pulumi("preview", "--diff")).to.match(/\+ api-fra-1/);
      await world.sim.resetStats();
      await project.pulumi("up", "--yes", "--skip-preview");
      const stats = await world.sim.stats();
      expect(Object.entries(stats.byRoute).filter(([k]) => /^POST \/v1\/servers 20/.test(k)).reduce((n, [, c]) => n + c, 0)).to.equal(1);
      expect(await liveIds(world)).to.have.length(7);
      await project.pulumi("preview", "--expect-no-changes");
    });

    it("a label change is one PATCH per member: nothing created or deleted", async () => {
      await countedUp();
      const before = await liveIds(world);
      await project.pulumi("config", "set", "label", "{key}-v2");
      await world.sim.resetStats();
      await project.pulumi("up", "--yes", "--skip-preview");
      const stats = await world.sim.stats();
      const count = (re: RegExp) => Object.entries(stats.byRoute).filter(([k]) => re.test(k)).reduce((n, [, c]) => n + c, 0);
      expect(count(/^PATCH \/v1\/servers\/:id/)).to.equal(7);
      expect(count(/^(POST \/v1\/servers |DELETE)/)).to.equal(0);
      expect(await liveIds(world)).to.deep.equal(before);
      expect((await world.sim.liveServers()).every((s) => s.label.endsWith("-v2"))).to.equal(true);
    });

    it("an OS change rolls with maxSurge 2: never more than 7 + 2 servers listed, never fewer than 7 active", async () => {
      await countedUp();
      const before = await liveIds(world);
      await project.pulumi("config", "set", "os", "debian-12");
      const preview = await project.pulumi("preview", "--diff");
      // The plan in words, from the provider through the engine's log, and the detailed diff:
      // each member key with the field that replaces it.
      // The CLI prints an info diagnostic on stderr: the last two entries are this preview's.
      expect(project.printed.slice(-2).join("\n")).to.match(/plan: replace 7 \(os\) in 4 batches of at most 2: api-ewr-1, api-fra-1, db-ewr-1, db-fra-1, web-ewr-1, web-ewr-2, web-fra-1/);
      expect(preview.match(/~ os *: "ubuntu-24.04" => "debian-12"/g) ?? []).to.have.length(7);
      for (const key of ["api-ewr-1", "db-fra-1", "web-ewr-2"]) expect(preview).to.match(new RegExp(`~ ${key} *: \\{`));
      const p = probe(world, new Set(before));
      const started = Date.now();
      try {
        await project.pulumi("up", "--yes", "--skip-preview");
      } finally {
        await p.stop();
      }
      console.log(`      OS roll of 7 in 4 batches: ${((Date.now() - started) / 1000).toFixed(1)} s; probe: at most ${p.most} listed, at least ${p.fewestActive} active`);
      expect(p.most).to.be.at.most(9);
      expect(p.most, "the roll did surge").to.be.at.least(8);
      expect(p.fewestActive).to.be.at.least(7);
      const after = await liveIds(world);
      expect(after).to.have.length(7);
      expect(after.filter((id) => before.includes(id))).to.deep.equal([]);
      await project.pulumi("preview", "--expect-no-changes");
    });

    it("a replacement that fails mid-roll fails the up naming its member, orphans nothing, and the next up finishes the roll", async () => {
      await countedUp();
      const before = new Set(await liveIds(world));
      await project.pulumi("config", "set", "os", "rocky-9");
      let forced = "";
      // The fault: the first server of the third batch (the 5th new server) is forced into `error`.
      const p = probe(world, new Set(before), async (s, n) => {
        if (n !== 5) return;
        forced = s.id;
        await world.sim.admin("PATCH", `/servers/${s.id}`, { status: "error" });
      });
      let failure = "";
      try {
        await project.pulumi("up", "--yes", "--skip-preview");
      } catch (e) {
        failure = (e as Error).message;
      } finally {
        await p.stop();
      }
      expect(forced, "the probe saw the third batch").to.not.equal("");
      expect(failure).to.match(new RegExp(`member [a-z]+-[a-z]+-\\d+: server ${forced} was created but is not ready`));
      expect(failure).to.match(/4 of 7 replacements done|5 of 7 replacements done/);
      const outs = fleetOutputs(await project.pulumi("stack", "export"));
      const recorded = [...Object.values(outs.members), ...Object.values(outs.leftovers)].map((m: any) => m.id).sort();
      expect(recorded, "every live server is in the state").to.deep.equal(await liveIds(world));
      expect(Object.keys(outs.leftovers)).to.deep.equal([forced]);

      await project.pulumi("up", "--yes", "--skip-preview");
      const final = fleetOutputs(await project.pulumi("stack", "export"));
      expect(Object.values(final.members).every((m: any) => m.os === "rocky-9" && m.status === "active")).to.equal(true);
      expect(final.leftovers).to.deep.equal({});
      expect(await liveIds(world)).to.deep.equal(Object.values(final.members).map((m: any) => m.id).sort());
      await project.pulumi("preview", "--expect-no-changes");
    });

    it("pulumi import hosting:index:Fleet by ids writes a program whose preview shows no change, with no request that changes anything", async () => {
      await countedUp();
      const members = JSON.parse(await project.pulumi("stack", "output", "members", "--json")) as Record<string, { id: string }>;
      const ids = Object.entries(members).map(([key, m]) => `${key}=${m.id}`).join(",");
      const other = await createPluginProject(`fleet-import-${shape.toLowerCase()}`, yamlProject("fleet-import"));
      try {
        await other.config({ "hosting:baseUrl": world.sim.url }, { "hosting:apiKey": API_KEY });
        await world.sim.resetStats();
        await other.pulumi("import", "hosting:index:Fleet", "web", ids, "--yes", "--protect=false", "--out", "imported.yaml");
        const stats = await world.sim.stats();
        expect(Object.keys(stats.byRoute).filter((k) => /^(POST|PATCH|DELETE)/.test(k))).to.deep.equal([]);
        const imported = fleetOutputs(await other.pulumi("stack", "export")).members;
        expect(Object.keys(imported)).to.deep.equal(["api-ewr-1", "api-fra-1", "db-ewr-1", "db-fra-1", "web-ewr-1", "web-ewr-2", "web-fra-1"]);
        fs.appendFileSync(path.join(other.dir, "Pulumi.yaml"), fs.readFileSync(path.join(other.dir, "imported.yaml"), "utf8"));
        await other.pulumi("preview", "--expect-no-changes");
      } finally {
        other.dispose();
      }
    });

    it("destroy removes every server", async () => {
      await upped();
      await project.pulumi("destroy", "--yes", "--skip-preview");
      expect(await world.sim.liveServers()).to.deep.equal([]);
    });
  });

  describe(`Fleet on the dynamic face from a Node program on the packed tarball, shape ${shape}`, function () {
    let world: World;
    let project: PluginProject;

    before(async () => {
      ({ world, project } = await openWorldProject(shape, "fleet-node", "name: fleet-node\nruntime: nodejs\nmain: index.js\n", { "index.js": NODE_PROGRAM }));
    });
    after(() => closeWorldProject(world, project));
    /** The first up, which every later case stands on. */
    const upped = given(() => project.pulumi("up", "--yes", "--skip-preview"));

    it("up creates the 6 members; preview shows no change", async () => {
      await upped();
      const members = JSON.parse(await project.pulumi("stack", "output", "members", "--json"));
      expect(Object.keys(members)).to.have.length(6);
      expect(await liveIds(world)).to.deep.equal(Object.values(members).map((m: any) => m.id).sort());
      await project.pulumi("preview", "--expect-no-changes");
    });

    it("an OS change rolls with maxSurge 2 (never more than 8 listed, never fewer than 6 active); the preview states the plan", async () => {
      await upped();
      const before = await liveIds(world);
      await project.pulumi("config", "set", "os", "debian-12");
      const preview = await project.pulumi("preview", "--diff");
      // The dynamic host shows no detailed diff: the provider's plan comes as a warning.
      expect(project.printed.slice(-2).join("\n"), preview).to.match(/Fleet fleet plan: replace 6 \(os\) in 3 batches of at most 2/);
      const p = probe(world, new Set(before));
      try {
        await project.pulumi("up", "--yes", "--skip-preview");
      } finally {
        await p.stop();
      }
      expect(p.most).to.be.at.most(8);
      expect(p.fewestActive).to.be.at.least(6);
      expect((await liveIds(world)).filter((id) => before.includes(id))).to.deep.equal([]);
      await project.pulumi("preview", "--expect-no-changes");
    });

    it("destroy removes every server", async () => {
      await upped();
      await project.pulumi("destroy", "--yes", "--skip-preview");
      expect(await world.sim.liveServers()).to.deep.equal([]);
    });
  });

  describe(`Fleet in Pulumi YAML taking over servers made outside Pulumi (adoptTag), shape ${shape}`, function () {
    let world: World;
    let project: PluginProject;
    const seeded: Record<string, string> = {};

    before(async () => {
      ({ world, project } = await openWorldProject(shape, "fleet-adopt", ADOPT_YAML, undefined, async (w) => {
        for (const key of ["web-ewr-1", "web-fra-1", "api-ewr-1", "api-fra-1"]) {
          seeded[key] = await w.sim.seedServer({ label: key, region: key.split("-")[1], tags: ["legacy"] }, API_KEY);
        }
        // A server with the tag whose label is no member key stays out of the fleet.
        await w.sim.seedServer({ label: "web-ewr-9", tags: ["legacy"] }, API_KEY);
      }));
    });
    after(() => closeWorldProject(world, project));
    /** The up that takes the seeded servers over, with the requests it made. */
    const adopted = given(async () => {
      await world.sim.resetStats();
      await project.pulumi("up", "--yes", "--skip-preview");
      return world.sim.stats();
    });

    it("up takes over the 4 servers with no POST, and the next preview shows no change", async () => {
      const stats = await adopted();
      expect(Object.keys(stats.byRoute).filter((k) => k.startsWith("POST ")), JSON.stringify(stats.byRoute)).to.deep.equal([]);
      const members = JSON.parse(await project.pulumi("stack", "output", "members", "--json")) as Record<string, { id: string }>;
      expect(Object.fromEntries(Object.entries(members).map(([k, m]) => [k, m.id]))).to.deep.equal(seeded);
      await project.pulumi("preview", "--expect-no-changes");
    });

    it("destroy deletes the adopted servers and leaves the other one", async () => {
      await adopted();
      await project.pulumi("destroy", "--yes", "--skip-preview");
      expect((await world.sim.liveServers()).map((s: any) => s.label)).to.deep.equal(["web-ewr-9"]);
    });
  });
}
