// `plan` (pull requests): `pulumi preview --refresh --diff` of the stack against its live state
// and the live API, run with a Read-only key. Every provider step of it (check, diff, read, the
// lookups) only reads, so the key is enough and no mutating request is ever sent. The refresh
// makes the plan compare the code with the servers as they are, which is what apply will do.
// The summary ends with what the plan costs a month (priced-preview.ts, pricing/).
import { planMarkdown } from "./markdown";
import { resolveOptions, type GitopsOptions } from "./options";
import { pricedPreview } from "./priced-preview";
import { publish } from "./publish";
import { isDestructive, planExitCode, type GitopsResult } from "./result";
import { enginePlanFile, writeReviewedPlan } from "./reviewed-plan";
import { configKeyWarning, openStack } from "./workspace";

export async function plan(opts: GitopsOptions): Promise<GitopsResult> {
  const o = resolveOptions(opts);
  const warning = configKeyWarning(o);
  if (warning) o.log(`hosting-gitops: warning: ${warning}\n`);
  const stack = await openStack(o, false);
  const engine = o.planFile ? enginePlanFile() : undefined;
  try {
    const { changes, unchanged, cost } = await pricedPreview(o, stack, engine?.path);
    if (o.planFile) writeReviewedPlan(o.planFile, o.stack, changes, engine?.read(), cost.json);
    const markdown = planMarkdown({ stack: o.stack, changes, unchanged, allowReplace: o.allowReplace }) + "\n" + cost.markdown;
    publish(markdown, o);
    const flagged = changes.some(isDestructive) && !o.allowReplace;
    return { exitCode: planExitCode(flagged, cost.overBudget), markdown, changes, cost: cost.json };
  } finally {
    engine?.dispose();
  }
}
