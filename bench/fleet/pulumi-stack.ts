// One benchmark stack: the real, pinned Pulumi CLI (.tools/bin, from scripts/setup-pulumi.sh)
// driven through the Automation API with an inline program, a temporary PULUMI_HOME and a
// file backend, passphrase secrets, no update checks and no plugin downloads. The project's
// `main` is the repo root so the provider process resolves `require("pulumi-hosting/...")`.

import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { LocalWorkspace, PulumiCommand, type PulumiFn, type Stack } from "@pulumi/pulumi/automation";

export interface BenchStack {
  stack: Stack;
  /** Changes one environment variable of the CLI (and so of the provider process) for later operations. */
  setEnv(name: string, value: string): void;
  dispose(): void;
}

export async function createBenchStack(repoRoot: string, program: PulumiFn, config: Record<string, { value: string; secret?: boolean }>, env: Record<string, string>): Promise<BenchStack> {
  const tools = path.join(repoRoot, ".tools");
  if (!fs.existsSync(path.join(tools, "bin", "pulumi"))) throw new Error("the Pulumi CLI is not in .tools/bin: run `npm run setup:pulumi` first");
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-bench-"));
  const backend = path.join(home, "backend");
  const workDir = path.join(home, "project");
  fs.mkdirSync(backend);
  fs.mkdirSync(workDir);
  const envVars: Record<string, string> = {
    PULUMI_HOME: home,
    PULUMI_BACKEND_URL: `file://${backend}`,
    PULUMI_CONFIG_PASSPHRASE: "bench-passphrase-not-a-secret",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
    HOSTING_API_KEY: "",
    ...env,
  };
  const pulumiCommand = await PulumiCommand.get({ root: tools, skipVersionCheck: true });
  const stack = await LocalWorkspace.createStack(
    { stackName: "bench", projectName: "hosting-bench", program },
    { workDir, pulumiHome: home, envVars, pulumiCommand, projectSettings: { name: "hosting-bench", runtime: "nodejs", main: repoRoot } },
  );
  await stack.setAllConfig(config);
  return {
    stack,
    setEnv: (name, value) => {
      (stack.workspace as LocalWorkspace).envVars[name] = value;
    },
    dispose: () => fs.rmSync(home, { recursive: true, force: true }),
  };
}
