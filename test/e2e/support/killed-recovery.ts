// The recovery docs/guide/recovery.md gives after a killed `pulumi up` or `destroy` ("A killed up"), as a
// user runs it: `pulumi cancel`, `pulumi refresh --clear-pending-creates`, then `up` or
// `destroy`. One step more where the kill landed while a file backend wrote the stack's
// checkpoint: the backend (gocloud.dev's fileblob) writes each file's metadata sidecar,
// `<file>.attrs`, in place (truncate, then write) before it renames the file's finished temp copy
// into place, so a kill between the two leaves the checkpoint whole and its sidecar empty, and
// every command then fails with `failed to load checkpoint: EOF`. The guide's step deletes the
// empty sidecars (a missing one reads as no metadata); nothing of the checkpoint is lost.
import * as fs from "fs";
import * as path from "path";
import type { PluginProject } from "./plugin-project";

/** Deletes every empty `.attrs` sidecar under the backend's `.pulumi` folder; the paths deleted. */
export function deleteEmptySidecars(backendDir: string): string[] {
  const root = path.join(backendDir, ".pulumi");
  const deleted: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".attrs") && fs.statSync(p).size === 0) {
        fs.rmSync(p);
        deleted.push(path.relative(backendDir, p));
      }
    }
  };
  if (fs.existsSync(root)) walk(root);
  return deleted;
}

/** The guide's recovery after a killed run, ending with `finish`. */
export async function recoverKilledRun(project: PluginProject, stack: string, finish: "up" | "destroy"): Promise<void> {
  await releaseKilledRun(project, stack);
  await project.pulumi("refresh", "--clear-pending-creates", "--yes", "--skip-preview");
  await project.pulumi(finish, "--yes", "--skip-preview");
}

/** The recovery's first step: `pulumi cancel` (the dead run's lock), the empty sidecars deleted first when the kill left one. */
export function releaseKilledRun(project: PluginProject, stack: string): Promise<void> {
  return cancelAfterKill(() => project.pulumi("cancel", "--yes"), project.env.backendDir, stack);
}

/** Runs `cancel` (however the test drives the CLI); on the empty-sidecar failure deletes the empty sidecars under `backendDir` and runs it again. */
export async function cancelAfterKill(cancel: () => Promise<unknown>, backendDir: string, stack: string): Promise<void> {
  try {
    await cancel();
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (!/failed to load checkpoint: EOF/.test(message)) throw e;
    const deleted = deleteEmptySidecars(backendDir);
    if (deleted.length === 0) throw e;
    console.log(`      ${stack}: the kill left an empty metadata sidecar; deleted ${deleted.join(", ")} as the guide says`);
    await cancel();
  }
}
