// The root project (Pulumi.yaml + fleet.yaml) through the plain Pulumi CLI, as a
// user with an installed CLI runs it: `pulumi up`, `preview --expect-no-changes`,
// `destroy`. The language host is .tools/bin's stand-in (scripts/language-host),
// since the Go module of the real one cannot be fetched here.
import { expect } from "chai";
import { execFile } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { promisify } from "util";
import { parse } from "yaml";
import { createPulumiEnv, PulumiEnv, REPO_ROOT, TOOLS_DIR } from "./pulumi-env";
import { API_KEY, SHAPES, startWorld, WEBHOOK_SECRET, World } from "./fixtures";
import { given } from "./support/given";

const fleetSize = (): number => {
  const doc = parse(fs.readFileSync(path.join(REPO_ROOT, "fleet.yaml"), "utf8"));
  return doc.groups.reduce((n: number, g: any) => n + g.regions.length * (g.count ?? 1), 0);
};

for (const shape of SHAPES) {
  describe(`the root project through the plain CLI, shape ${shape}`, function () {
    const stack = `e2e-cli-${shape.toLowerCase()}`;
    let world: World;
    let env: PulumiEnv;

    const pulumi = async (...args: string[]): Promise<string> => {
      const { stdout } = await promisify(execFile)(path.join(TOOLS_DIR, "bin", "pulumi"), [...args, "--stack", stack, "--non-interactive"], {
        cwd: REPO_ROOT,
        env: { ...process.env, ...env.envVars, PATH: `${path.join(TOOLS_DIR, "bin")}:${process.env.PATH}` },
        maxBuffer: 64 * 1024 * 1024,
      });
      return stdout;
    };

    before(async () => {
      world = await startWorld(shape);
      env = await createPulumiEnv();
      await promisify(execFile)(path.join(TOOLS_DIR, "bin", "pulumi"), ["stack", "init", stack, "--non-interactive"], {
        cwd: REPO_ROOT,
        env: { ...process.env, ...env.envVars },
      });
      await pulumi("config", "set", "--secret", "hosting:apiKey", API_KEY);
      await pulumi("config", "set", "hosting:baseUrl", world.sim.url);
      await pulumi("config", "set", "fleet:webhookUrl", world.receiver.url);
      await pulumi("config", "set", "--secret", "fleet:webhookSecret", WEBHOOK_SECRET);
    });

    after(async () => {
      await pulumi("stack", "rm", "--yes", "--force").catch(() => undefined);
      fs.rmSync(path.join(REPO_ROOT, `Pulumi.${stack}.yaml`), { force: true });
      env?.dispose();
      await world?.close();
    });

    /** The first up, which every later case stands on. */
    const upped = given(() => pulumi("up", "--yes", "--skip-preview"));

    it("pulumi up creates the fleet of fleet.yaml and its webhook hears every server.created", async () => {
      const out = await upped();
      expect(out).to.match(/\+ \d+ created/);
      const live = await world.sim.liveServers();
      expect(live.length).to.equal(fleetSize());
      expect(live.every((s) => s.status === "active")).to.equal(true);
      const created = world.receiver.events.filter((e) => e.event === "server.created");
      expect(created.length).to.equal(fleetSize());
    });

    it("pulumi preview --expect-no-changes passes after the up", async () => {
      await upped();
      const out = await pulumi("preview", "--expect-no-changes");
      expect(out).to.match(/\d+ unchanged/);
    });

    it("pulumi destroy removes every server and the webhook", async () => {
      await upped();
      await pulumi("destroy", "--yes", "--skip-preview");
      expect(await world.sim.liveServers()).to.deep.equal([]);
      expect((await world.sim.rawWebhooks()).filter((w) => !w.deleted_at)).to.deep.equal([]);
    });
  });
}
