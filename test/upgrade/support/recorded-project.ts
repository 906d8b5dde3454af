// A recorded stack (scripts/upgrade/record.ts) opened with today's build: the recording's
// project in a temporary folder whose node_modules is the packed tarball as a user installs
// it (test/e2e/support/plugin-project.ts installedPackage: HOSTING_TARBALL in a lane), plus
// TypeScript for the dynamic face's program; a simulator seeded with the recording's store
// (same server and webhook ids); the stack imported into a fresh file backend with the
// recordings' passphrase. The plugin face's Pulumi.yaml names ./node_modules/.bin, so its
// plugin is today's `pulumi-resource-hosting`; the dynamic face's recorded `__provider`
// requires `pulumi-hosting/internal/<resource>`, which resolves to today's package.
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { promisify } from "util";
import { createPulumiEnv, REPO_ROOT, TOOLS_DIR, type PulumiEnv } from "../../e2e/pulumi-env";
import { installedPackage } from "../../e2e/support/plugin-project";
import { startTestSimulator, type TestShape, type TestSimulator } from "../../helpers/simulator";
import { RECORDING_API_KEY, RECORDING_PASSPHRASE, RECORDING_STACK } from "../../../scripts/upgrade/recording";

/** test/upgrade/recordings in the checkout, or in a lane's project (scripts/run-lane.sh copies it there). */
export const RECORDINGS = path.join(REPO_ROOT, "test", "upgrade", "recordings");

export interface Recording {
  /** e.g. "v0.1.0/plugin-B". */
  name: string;
  dir: string;
  version: string;
  face: "dynamic" | "plugin";
  shape: TestShape;
}

/** Every recording of every release, oldest release first. */
export function allRecordings(): Recording[] {
  if (!fs.existsSync(RECORDINGS)) throw new Error(`${RECORDINGS} is missing: a lane must copy test/upgrade/recordings (scripts/run-lane.sh)`);
  const out: Recording[] = [];
  for (const release of fs.readdirSync(RECORDINGS).filter((d) => /^v\d/.test(d)).sort()) {
    for (const name of fs.readdirSync(path.join(RECORDINGS, release)).sort()) {
      const dir = path.join(RECORDINGS, release, name);
      const meta = JSON.parse(fs.readFileSync(path.join(dir, "recording.json"), "utf8"));
      out.push({ name: `${release}/${name}`, dir, version: meta.version, face: meta.face, shape: meta.shape });
    }
  }
  return out;
}

export interface OpenedRecording {
  sim: TestSimulator;
  /** `pulumi <args> --stack upgrade --non-interactive` in the project; rejects with what it printed. */
  pulumi(...args: string[]): Promise<string>;
  /** The recorded deployment, as `pulumi stack export` wrote it. */
  state: { deployment: { resources: Array<{ urn: string; type: string; id?: string; outputs?: Record<string, unknown> }> } };
  close(): Promise<void>;
}

/** The recording's project, simulator and stack, ready for today's build to preview. */
export async function openRecording(rec: Recording): Promise<OpenedRecording> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-recorded-"));
  const project = path.join(work, "project");
  fs.mkdirSync(project);
  for (const file of fs.readdirSync(rec.dir)) if (!["state.json", "simulator.json", "recording.json"].includes(file)) fs.copyFileSync(path.join(rec.dir, file), path.join(project, file));
  // The SDK compiles index.ts with the TypeScript beside it (its own folder, the links resolved),
  // else with a vendored TypeScript 3 that knows no node16: the shared install gets a link.
  const shared = installedPackage();
  if (rec.face === "dynamic" && !fs.existsSync(path.join(shared, "typescript"))) {
    fs.symlinkSync(path.dirname(require.resolve("typescript/package.json")), path.join(shared, "typescript"));
  }
  const modules = path.join(project, "node_modules");
  fs.mkdirSync(modules);
  for (const entry of fs.readdirSync(shared)) fs.symlinkSync(path.join(shared, entry), path.join(modules, entry));
  // The simulator writes its file back: it gets a copy.
  const stateFile = path.join(work, "simulator.json");
  fs.copyFileSync(path.join(rec.dir, "simulator.json"), stateFile);
  const sim = await startTestSimulator({
    shape: rec.shape, stateFile, provisionMs: 300, transitionMs: 100, webhookRetryScale: 0.00001,
    keys: [{ key: RECORDING_API_KEY, permission: "full", tier: "enterprise" }],
  });
  let env: PulumiEnv | undefined;
  try {
    env = await createPulumiEnv({ PULUMI_CONFIG_PASSPHRASE: RECORDING_PASSPHRASE, HOSTING_BASE_URL: sim.url });
    const vars = { ...process.env, ...env.envVars, PATH: `${path.join(TOOLS_DIR, "bin")}:${process.env.PATH}` };
    const pulumi = async (...args: string[]): Promise<string> => {
      try {
        const { stdout } = await promisify(execFile)(path.join(TOOLS_DIR, "bin", "pulumi"), [...args, "--stack", RECORDING_STACK, "--non-interactive"], {
          cwd: project, env: vars, maxBuffer: 64 << 20,
        });
        return stdout;
      } catch (e) {
        const failed = e as { stdout?: string; stderr?: string; message: string };
        throw new Error(`pulumi ${args.join(" ")} (${rec.name}) failed:\n${failed.stdout ?? ""}${failed.stderr ?? failed.message}`);
      }
    };
    // The recorded Pulumi.upgrade.yaml (its encryption salt and ciphertexts) is the stack's config.
    await promisify(execFile)(path.join(TOOLS_DIR, "bin", "pulumi"), ["stack", "init", RECORDING_STACK, "--non-interactive"], { cwd: project, env: vars });
    await pulumi("stack", "import", "--file", path.join(rec.dir, "state.json"));
    const state = JSON.parse(fs.readFileSync(path.join(rec.dir, "state.json"), "utf8"));
    const opened = env;
    return {
      sim, pulumi, state,
      close: async () => {
        opened.dispose();
        await sim.close();
        fs.rmSync(work, { recursive: true, force: true });
      },
    };
  } catch (e) {
    env?.dispose();
    await sim.close();
    fs.rmSync(work, { recursive: true, force: true });
    throw e;
  }
}
