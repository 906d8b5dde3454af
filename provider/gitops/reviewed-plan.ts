// The plan file: what `plan` showed that destroys something (every replace and delete), so that
// `apply` can refuse one the reviewer never saw. It holds names and ops only, no values.
import * as fs from "fs";
import type { ResourceChange } from "./changes";

export interface ReviewedPlan {
  version: 1;
  stack: string;
  /** The replaces and deletes the plan showed. */
  destructive: { urn: string; op: "replace" | "delete" }[];
}

const destructive = (changes: ResourceChange[]) =>
  changes.flatMap((c) => (c.op === "replace" || c.op === "delete" ? [{ urn: c.urn, op: c.op }] : []));

export function writeReviewedPlan(file: string, stack: string, changes: ResourceChange[]): void {
  const plan: ReviewedPlan = { version: 1, stack, destructive: destructive(changes) };
  fs.writeFileSync(file, JSON.stringify(plan, null, 2) + "\n");
}

export function readReviewedPlan(file: string, stack: string): ReviewedPlan {
  let plan: ReviewedPlan;
  try {
    plan = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    throw new Error(`plan file ${file} could not be read (${e instanceof Error ? e.message : e}): pass the file that \`hosting-gitops plan --plan-file\` wrote`);
  }
  if (plan?.version !== 1 || !Array.isArray(plan.destructive)) {
    throw new Error(`plan file ${file} is not a hosting-gitops plan file: pass the file that \`hosting-gitops plan --plan-file\` wrote`);
  }
  if (plan.stack !== stack) throw new Error(`plan file ${file} is for stack '${plan.stack}', not '${stack}': plan this stack first`);
  return plan;
}

/** The replaces and deletes of `changes` that the reviewed plan did not show. */
export function unreviewed(changes: ResourceChange[], plan: ReviewedPlan): ResourceChange[] {
  const shown = new Set(plan.destructive.map((d) => `${d.op} ${d.urn}`));
  return changes.filter((c) => (c.op === "replace" || c.op === "delete") && !shown.has(`${c.op} ${c.urn}`));
}
