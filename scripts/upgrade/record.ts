// Records the stacks a release makes, for the upgrade suite (test/upgrade/recorded-stacks.test.ts):
//   node dist/scripts/upgrade/record.js <release tarball> <version> [<out dir>]
// (scripts/upgrade/record.sh builds this checkout and gets the CLI first). For each face
// (dynamic: a TypeScript program on the tarball's package; plugin: Pulumi YAML on the
// tarball's `pulumi-resource-hosting`, as a user of the npm package runs it) and each API
// shape, on the simulator the same tarball ships, it runs `pulumi up`, checks that the
// release itself previews its stack with no change, and keeps in <out>/<face>-<shape>/:
//   the project (Pulumi.yaml and the program), Pulumi.upgrade.yaml (the stack's config: the
//   API key and the webhook secret as passphrase ciphertexts), state.json (`pulumi stack
//   export`), simulator.json (the simulator's state file, without the idempotency records and
//   webhook deliveries, which no preview reads), and recording.json (what made it).
// The passphrase is RECORDING_PASSPHRASE (recording.ts): fixed and public, so any later build
// can import the stacks. The API's address is given by HOSTING_BASE_URL, not the stack config,
// so the provider's recorded inputs hold no port and a preview on another port changes nothing.
import { execFileSync, spawn, type ChildProcess } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { createInterface } from "readline";
import { offlineEnv, TOOLS_DIR } from "../pulumi-offline";
import { programFiles, type Face, type Shape } from "./programs";
import { RECORDING_API_KEY, RECORDING_PASSPHRASE, RECORDING_STACK, RECORDING_WEBHOOK_SECRET, recordingName } from "./recording";

// RECORD_FACES=dynamic (or plugin) records one face only, e.g. while a language host is missing.
const FACES: Face[] = (process.env.RECORD_FACES?.split(",") as Face[] | undefined) ?? ["dynamic", "plugin"];
const SHAPES: Shape[] = ["A", "B"];

function usage(): never {
  console.error("usage: record.js <release tarball> <version> [<out dir>]");
  process.exit(2);
}

/** node_modules with the release's package, the SDK it was tested with and TypeScript (the dynamic face's program). */
function install(tarball: string, work: string): string {
  const dir = path.join(work, "install");
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "upgrade-recording", private: true }));
  const sdk = (require("@pulumi/pulumi/package.json") as { version: string }).version;
  const ts = (require("typescript/package.json") as { version: string }).version;
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", tarball, `@pulumi/pulumi@${sdk}`, `typescript@${ts}`], { cwd: dir, stdio: "inherit" });
  return path.join(dir, "node_modules");
}

interface RunningSimulator {
  url: string;
  stop(): Promise<void>;
}

/** The release's own simulator (its CLI), with a state file written when it stops. */
async function startReleaseSimulator(modules: string, shape: Shape, stateFile: string): Promise<RunningSimulator> {
  const cli = path.join(modules, "pulumi-hosting", "dist", "simulator", "cli.js");
  const child: ChildProcess = spawn(process.execPath, [cli, "--port", "0", "--shape", shape, "--key", `full:${RECORDING_API_KEY}:enterprise`,
    "--provision-ms", "300", "--transition-ms", "100", "--seed", "36", "--state-file", stateFile], { stdio: ["ignore", "pipe", "inherit"] });
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the simulator exited (${code}) before it listened`)));
  });
  const url = /listening on (\S+)/.exec(first)?.[1];
  if (!url) throw new Error(`the simulator's first line names no address: ${first}`);
  return {
    url,
    stop: () => new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    }),
  };
}

/** Records one face and shape into `out`. */
async function recordOne(face: Face, shape: Shape, modules: string, work: string, out: string, version: string): Promise<void> {
  const name = recordingName(face, shape);
  const project = path.join(work, name);
  fs.mkdirSync(project);
  const files = programFiles(face, shape, `upgrade-${face}`);
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(project, file), text);
  fs.symlinkSync(modules, path.join(project, "node_modules"));
  const stateFile = path.join(work, `${name}-simulator.json`);
  const sim = await startReleaseSimulator(modules, shape, stateFile);
  const home = path.join(work, `${name}-home`);
  fs.mkdirSync(path.join(home, "backend"), { recursive: true });
  const env = {
    ...process.env,
    PULUMI_HOME: home,
    ...offlineEnv(path.join(home, "backend"), RECORDING_PASSPHRASE),
    HOSTING_API_KEY: "",
    HOSTING_BASE_URL: sim.url,
    HOSTING_CATALOGUE_CACHE_DIR: path.join(home, "catalogue-cache"),
    PATH: `${path.join(TOOLS_DIR, "bin")}:${process.env.PATH}`,
  };
  const pulumi = (...args: string[]): string => {
    try {
      return execFileSync(path.join(TOOLS_DIR, "bin", "pulumi"), [...args, "--non-interactive"], { cwd: project, env, encoding: "utf8", maxBuffer: 64 << 20, stdio: "pipe" });
    } catch (e) {
      const failed = e as { stdout?: string; stderr?: string };
      throw new Error(`pulumi ${args.join(" ")} (${name}) failed:\n${failed.stdout ?? ""}${failed.stderr ?? ""}`);
    }
  };
  try {
    pulumi("stack", "init", RECORDING_STACK);
    pulumi("config", "set", "--secret", "hosting:apiKey", RECORDING_API_KEY);
    pulumi("config", "set", "--secret", "webhookSecret", RECORDING_WEBHOOK_SECRET);
    process.stdout.write(pulumi("up", "--yes", "--skip-preview"));
    pulumi("preview", "--expect-no-changes");
    pulumi("stack", "export", "--file", path.join(project, "state.json"));
  } finally {
    await sim.stop();
  }
  const dest = path.join(out, name);
  fs.rmSync(dest, { recursive: true, force: true });
  fs.mkdirSync(dest, { recursive: true });
  for (const file of [...Object.keys(files), `Pulumi.${RECORDING_STACK}.yaml`]) fs.copyFileSync(path.join(project, file), path.join(dest, file));
  fs.writeFileSync(path.join(dest, "state.json"), `${JSON.stringify(JSON.parse(fs.readFileSync(path.join(project, "state.json"), "utf8")), null, 2)}\n`);
  const store = JSON.parse(fs.readFileSync(stateFile, "utf8"));
  store.idempotency = [];
  store.deliveries = [];
  fs.writeFileSync(path.join(dest, "simulator.json"), `${JSON.stringify(store, null, 2)}\n`);
  const recording = {
    version, face, shape,
    made: face === "dynamic" ? "a TypeScript program on the release's npm package (hosting.Server, Webhook, Fleet)" : "Pulumi YAML on the release's pulumi-resource-hosting (the npm package's bin)",
    sdk: (require(path.join(modules, "@pulumi/pulumi/package.json")) as { version: string }).version,
    cli: execFileSync(path.join(TOOLS_DIR, "bin", "pulumi"), ["version"], { encoding: "utf8" }).trim(),
    node: process.version,
  };
  fs.writeFileSync(path.join(dest, "recording.json"), `${JSON.stringify(recording, null, 2)}\n`);
  console.log(`record: ${dest}`);
}

async function main(): Promise<void> {
  const [tarball, version, outArg] = process.argv.slice(2);
  if (!tarball || !version || !fs.existsSync(tarball)) usage();
  const out = path.resolve(outArg ?? path.join(__dirname, "..", "..", "..", "test", "upgrade", "recordings", `v${version.replace(/^v/, "")}`));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-record-"));
  try {
    const modules = install(path.resolve(tarball), work);
    for (const face of FACES) for (const shape of SHAPES) await recordOne(face, shape, modules, work, out, version.replace(/^v/, ""));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(`record: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
