// The GitOps runner behind ci.sh: the root project's fleet (fleet.yaml),
// previewed against a throw-away simulator, or applied to the real API.
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { LocalWorkspace, PulumiCommand } from "@pulumi/pulumi/automation";
import { startSimulator } from "../../simulator";
import { fleetProgram } from "../fleet/program";

const ROOT = path.resolve(__dirname, "..", "..", "..");

async function main(verb: string): Promise<void> {
  const onSimulator = verb === "preview";
  const sim = onSimulator
    ? await startSimulator({ port: 0, provisionMs: 200, keys: [{ key: "ci-preview-key", permission: "full", tier: "enterprise" }] })
    : undefined;
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "gitops-"));
  const toolsRoot = path.join(ROOT, ".tools");
  try {
    const stack = await LocalWorkspace.createOrSelectStack(
      { stackName: process.env.STACK ?? (onSimulator ? "pr-preview" : "production"), projectName: "hosting-fleet", program: async () => fleetProgram(path.join(ROOT, "fleet.yaml")) },
      {
        workDir: home,
        projectSettings: { name: "hosting-fleet", runtime: "nodejs", main: ROOT },
        pulumiCommand: fs.existsSync(path.join(toolsRoot, "bin", "pulumi")) ? await PulumiCommand.get({ root: toolsRoot, skipVersionCheck: true }) : undefined,
        envVars: onSimulator
          ? {
              PULUMI_BACKEND_URL: `file://${home}`,
              PULUMI_CONFIG_PASSPHRASE: "preview-only",
              PULUMI_SKIP_UPDATE_CHECK: "true",
              PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
            }
          : {},
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
