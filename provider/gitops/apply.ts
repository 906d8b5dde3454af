// `apply` (merge to main): `pulumi up --refresh` with the Write key. First a preview of its own, compared
// with the reviewed plan: a replace or delete that the plan step did not show is refused (exit 2,
// nothing applied), since it would destroy a disk nobody approved. Without a plan file, every
// replace and delete is refused unless --allow-replace. With one, `up` also runs under the
// engine's update plan from the plan step (reviewed-plan.ts), so it does only what was previewed.
// A run that finds the stack locked by another apply waits for it (stack-lock.ts).
import { ChangeCollector, type ResourceChange } from "./changes";
import { applyMarkdown, refusalMarkdown } from "./markdown";
import { EXIT, resolveOptions, type GitopsOptions, type ResolvedOptions } from "./options";
import { publish } from "./publish";
import { isDestructive, type GitopsResult } from "./result";
import { enginePlanFile, readReviewedPlan, unreviewed } from "./reviewed-plan";
import { waitingForLock } from "./stack-lock";
import { configKeyWarning, openStack } from "./workspace";

export async function apply(opts: GitopsOptions): Promise<GitopsResult> {
  const o = resolveOptions(opts);
  const warning = configKeyWarning(o);
  if (warning) o.log(`hosting-gitops: warning: ${warning}\n`);
  const reviewed = o.planFile ? readReviewedPlan(o.planFile, o.stack) : undefined;
  return waitingForLock(o, async () => {
    const stack = await openStack(o, true);
    const preview = new ChangeCollector();
    // --refresh on both: the live servers are compared with the code, so drift is repaired and a
    // replace that drift would cause (a server deleted by hand) is seen before anything runs.
    await stack.preview({ refresh: true, color: "never", onEvent: preview.onEvent });
    const planned = preview.changes();
    const refused = reviewed ? unreviewed(planned, reviewed) : o.allowReplace ? [] : planned.filter(isDestructive);
    if (refused.length > 0) return refuse(o, refused, reviewed !== undefined);

    const done = new ChangeCollector();
    const started = Date.now();
    const engine = reviewed?.enginePlan !== undefined ? enginePlanFile(reviewed.enginePlan) : undefined;
    try {
      await stack.up({ refresh: true, color: "never", plan: engine?.path, parallel: parallelism(o, preview.seen.size), onEvent: done.onEvent, onOutput: o.log });
    } catch (e) {
      throw explainPlanViolation(e);
    } finally {
      engine?.dispose();
    }
    const changes = done.changes();
    const markdown = applyMarkdown({
      stack: o.stack,
      changes,
      unchanged: done.seen.size - changes.length,
      seconds: (Date.now() - started) / 1000,
    });
    publish(markdown, o);
    return { exitCode: EXIT.clean, markdown, changes };
  });
}

/**
 * Every create and update holds an engine slot through the server's provisioning wait, so the
 * CLI's default (4 per core) would serialize a big fleet; the API's rate limit paces us anyway.
 */
function parallelism(o: ResolvedOptions, resources: number): number {
  return o.parallel ?? Math.min(256, Math.max(8, resources));
}

function refuse(o: ResolvedOptions, refused: ResourceChange[], hadPlan: boolean): GitopsResult {
  const markdown = refusalMarkdown(o.stack, refused, hadPlan);
  publish(markdown, o);
  return { exitCode: EXIT.flagged, markdown, changes: refused };
}

/** The engine's "violates plan" says what differs; we add why it happens and what to do. */
function explainPlanViolation(e: unknown): unknown {
  const text = e instanceof Error ? e.message : String(e);
  // The engine's own error line, not the progress line that repeats it.
  const lines = text.split("\n");
  const line = lines.find((l) => /^\s*error: .*violates plan/.test(l)) ?? lines.find((l) => /violates plan/.test(l));
  if (!line) return e;
  return new Error(
    `${line.trim()}\nThe stack or the servers changed after the plan was made (another apply, or a change outside the pipeline), ` +
      "so `pulumi up --plan` stopped at the first step that differs from the reviewed plan; steps before it may have run. " +
      "Run `hosting-gitops plan` again, review it, and apply with the new plan file.",
  );
}
