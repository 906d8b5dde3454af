// The one offline Pulumi setup of this repository's tools (tests, demo, GitOps
// runner, benchmarks): a file backend, passphrase secrets, no update check, no
// plugin downloads, and the pinned CLI that scripts/setup-pulumi.sh put in .tools/bin.
import * as fs from "fs";
import * as path from "path";
import { PulumiCommand } from "@pulumi/pulumi/automation";

/** The repository root (this file runs from dist/scripts). */
export const REPO_ROOT = path.resolve(__dirname, "..", "..");
export const TOOLS_DIR = path.join(REPO_ROOT, ".tools");

/** The environment of a CLI that works offline against a file backend in `backendDir`. */
export function offlineEnv(backendDir: string, passphrase: string): Record<string, string> {
  return {
    PULUMI_BACKEND_URL: `file://${backendDir}`,
    PULUMI_CONFIG_PASSPHRASE: passphrase,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
  };
}

export function hasPinnedPulumi(): boolean {
  return fs.existsSync(path.join(TOOLS_DIR, "bin", "pulumi"));
}

/** The CLI in .tools/bin; a clear error when setup has not run. */
export function pinnedPulumi(): Promise<PulumiCommand> {
  if (!hasPinnedPulumi()) throw new Error("the Pulumi CLI is not in .tools/bin: run `npm run setup:pulumi` first");
  return PulumiCommand.get({ root: TOOLS_DIR, skipVersionCheck: true });
}
