// A project of the plugin face in a temporary folder, driven through the plain Pulumi CLI:
// `node_modules/.bin/pulumi-resource-hosting` runs this checkout's build, where an npm
// install of the package puts its bin entry, so Pulumi.yaml's `plugins.providers[].path`
// finds it with no download. Every command's output is kept, for the no-plaintext checks.
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { promisify } from "util";
import { createPulumiEnv, type PulumiEnv, REPO_ROOT, TOOLS_DIR } from "../pulumi-env";

export interface PluginProject {
  dir: string;
  env: PulumiEnv;
  /** Everything the CLI printed so far (stdout and stderr of every command). */
  printed: string[];
  /** `pulumi <args> --stack <stack> --non-interactive`; rejects with the output on failure. */
  pulumi(...args: string[]): Promise<string>;
  /** `pulumi <args>` without the stack flag (stack init, import --file with its own). */
  raw(...args: string[]): Promise<string>;
  dispose(): void;
}

/** Writes `Pulumi.yaml` (from a file or text) and the plugin link into a fresh folder. */
export async function createPluginProject(
  stack: string, pulumiYaml: string, files: Record<string, string> = {}, links: Record<string, string> = {},
): Promise<PluginProject> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-plugin-"));
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), pulumiYaml);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  // Installed packages, as symbolic links into this checkout (e.g. node_modules/@pulumi).
  for (const [name, target] of Object.entries(links)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.symlinkSync(target, path.join(dir, name));
  }
  const bin = path.join(dir, "node_modules", ".bin");
  fs.mkdirSync(bin, { recursive: true });
  const main = path.join(REPO_ROOT, "dist", "provider", "plugin", "main.js");
  fs.writeFileSync(path.join(bin, "pulumi-resource-hosting"), `#!/bin/sh\nexec node "${main}" "$@"\n`, { mode: 0o755 });
  const env = await createPulumiEnv();
  const printed: string[] = [];
  const run = async (args: string[]): Promise<string> => {
    try {
      const { stdout, stderr } = await promisify(execFile)(path.join(TOOLS_DIR, "bin", "pulumi"), args, {
        cwd: dir,
        env: { ...process.env, ...env.envVars, PATH: `${path.join(TOOLS_DIR, "bin")}:${process.env.PATH}` },
        maxBuffer: 64 * 1024 * 1024,
      });
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
    dispose: () => {
      env.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
