// A Pulumi project on disk and its runner, in their own process, so that a test can kill
// it -9 half-way through an `up` (test/e2e/crash.test.ts), and so that `hosting-orphans
// --stack --cwd` can preview the same program afterwards. Arguments come from the
// environment: RUNNER_VERB (up|cancel|refresh|export|destroy), RUNNER_COUNT, RUNNER_STACK,
// RUNNER_WORKDIR, RUNNER_OWNER_TAG ("declared": each server declares the stack's tag; unset:
// the provider's default), SIM_URL, KEY, plus the offline Pulumi variables.
import * as fs from "fs";
import * as path from "path";
import { LocalWorkspace, PulumiCommand } from "@pulumi/pulumi/automation";
import { DEFAULT_SERVER } from "../fixtures";
import { REPO_ROOT } from "../pulumi-env";

export const PROJECT = "hosting-e2e";

/** Writes the project: `count` servers crash1..crashN labelled crash-1..crash-N. */
function writeProject(dir: string, stack: string, count: number, ownerTag: "declared" | "default"): void {
  const owner = ownerTag === "declared" ? `, ownerTag: ${JSON.stringify(`pulumi-stack:${PROJECT}/${stack}`)}` : "";
  const program =
    "// Written by test/e2e/support/fleet-runner.ts.\n" +
    'const hosting = require("pulumi-hosting");\n' +
    `for (let i = 1; i <= ${count}; i++) {\n` +
    `  new hosting.Server(\`crash\${i}\`, { ...${JSON.stringify(DEFAULT_SERVER)}, label: \`crash-\${i}\`${owner} });\n` +
    "}\n";
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: ${PROJECT}\nruntime: nodejs\nmain: index.js\n`);
  fs.writeFileSync(path.join(dir, "index.js"), program);
  if (!fs.existsSync(path.join(dir, "node_modules"))) fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
}

async function main(): Promise<void> {
  const workDir = process.env.RUNNER_WORKDIR!;
  const stackName = process.env.RUNNER_STACK ?? "crash";
  writeProject(workDir, stackName, Number(process.env.RUNNER_COUNT ?? 20), process.env.RUNNER_OWNER_TAG === "declared" ? "declared" : "default");
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName, workDir },
    { workDir, pulumiCommand: await PulumiCommand.get({ root: path.join(REPO_ROOT, ".tools"), skipVersionCheck: true }) },
  );
  await stack.setAllConfig({
    "hosting:apiKey": { value: process.env.KEY!, secret: true },
    "hosting:baseUrl": { value: process.env.SIM_URL! },
  });
  const verb = process.env.RUNNER_VERB ?? "up";
  const print = (s: string) => process.stdout.write(s);
  if (verb === "up") await stack.up({ onOutput: print });
  // The recovery of an interrupted up (docs/guide/recovery.md):
  else if (verb === "cancel") await stack.cancel();
  else if (verb === "refresh") await stack.refresh({ clearPendingCreates: true, onOutput: print });
  else if (verb === "export") print(JSON.stringify(await stack.exportStack()));
  else await stack.destroy({ onOutput: print });
}

main().catch((err) => {
  console.error(err?.message ?? err);
  process.exit(1);
});
