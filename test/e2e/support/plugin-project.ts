// A project of the plugin face in a temporary folder, driven through the plain Pulumi CLI.
// Its node_modules is the packed tarball (HOSTING_TARBALL, or a fresh `npm pack`) installed
// with plain npm beside the SDK version this checkout tests, once per test process: so
// `node_modules/.bin/pulumi-resource-hosting` is the tarball's bin entry, and Pulumi.yaml's
// `plugins.providers[].path` finds it with no download, as in a user's project.
// Every command's output is kept, for the no-plaintext checks.
import { execFile, spawn, type ChildProcess } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { promisify } from "util";
import { createPulumiEnv, type PulumiEnv, TOOLS_DIR } from "../pulumi-env";
import { npmIn, packedTarball } from "./user-project";

let installed: string | undefined;

/** node_modules of the packed tarball and @pulumi/pulumi, installed once per process. */
export function installedPackage(): string {
  if (installed) return installed;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-plugin-install-"));
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "plugin-user", private: true }));
  const sdk = (require("@pulumi/pulumi/package.json") as { version: string }).version;
  npmIn(dir, ["install", "--no-audit", "--no-fund", packedTarball(dir), `@pulumi/pulumi@${sdk}`]);
  process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  installed = path.join(dir, "node_modules");
  return installed;
}

export interface PluginProject {
  dir: string;
  env: PulumiEnv;
  /** Everything the CLI printed so far (stdout and stderr of every command). */
  printed: string[];
  /** `pulumi <args> --stack <stack> --non-interactive`; rejects with the output on failure. */
  pulumi(...args: string[]): Promise<string>;
  /** `pulumi <args>` without the stack flag (stack init, import --file with its own). */
  raw(...args: string[]): Promise<string>;
  /** `pulumi <args> --stack <stack> --non-interactive` left running, e.g. to send it SIGINT. */
  start(...args: string[]): RunningCommand;
  /** `pulumi config set` of each value, `--secret` for those in `secrets`. */
  config(plain: Record<string, string>, secrets?: Record<string, string>): Promise<void>;
  dispose(): void;
}

/** The npm package's plugin, in a project that installed the tarball: node_modules/.bin. */
const NPM_PLUGIN = "plugins:\n  providers:\n    - name: hosting\n      path: ./node_modules/.bin\n";

/** A command left running; `exited` resolves (never rejects) with its exit and output. */
export interface RunningCommand {
  child: ChildProcess;
  exited: Promise<{ code: number | null; output: string }>;
}

/** Writes `Pulumi.yaml` (from a file or text) and the plugin link into a fresh folder. */
export async function createPluginProject(
  stack: string, pulumiYaml: string, files: Record<string, string> = {}, copies: Record<string, string> = {},
): Promise<PluginProject> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-plugin-"));
  // A program that names no plugin (the examples install it from a release) gets the tarball's.
  const withPlugin = /^plugins:/m.test(pulumiYaml) ? pulumiYaml : `${pulumiYaml.trimEnd()}\n${NPM_PLUGIN}`;
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), withPlugin);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  // The shared install's entries, each a link: one real copy of @pulumi/pulumi for everyone.
  const modules = path.join(dir, "node_modules");
  fs.mkdirSync(modules);
  for (const entry of fs.readdirSync(installedPackage())) fs.symlinkSync(path.join(installedPackage(), entry), path.join(modules, entry));
  // Folders copied in (a generated SDK under node_modules resolves @pulumi/pulumi from here).
  for (const [name, source] of Object.entries(copies)) fs.cpSync(source, path.join(dir, name), { recursive: true });
  const env = await createPulumiEnv();
  const printed: string[] = [];
  // Read at each command: a test may set a variable for the commands after it (PULUMI_DEBUG_PROVIDERS).
  const options = () => ({ cwd: dir, env: { ...process.env, ...env.envVars, PATH: `${path.join(TOOLS_DIR, "bin")}:${process.env.PATH}` } });
  const run = async (args: string[]): Promise<string> => {
    try {
      const { stdout, stderr } = await promisify(execFile)(path.join(TOOLS_DIR, "bin", "pulumi"), args, { ...options(), maxBuffer: 64 * 1024 * 1024 });
      printed.push(stdout, stderr);
      return stdout;
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string; message: string };
      printed.push(err.stdout ?? "", err.stderr ?? "");
      throw new Error(`pulumi ${args.join(" ")} failed:\n${err.stdout ?? ""}\n${err.stderr ?? err.message}`);
    }
  };
  await run(["stack", "init", stack, "--non-interactive"]);
  return {
    dir,
    env,
    printed,
    pulumi: (...args) => run([...args, "--stack", stack, "--non-interactive"]),
    raw: (...args) => run(args),
    start: (...args) => {
      const child = spawn(path.join(TOOLS_DIR, "bin", "pulumi"), [...args, "--stack", stack, "--non-interactive"], options());
      const chunks: string[] = [];
      child.stdout.on("data", (d) => chunks.push(String(d)));
      child.stderr.on("data", (d) => chunks.push(String(d)));
      const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
        child.on("close", (code) => {
          printed.push(chunks.join(""));
          resolve({ code, output: chunks.join("") });
        }),
      );
      return { child, exited };
    },
    config: async (plain, secrets = {}) => {
      for (const [k, v] of Object.entries(plain)) await run(["config", "set", k, v, "--stack", stack]);
      for (const [k, v] of Object.entries(secrets)) await run(["config", "set", "--secret", k, v, "--stack", stack]);
    },
    dispose: () => {
      env.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
