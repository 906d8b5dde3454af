// An offline Pulumi environment for one test file (scripts/pulumi-offline.ts) in a
// temporary PULUMI_HOME with its own file backend.
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { PulumiCommand } from "@pulumi/pulumi/automation";
import { offlineEnv, pinnedPulumi } from "../../scripts/pulumi-offline";

export { REPO_ROOT, TOOLS_DIR } from "../../scripts/pulumi-offline";
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
  const command = await pinnedPulumi();
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-e2e-"));
  const backendDir = path.join(home, "backend");
  fs.mkdirSync(backendDir);
  const envVars: Record<string, string> = {
    PULUMI_HOME: home,
    ...offlineEnv(backendDir, PASSPHRASE),
    // Keep the key out of the provider's environment unless a test sets it.
    HOSTING_API_KEY: "",
    // This file's own catalogue cache: a simulator of another shape on a reused port must not read it.
    HOSTING_CATALOGUE_CACHE_DIR: path.join(home, "catalogue-cache"),
    ...extraEnv,
  };
  return {
    home,
    backendDir,
    envVars,
    command,
    dispose: () => fs.rmSync(home, { recursive: true, force: true }),
  };
}
