// What every verb returns, for code that calls the runner and for the CLI's exit code.
import type { ResourceChange } from "./changes";
import { EXIT } from "./options";
import type { CostJson } from "./pricing/json";

export interface GitopsResult {
  /** 0 nothing to flag, 2 flagged (a replace/delete not allowed, or drift), 3 over budget; errors throw. */
  exitCode: 0 | 2 | 3;
  /** The summary that was published. */
  markdown: string;
  /** One entry per resource that changes (plan, apply) or drifted (drift). */
  changes: ResourceChange[];
  /** plan, cost: what the plan costs a month (the JSON of --cost-file). */
  cost?: CostJson;
}

export const isDestructive = (c: ResourceChange) => c.op === "replace" || c.op === "delete";

/** plan's exit code: over budget (3) wins over a replace or delete not allowed (2). */
export const planExitCode = (flagged: boolean, overBudget: boolean): GitopsResult["exitCode"] =>
  overBudget ? EXIT.overBudget : flagged ? EXIT.flagged : EXIT.clean;
