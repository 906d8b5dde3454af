// A Pulumi program run in its own process, so that a test can kill it -9
// half-way through an `up` (test/e2e/crash.test.ts). Arguments come from the
// environment: RUNNER_VERB (up|refresh|destroy), RUNNER_COUNT, RUNNER_STACK,
// RUNNER_WORKDIR, SIM_URL, KEY, plus the offline Pulumi variables.
import * as path from "path";
import { LocalWorkspace, PulumiCommand } from "@pulumi/pulumi/automation";
import { programOf, ProgramSpec } from "../fixtures";
import { REPO_ROOT } from "../pulumi-env";

async function main(): Promise<void> {
  const count = Number(process.env.RUNNER_COUNT ?? 20);
  const spec: ProgramSpec = { servers: {} };
  for (let i = 1; i <= count; i++) spec.servers[`crash${i}`] = { label: `crash-${i}` };
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: process.env.RUNNER_STACK ?? "crash", projectName: "hosting-e2e", program: programOf(() => spec) },
    {
      workDir: process.env.RUNNER_WORKDIR!,
      pulumiCommand: await PulumiCommand.get({ root: path.join(REPO_ROOT, ".tools"), skipVersionCheck: true }),
      projectSettings: { name: "hosting-e2e", runtime: "nodejs", main: REPO_ROOT },
    },
  );
  await stack.setAllConfig({
    "hosting:apiKey": { value: process.env.KEY!, secret: true },
    "hosting:baseUrl": { value: process.env.SIM_URL! },
  });
  const verb = process.env.RUNNER_VERB ?? "up";
  const print = (s: string) => process.stdout.write(s);
  if (verb === "up") await stack.up({ onOutput: print });
  // The recovery of an interrupted up (docs/guide.md "Recovering from an interrupted up"):
  else if (verb === "cancel") await stack.cancel();
  else if (verb === "refresh") await stack.refresh({ clearPendingCreates: true, onOutput: print });
  else if (verb === "export") print(JSON.stringify(await stack.exportStack()));
  else await stack.destroy({ onOutput: print });
}

main().catch((err) => {
  console.error(err?.message ?? err);
  process.exit(1);
});
