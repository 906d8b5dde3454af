// One benchmark stack: the pinned, offline Pulumi CLI (scripts/pulumi-offline.ts) driven
// through the Automation API with an inline program, in a temporary PULUMI_HOME. The project's
// `main` is the repo root so the provider process resolves `require("pulumi-hosting/...")`.

import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { promisify } from "util";
import { LocalWorkspace, PulumiCommand, type PulumiFn, type Stack } from "@pulumi/pulumi/automation";
import { offlineEnv, pinnedPulumi, TOOLS_DIR } from "../../scripts/pulumi-offline";

export interface BenchStack {
  stack: Stack;
  dispose(): void;
}

export async function createBenchStack(
  repoRoot: string, program: PulumiFn, config: Record<string, { value: string; secret?: boolean }>, env: Record<string, string>, plugin = false,
  pluginExecutable?: string, cliProfileDir?: string,
): Promise<BenchStack> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-bench-"));
  const backend = path.join(home, "backend");
  const workDir = path.join(home, "project");
  fs.mkdirSync(backend);
  fs.mkdirSync(workDir);
  const envVars: Record<string, string> = {
    PULUMI_HOME: home,
    ...offlineEnv(backend, "bench-passphrase-not-a-secret"),
    HOSTING_API_KEY: "",
    ...env,
  };
  const pulumiCommand = cliProfileDir ? await profilingPulumi(home, cliProfileDir) : await pinnedPulumi();
  const projectSettings: Record<string, unknown> = { name: "hosting-bench", runtime: "nodejs", main: repoRoot };
  if (plugin) {
    // The plugin face: this checkout's build (or the executable named), found through
    // Pulumi.yaml with no download.
    const bin = path.join(home, "plugin-bin");
    fs.mkdirSync(bin);
    const exe = path.join(bin, "pulumi-resource-hosting");
    if (pluginExecutable) fs.symlinkSync(path.resolve(pluginExecutable), exe);
    else fs.writeFileSync(exe, `#!/bin/sh\nexec node "${path.join(repoRoot, "dist", "provider", "plugin", "main.js")}" "$@"\n`, { mode: 0o755 });
    projectSettings.plugins = { providers: [{ name: "hosting", path: bin }] };
  }
  const stack = await LocalWorkspace.createStack(
    { stackName: "bench", projectName: "hosting-bench", program },
    { workDir, pulumiHome: home, envVars, pulumiCommand, projectSettings: projectSettings as { name: string; runtime: "nodejs" } },
  );
  await stack.setAllConfig(config);
  return {
    stack,
    dispose: () => fs.rmSync(home, { recursive: true, force: true }),
  };
}

/**
 * The pinned CLI behind a wrapper that adds its `--profiling` flag: every command writes Go's CPU
 * and memory profiles to `<dir>/<subcommand>-<nanoseconds>.<pid>.cpu` (and `.mem`, `.trace`),
 * to read with `go tool pprof .tools/bin/pulumi <file>`.
 */
async function profilingPulumi(home: string, dir: string): Promise<PulumiCommand> {
  await pinnedPulumi(); // the clear error when setup has not run
  const root = path.join(home, "profiling-cli");
  fs.mkdirSync(path.join(root, "bin"), { recursive: true });
  fs.mkdirSync(dir, { recursive: true });
  const real = path.join(TOOLS_DIR, "bin", "pulumi");
  const script = `#!/bin/sh\nexec "${real}" --profiling "${path.resolve(dir)}/$1-$(date +%s%N)" "$@"\n`;
  fs.writeFileSync(path.join(root, "bin", "pulumi"), script, { mode: 0o755 });
  return PulumiCommand.get({ root, skipVersionCheck: true });
}

/**
 * The stack's exported deployment (secrets shown), which the CLI writes to a file: the Automation
 * API's `exportStack` reads it from the CLI's standard output into a buffer of bounded size, which
 * the state of a Fleet of 100,000 members overflows.
 */
export async function exportStackByFile(stack: Stack): Promise<{ deployment: { resources?: any[] } }> {
  const ws = stack.workspace as LocalWorkspace;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "hosting-export-")), "stack.json");
  try {
    await promisify(execFile)(ws.pulumiCommand.command, ["stack", "export", "--show-secrets", "--stack", stack.name, "--non-interactive", "--file", file], {
      cwd: ws.workDir, env: { ...process.env, ...ws.envVars },
    });
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
