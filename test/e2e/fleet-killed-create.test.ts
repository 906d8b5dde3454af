// A Fleet create killed after its last mark keeps its servers through the guide's recovery, the
// plain CLI on the packed tarball, Pulumi YAML, both shapes. The state is the one such a kill
// leaves: the Fleet's 2 servers made and one marking the instance live, and the engine holding
// a pending create of the Fleet instead of its state. A kill cannot be timed into that window (the
// create's last PATCH, then the engine's write), so the test makes the state from a finished
// `up`: `pulumi stack export`, the Fleet moved into `pending_operations` as a create, `pulumi stack
// import`. Then the recovery of docs/guide/recovery.md ("A killed up"): `pulumi refresh
// --clear-pending-creates`, `hosting-orphans --stack`, the `pulumi import` it prints (or
// `hosting-orphans --stack --adopt`, which runs it), `pulumi up`. The account must hold the same
// 2 servers, both in the state, with no POST; the next preview shows no change. Where the stack
// holds the Fleet again (here: `pulumi state delete` of it, then an `up` that made 2 more beside
// the first 2), no import can take them: `hosting-orphans --delete-killed-creates` deletes them
// and nothing else.
import { expect } from "chai";
import { execFile } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { promisify } from "util";
import { countRequests } from "../helpers/simulator";
import { SHAPES, type World } from "./fixtures";
import { TOOLS_DIR } from "./pulumi-env";
import { idsOf, type Members, outputs, START, yamlFleet, yamlHead } from "./support/fleet-programs";
import { packageBin } from "./support/package-bin";
import type { PluginProject } from "./support/plugin-project";
import { closeWorldProject, openWorldProject } from "./support/world-project";

const ORPHANS_CLI = packageBin("hosting-orphans");

for (const shape of SHAPES) {
  describe(`a Fleet create killed after its last mark, plugin face (Pulumi YAML), shape ${shape}`, function () {
    let world: World | undefined;
    let project: PluginProject | undefined;
    const stack = `killed-create-${shape.toLowerCase()}`;

    before(async function () {
      if (!fs.existsSync(path.join(TOOLS_DIR, "bin", "pulumi-language-yaml"))) throw new Error("pulumi-language-yaml is not in .tools/bin: run `npm run setup:pulumi`");
      ({ world, project } = await openWorldProject(shape, "killed-create", yamlHead("killed-create") + yamlFleet("web", START) + "outputs:\n  web: ${web.members}\n"));
    });
    after(() => closeWorldProject(world, project, true));

    async function orphans(p: PluginProject, ...extra: string[]): Promise<string> {
      const { stdout } = await promisify(execFile)("node", [ORPHANS_CLI, "--stack", stack, "--cwd", p.dir, ...extra], {
        env: { ...process.env, ...p.env.envVars, PATH: `${path.join(TOOLS_DIR, "bin")}:${process.env.PATH}` },
        maxBuffer: 64 * 1024 * 1024,
      });
      return stdout;
    }

    for (const byAdopt of [false, true]) {
      it(byAdopt
        ? "hosting-orphans --adopt imports it; after it, the up makes no server"
        : "hosting-orphans names its instance and the import that keeps its servers; after it, the up makes no server", async () => {
        const p = project!;
        await p.pulumi("up", "--yes", "--skip-preview");
        const made = idsOf((await outputs(p)).web as Members);
        expect(made).to.have.length(2);

        const exported = JSON.parse(await p.pulumi("stack", "export"));
        const resources: any[] = exported.deployment.resources;
        const fleet = resources.find((r) => r.type === "hosting:index:Fleet");
        exported.deployment.resources = resources.filter((r) => r !== fleet);
        const { id: instance, outputs: _outputs, ...pending } = fleet;
        exported.deployment.pending_operations = [{ resource: { ...pending, outputs: {} }, type: "creating" }];
        fs.writeFileSync(path.join(p.dir, "killed.json"), JSON.stringify(exported));
        await p.pulumi("stack", "import", "--file", "killed.json");

        await p.pulumi("refresh", "--clear-pending-creates", "--yes", "--skip-preview");
        const stdout = await orphans(p, ...(byAdopt ? ["--adopt"] : []));
        expect(stdout).to.match(new RegExp(`^killed-create ${instance}: 2 server\\(s\\) of fleet killed-create/${stack}/web \\(${stack}:web\\)`, "m"));
        const command = stdout.split("\n").find((l) => l.trim().startsWith("pulumi import "));
        expect(command, stdout).to.equal(`  pulumi import hosting:index:Fleet web tag:hosting-owner:${instance} --stack ${stack} --protect=false --yes`);
        if (byAdopt) expect(stdout).to.include(`imported the killed create ${instance} as ${stack}:web, its 2 server(s) recorded`);
        else await p.raw(...command!.trim().split(/\s+/).slice(1), "--non-interactive");

        await world!.sim.resetStats();
        await p.pulumi("up", "--yes", "--skip-preview");
        expect(countRequests(await world!.sim.stats(), "POST /v1/servers"), "no server made again").to.equal(0);
        expect((await world!.sim.liveServers()).map((s) => s.id).sort(), "the killed create's servers, and no other").to.deep.equal(made);
        expect(idsOf((await outputs(p)).web as Members), "both in the state").to.deep.equal(made);
        expect(await p.pulumi("preview", "--expect-no-changes"), "no change after the recovery").to.match(/2 unchanged/);
        await p.pulumi("destroy", "--yes", "--skip-preview");
      });
    }

    it("where the stack holds the Fleet again, hosting-orphans --delete-killed-creates deletes the killed create's servers and nothing else", async () => {
      const p = project!;
      await p.pulumi("up", "--yes", "--skip-preview");
      const first = idsOf((await outputs(p)).web as Members);
      const urn = JSON.parse(await p.pulumi("stack", "export")).deployment.resources.find((r: any) => r.type === "hosting:index:Fleet").urn;
      await p.pulumi("state", "delete", urn, "--yes");
      await p.pulumi("up", "--yes", "--skip-preview");
      const held = idsOf((await outputs(p)).web as Members);
      expect(held.filter((id) => first.includes(id)), "the up made its own 2").to.deep.equal([]);

      const stdout = await orphans(p, "--delete-killed-creates", "--yes");
      expect(stdout).to.match(/^killed-create \S+: 2 server\(s\) .*: delete them before the up with --delete-killed-creates$/m);
      expect(stdout).to.include(`deleted 2: ${first.join(", ")}`);
      expect((await world!.sim.liveServers()).map((x) => x.id).sort(), "the held Fleet's servers, and no other").to.deep.equal(held);
      expect(await p.pulumi("preview", "--expect-no-changes"), "no change").to.match(/2 unchanged/);
      await p.pulumi("destroy", "--yes", "--skip-preview");
    });
  });
}
