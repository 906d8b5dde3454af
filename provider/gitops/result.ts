// What every verb returns, for code that calls the runner and for the CLI's exit code.
import type { ResourceChange } from "./changes";

export interface GitopsResult {
  /** 0 nothing to flag, 2 flagged (a replace/delete not allowed, or drift); errors throw. */
  exitCode: 0 | 2;
  /** The summary that was published. */
  markdown: string;
  /** One entry per resource that changes (plan, apply) or drifted (drift). */
  changes: ResourceChange[];
}

export const isDestructive = (c: ResourceChange) => c.op === "replace" || c.op === "delete";
