// `cost`: what a stack's pending changes cost a month, for a user who runs plain `pulumi` and no
// pipeline. The same preview and table as `plan` (a Read key is enough), without its change
// table and without flagging replaces; --max-monthly-increase gates it the same way (exit 3).
import { EXIT, resolveOptions, type GitopsOptions } from "./options";
import { pricedPreview } from "./priced-preview";
import { publish } from "./publish";
import type { GitopsResult } from "./result";
import { openStack } from "./workspace";

export async function cost(opts: GitopsOptions): Promise<GitopsResult> {
  const o = resolveOptions(opts);
  const stack = await openStack(o, false);
  const { changes, cost: report } = await pricedPreview(o, stack);
  const markdown = `### hosting-gitops cost: stack \`${o.stack.replace(/`/g, "'")}\`\n\n${report.markdown}`;
  publish(markdown, o);
  return { exitCode: report.overBudget ? EXIT.overBudget : EXIT.clean, markdown, changes, cost: report.json };
}
