// One benchmark stack: the pinned, offline Pulumi CLI (scripts/pulumi-offline.ts) driven
// through the Automation API with an inline program, in a temporary PULUMI_HOME. The project's
// `main` is the repo root so the provider process resolves `require("pulumi-hosting/...")`.

import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { LocalWorkspace, type PulumiFn, type Stack } from "@pulumi/pulumi/automation";
import { offlineEnv, pinnedPulumi } from "../../scripts/pulumi-offline";

export interface BenchStack {
  stack: Stack;
  dispose(): void;
}

export async function createBenchStack(
  repoRoot: string, program: PulumiFn, config: Record<string, { value: string; secret?: boolean }>, env: Record<string, string>, plugin = false,
  pluginExecutable?: string,
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
  const pulumiCommand = await pinnedPulumi();
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
