// An offline Pulumi environment for one test file: a temporary PULUMI_HOME and
// file backend, passphrase secrets, no update check, no plugin downloads, and
// the pinned CLI that scripts/setup-pulumi.sh put in .tools/bin.
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { PulumiCommand } from "@pulumi/pulumi/automation";

/** The repository root (this file runs from dist/test/e2e). */
export const REPO_ROOT = path.resolve(__dirname, "..", "..", "..");
export const TOOLS_DIR = path.join(REPO_ROOT, ".tools");
export const PASSPHRASE = "e2e-passphrase-not-a-secret";

export interface PulumiEnv {
  home: string;
  backendDir: string;
  envVars: Record<string, string>;
  command: PulumiCommand;
  /** Removes the temporary home and backend. */
  dispose(): void;
}

export async function createPulumiEnv(extraEnv: Record<string, string> = {}): Promise<PulumiEnv> {
  if (!fs.existsSync(path.join(TOOLS_DIR, "bin", "pulumi"))) {
    throw new Error("the Pulumi CLI is not in .tools/bin: run `npm run setup:pulumi` first");
  }
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-e2e-"));
  const backendDir = path.join(home, "backend");
  fs.mkdirSync(backendDir);
  const envVars: Record<string, string> = {
    PULUMI_HOME: home,
    PULUMI_BACKEND_URL: `file://${backendDir}`,
    PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
    // Keep the key out of the provider's environment unless a test sets it.
    HOSTING_API_KEY: "",
    ...extraEnv,
  };
  const command = await PulumiCommand.get({ root: TOOLS_DIR, skipVersionCheck: true });
  return {
    home,
    backendDir,
    envVars,
    command,
    dispose: () => fs.rmSync(home, { recursive: true, force: true }),
  };
}
