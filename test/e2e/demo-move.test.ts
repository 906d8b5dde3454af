// `npm run demo` over a `.demo` stack that the earlier per-server demo made keeps every server: the
// Fleet adopts the Servers' ids and the dropped Servers' deletes leave them, with none deleted and
// none created.
//
// `npm run demo` over a `.demo` stack that the earlier demo made (one `hosting.Server` per
// member of fleet.yaml, before the root program became one Fleet) keeps every server: the
// demo hands the Fleet the Servers' ids (`fleet:adoptIds`, scripts/demo/run.ts), the Fleet
// adopts them and the dropped Servers' deletes leave them (docs/guide/adoption-and-moves.md).
// The earlier demo is reproduced here as it ran (git show e3748ec^:examples/fleet/
// program.ts): same project, stack, backend, passphrase and simulator state file, in a
// DEMO_DIR of its own; the simulator's state file then shows the same servers, none deleted
// and none created.
import { expect } from "chai";
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { promisify } from "util";
import * as hosting from "pulumi-hosting";
import { startSimulator } from "pulumi-hosting/simulator";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { offlineEnv, pinnedPulumi, REPO_ROOT } from "../../scripts/pulumi-offline";
import { expandFleet, readFleetFile } from "../../examples/fleet/fleet-file";
import { SHAPES } from "./fixtures";

const API_KEY = "demo-full-key";

/** The earlier demo's program: one Server per member of the fleet file. */
function earlierDemoProgram() {
  return async () => {
    const entries = expandFleet(readFleetFile(path.join(REPO_ROOT, "fleet.yaml")));
    const ids: Record<string, unknown> = {};
    for (const e of entries) {
      ids[e.name] = new hosting.Server(e.name, { region: e.region, plan: e.plan, os: e.os, label: e.name, tags: [...e.tags, `group:${e.group}`] }).id;
    }
    return { ids };
  };
}

interface StoredServer {
  id: string;
  deleted_at?: string | null;
}

function storedServers(dir: string): StoredServer[] {
  return (JSON.parse(fs.readFileSync(path.join(dir, "simulator.json"), "utf8")) as { servers: StoredServer[] }).servers;
}

for (const shape of SHAPES) {
  describe(`npm run demo over a .demo stack of the earlier per-server demo, shape ${shape}`, function () {
    let dir: string;

    before(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-demo-move-"));
      for (const sub of ["backend", "project"]) fs.mkdirSync(path.join(dir, sub));
    });
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    it("keeps every server id: the Fleet adopts the earlier Servers' servers, none created, none deleted", async () => {
      // The earlier demo's up, on the simulator and state file the demo uses.
      const sim = await startSimulator({
        shape, provisionMs: 300, transitionMs: 100, seed: 42, stateFile: path.join(dir, "simulator.json"),
        keys: [{ key: API_KEY, permission: "full", tier: "default" }],
      });
      fs.writeFileSync(path.join(dir, "simulator-port"), String(new URL(sim.url).port));
      try {
        const stack = await LocalWorkspace.createOrSelectStack(
          { stackName: "demo", projectName: "hosting-fleet", program: earlierDemoProgram() },
          {
            workDir: path.join(dir, "project"), pulumiHome: path.join(dir, "pulumi-home"), pulumiCommand: await pinnedPulumi(),
            projectSettings: { name: "hosting-fleet", runtime: "nodejs", main: REPO_ROOT },
            envVars: { ...offlineEnv(path.join(dir, "backend"), "demo-passphrase"), HOSTING_CATALOGUE_CACHE_DIR: path.join(dir, "catalogue-cache") },
          },
        );
        await stack.setAllConfig({ "hosting:apiKey": { value: API_KEY, secret: true }, "hosting:baseUrl": { value: sim.url } });
        await stack.up();
      } finally {
        await sim.close();
      }
      const before = storedServers(dir);
      expect(before.filter((s) => !s.deleted_at)).to.have.length(5);

      const started = Date.now();
      await promisify(execFile)(process.execPath, [path.join(REPO_ROOT, "dist", "scripts", "demo", "run.js")], {
        cwd: REPO_ROOT,
        env: { ...process.env, DEMO_DIR: dir, DEMO_SHAPE: shape, DEMO_PROVISION_MS: "300", HOSTING_CATALOGUE_CACHE_DIR: path.join(dir, "catalogue-cache") },
        maxBuffer: 64 << 20,
      }).catch((e: { stdout?: string; stderr?: string }) => {
        throw new Error(`the demo failed:\n${e.stdout ?? ""}${e.stderr ?? ""}`);
      });
      console.log(`      (the demo's run: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
      const after = storedServers(dir);
      expect(after.map((s) => s.id).sort(), "no server created").to.deep.equal(before.map((s) => s.id).sort());
      expect(after.filter((s) => s.deleted_at).map((s) => s.id), "no server deleted").to.deep.equal([]);
    });
  });
}
