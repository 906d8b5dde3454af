// The pinned Pulumi CLI run as a user runs it in a project folder (the plain CLI, not the
// Automation API), with a test file's offline environment. A failure carries what the CLI
// printed (the program's error among it), not only "Command failed".
import { execFile } from "child_process";
import * as path from "path";
import { promisify } from "util";
import { type PulumiEnv, TOOLS_DIR } from "../pulumi-env";

/** A function that runs `pulumi <args> <extra> --non-interactive` in `dir` and returns stdout. */
export function plainPulumi(dir: () => string, env: () => PulumiEnv, extra: string[] = []): (...args: string[]) => Promise<string> {
  return async (...args) => {
    try {
      const { stdout } = await promisify(execFile)(path.join(TOOLS_DIR, "bin", "pulumi"), [...args, ...extra, "--non-interactive"], {
        cwd: dir(),
        env: { ...process.env, ...env().envVars, PATH: `${path.join(TOOLS_DIR, "bin")}:${process.env.PATH}` },
        maxBuffer: 64 * 1024 * 1024,
      });
      return stdout;
    } catch (e) {
      const failed = e as { stdout?: string; stderr?: string };
      throw new Error(`pulumi ${args.join(" ")} failed:\n${failed.stdout ?? ""}${failed.stderr ?? ""}`);
    }
  };
}
