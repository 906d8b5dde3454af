// The plan file: what `plan` reviewed, handed to `apply`. It holds
//   - the replaces and deletes the plan showed (names and ops), so that apply refuses, before
//     `pulumi up` starts, one the reviewer never saw;
//   - the engine's update plan (`pulumi preview --save-plan`), which apply passes to
//     `pulumi up --plan`: the engine then refuses any step, or any property, that differs from
//     what was previewed. Update plans work with our dynamic providers on the CLI we build
//     (3.259.0; shown by test/e2e/gitops.test.ts), provided both sides refresh, which plan and
//     apply always do. Secrets in it are encrypted by the stack's secrets provider, as in the state;
//   - what the plan costs a month (pricing/json.ts), for a reader of the file; apply ignores it.
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { ResourceChange } from "./changes";
import type { CostJson } from "./pricing/json";

export interface ReviewedPlan {
  version: 1;
  stack: string;
  /** The replaces and deletes the plan showed. */
  destructive: { urn: string; op: "replace" | "delete" }[];
  /** The engine's update plan, as `pulumi preview --save-plan` wrote it. */
  enginePlan?: unknown;
  /** What the plan costs a month, as --cost-file holds it. */
  cost?: CostJson;
}

const destructive = (changes: ResourceChange[]) =>
  changes.flatMap((c) => (c.op === "replace" || c.op === "delete" ? [{ urn: c.urn, op: c.op }] : []));

export function writeReviewedPlan(file: string, stack: string, changes: ResourceChange[], enginePlan?: unknown, cost?: CostJson): void {
  const plan: ReviewedPlan = { version: 1, stack, destructive: destructive(changes), enginePlan, cost };
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

/** A scratch file for the engine's plan; `read()` parses what the CLI wrote, `dispose()` removes it. */
export function enginePlanFile(content?: unknown): { path: string; read(): unknown; dispose(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-gitops-plan-"));
  const file = path.join(dir, "update-plan.json");
  if (content !== undefined) fs.writeFileSync(file, JSON.stringify(content));
  return {
    path: file,
    read: () => JSON.parse(fs.readFileSync(file, "utf8")),
    dispose: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
