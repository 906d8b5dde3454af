// `plan` (pull requests): `pulumi preview --refresh --diff` of the stack against its live state
// and the live API, run with a Read-only key. Every provider step of it (check, diff, read, the
// lookups) only reads, so the key is enough and no mutating request is ever sent. The refresh
// makes the plan compare the code with the servers as they are, which is what apply will do.
import { ChangeCollector } from "./changes";
import { planMarkdown } from "./markdown";
import { EXIT, resolveOptions, type GitopsOptions } from "./options";
import { publish } from "./publish";
import { isDestructive, type GitopsResult } from "./result";
import { enginePlanFile, writeReviewedPlan } from "./reviewed-plan";
import { configKeyWarning, openStack } from "./workspace";

export async function plan(opts: GitopsOptions): Promise<GitopsResult> {
  const o = resolveOptions(opts);
  const warning = configKeyWarning(o);
  if (warning) o.log(`hosting-gitops: warning: ${warning}\n`);
  const stack = await openStack(o, false);
  const collector = new ChangeCollector();
  const engine = o.planFile ? enginePlanFile() : undefined;
  try {
    await stack.preview({ refresh: true, diff: true, color: "never", plan: engine?.path, onEvent: collector.onEvent, onOutput: o.log });
    const changes = collector.changes();
    if (o.planFile) writeReviewedPlan(o.planFile, o.stack, changes, engine?.read());
    const markdown = planMarkdown({ stack: o.stack, changes, unchanged: collector.seen.size - changes.length, allowReplace: o.allowReplace });
    publish(markdown, o);
    const flagged = changes.some(isDestructive) && !o.allowReplace;
    return { exitCode: flagged ? EXIT.flagged : EXIT.clean, markdown, changes };
  } finally {
    engine?.dispose();
  }
}
