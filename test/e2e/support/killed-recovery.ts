// The recovery docs/guide.md gives after a killed `pulumi up` or `destroy` ("A killed up"), as a
// user runs it: `pulumi cancel`, `pulumi refresh --clear-pending-creates`, then `up` or
// `destroy`. One step more where the kill landed while a file backend wrote the stack's
// checkpoint: the CLI then fails to load it (`failed to load checkpoint: EOF`, pulumi/pulumi
// #2801 and #4679), and the guide's step is to put back the backend's previous checkpoint
// (`<stack>.json.bak` beside it); the refresh then reads what the killed run changed since.
import * as fs from "fs";
import * as path from "path";
import type { PluginProject } from "./plugin-project";

/** `<stack>.json.bak` copied over `<stack>.json` in the project's file backend; false when there is none. */
export function restoreCheckpointBackup(project: PluginProject, stack: string): boolean {
  const stacks = path.join(project.env.backendDir, ".pulumi", "stacks");
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === `${stack}.json.bak`) found.push(p);
    }
  };
  if (fs.existsSync(stacks)) walk(stacks);
  if (found.length !== 1) return false;
  fs.copyFileSync(found[0], found[0].slice(0, -".bak".length));
  return true;
}

/** The guide's recovery after a killed run, ending with `finish`. */
export async function recoverKilledRun(project: PluginProject, stack: string, finish: "up" | "destroy"): Promise<void> {
  await releaseKilledRun(project, stack);
  await project.pulumi("refresh", "--clear-pending-creates", "--yes", "--skip-preview");
  await project.pulumi(finish, "--yes", "--skip-preview");
}

/** The recovery's first step: `pulumi cancel` (the dead run's lock), the checkpoint put back first when the kill broke it. */
export async function releaseKilledRun(project: PluginProject, stack: string): Promise<void> {
  try {
    await project.pulumi("cancel", "--yes");
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (!/failed to load checkpoint/.test(message) || !restoreCheckpointBackup(project, stack)) throw e;
    console.log(`      ${stack}: the kill left a checkpoint the CLI cannot load; restored ${stack}.json.bak as the guide says`);
    await project.pulumi("cancel", "--yes");
  }
}
