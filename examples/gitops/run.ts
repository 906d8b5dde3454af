// The GitOps runner behind ci.sh: the root project's fleet (fleet.yaml),
// previewed against a throw-away simulator, or applied to the real API.
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { hasPinnedPulumi, offlineEnv, pinnedPulumi, REPO_ROOT as ROOT } from "../../scripts/pulumi-offline";
import { startSimulator } from "../../simulator";
import { fleetProgram } from "../fleet/program";

async function main(verb: string): Promise<void> {
  const onSimulator = verb === "preview";
  const sim = onSimulator
    ? await startSimulator({ port: 0, provisionMs: 200, keys: [{ key: "ci-preview-key", permission: "full", tier: "enterprise" }] })
    : undefined;
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "gitops-"));
  try {
    const stack = await LocalWorkspace.createOrSelectStack(
      { stackName: process.env.STACK ?? (onSimulator ? "pr-preview" : "production"), projectName: "hosting-fleet", program: async () => fleetProgram(path.join(ROOT, "fleet.yaml")) },
      {
        workDir: home,
        projectSettings: { name: "hosting-fleet", runtime: "nodejs", main: ROOT },
        // The pinned CLI when this repository set it up, else the `pulumi` on PATH (a CI image).
        pulumiCommand: hasPinnedPulumi() ? await pinnedPulumi() : undefined,
        envVars: onSimulator ? offlineEnv(home, "preview-only") : {},
      },
    );
    if (sim) {
      await stack.setAllConfig({
        "hosting:apiKey": { value: "ci-preview-key", secret: true },
        "hosting:baseUrl": { value: sim.url },
      });
    }
    const print = (s: string) => process.stdout.write(s);
    if (verb === "preview") {
      const result = await stack.preview({ onOutput: print, diff: true });
      console.log(`\nplan: ${JSON.stringify(result.changeSummary)}`);
    } else if (verb === "up") {
      // Every create holds an engine slot through its provisioning wait; the CLI's default
      // (4 per core) would serialize a big fleet. The API's rate limit paces us anyway.
      const result = await stack.up({ onOutput: print, parallel: Number(process.env.FLEET_PARALLEL ?? 100) });
      console.log(`\nresult: ${JSON.stringify(result.summary.resourceChanges)}`);
    } else {
      throw new Error(`unknown verb '${verb}': use preview or up`);
    }
  } finally {
    await sim?.close();
    fs.rmSync(home, { recursive: true, force: true });
  }
}

main(process.argv[2] ?? "preview").catch((err) => {
  console.error(err?.message ?? err);
  process.exit(1);
});
