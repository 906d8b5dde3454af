// A user's own Pulumi project, outside this repository: the packed tarball and an
// @pulumi/pulumi installed with plain `npm install`, and a program run inline in a
// separate process by the node that comes first on PATH (a lane's Node, or another
// one the test names). Used by the tarball test and by the SDK-upgrade test.
import { execFile, execFileSync, spawnSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { promisify } from "util";
import { REPO_ROOT } from "../pulumi-env";

const RUNNER = `// Written by test/e2e/support/user-project.ts: a user's program, run inline.
const { LocalWorkspace, PulumiCommand } = require("@pulumi/pulumi/automation");
const hosting = require("pulumi-hosting");

(async () => {
  const command = await PulumiCommand.get({ root: process.env.TOOLS_DIR, skipVersionCheck: true });
  const program = async () => {
    const s = new hosting.Server("web", { region: "ewr", plan: "vc2-1c-1gb", os: process.env.SERVER_OS || "ubuntu-24.04", label: process.env.LABEL || "from-tarball" });
    return { id: s.id, status: s.status, label: s.label };
  };
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: process.env.STACK, projectName: "tarball-user", program },
    { workDir: __dirname, pulumiCommand: command, projectSettings: { name: "tarball-user", runtime: "nodejs", main: __dirname } },
  );
  await stack.setAllConfig({
    "hosting:apiKey": { value: process.env.KEY, secret: true },
    "hosting:baseUrl": { value: process.env.SIM_URL },
  });
  const verb = process.argv[2];
  const report = { node: process.version, sdk: require("@pulumi/pulumi/package.json").version };
  if (verb === "export") return console.log(JSON.stringify({ ...report, state: await stack.exportStack() }));
  if (verb === "import") {
    await stack.importStack(JSON.parse(require("fs").readFileSync(process.env.STATE_FILE, "utf8")));
    return console.log(JSON.stringify(report));
  }
  if (verb === "preview") {
    const result = await stack.preview({ expectNoChanges: true, diff: true });
    return console.log(JSON.stringify({ ...report, changes: result.changeSummary }));
  }
  const result = await stack[verb]();
  const outputs = {};
  for (const [k, v] of Object.entries(result.outputs || {})) outputs[k] = v.value;
  console.log(JSON.stringify({ ...report, result: result.summary.result, changes: result.summary.resourceChanges, outputs }));
})().catch((err) => { console.error(String(err && err.message || err)); process.exit(1); });
`;

/** The tarball a lane packed (HOSTING_TARBALL), or a fresh `npm pack` of this repository into `dir`. */
export function packedTarball(dir: string): string {
  if (process.env.HOSTING_TARBALL) return process.env.HOSTING_TARBALL;
  const packOutput = execFileSync("npm", ["pack", "--json", "--pack-destination", dir], { cwd: REPO_ROOT, encoding: "utf8" });
  return path.join(dir, JSON.parse(packOutput)[0].filename);
}

/** `npm <args>` in `dir` with `nodeBin` first on PATH; returns everything npm printed (stdout and stderr). */
export function npmIn(dir: string, args: string[], nodeBin?: string): string {
  const env = nodeBin ? { ...process.env, PATH: `${nodeBin}:${process.env.PATH}` } : process.env;
  for (let attempt = 1; ; attempt++) {
    const run = spawnSync("npm", args, { cwd: dir, env, encoding: "utf8" });
    const printed = `${run.stdout ?? ""}${run.stderr ?? ""}`;
    if (run.status === 0) return printed;
    // The registry's side, not ours: a version a dependency names exactly that the registry's
    // mirror does not list yet (seen in CI: @opentelemetry/context-async-hooks@2.12.1 for
    // sdk-trace-node@2.12.1, listed minutes later), or a dropped connection. Asked again, twice.
    const transient = /\b(ETARGET|ECONNRESET|ETIMEDOUT|EAI_AGAIN|E50[0-9])\b/.test(printed);
    if (!transient || attempt === 3) throw new Error(`npm ${args.join(" ")} in ${dir} failed (${run.status ?? run.signal}):\n${printed}`);
    spawnSync("sleep", [String(30 * attempt)]);
  }
}

/** Writes an empty project and the runner; the caller installs what it needs. */
export function writeUserProject(dir: string): void {
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "tarball-user", private: true }));
  fs.writeFileSync(path.join(dir, "run.js"), RUNNER);
}

export interface UserRun {
  /** `process.version` and @pulumi/pulumi version of the runner. */
  node: string;
  sdk: string;
  result?: string;
  changes?: Record<string, number>;
  outputs?: Record<string, any>;
  state?: any;
}

/** Runs one verb (up, preview, refresh, destroy, export, import from STATE_FILE) of the user's program. */
export async function runUser(dir: string, verb: string, env: Record<string, string>, nodeBin?: string): Promise<UserRun> {
  const pathEnv = nodeBin ? `${nodeBin}:${process.env.PATH}` : process.env.PATH!;
  // Asynchronous: this process serves the simulator, so it must not block while the runner calls it.
  const { stdout } = await promisify(execFile)("node", ["run.js", verb], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, ...env, PATH: pathEnv },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split("\n").pop()!);
}
