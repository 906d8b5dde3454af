// The preview of `plan` and `cost`: `pulumi preview --refresh --diff` with the Read key, read
// into the change table and into the cost (the plan catalogue comes from the file cache the
// provider process has just used: pricing/plans.ts). The cost JSON goes to --cost-file.
import * as fs from "fs";
import type { Stack } from "@pulumi/pulumi/automation";
import { ChangeCollector, type ResourceChange } from "./changes";
import type { ResolvedOptions } from "./options";
import { costReport, type CostReport } from "./pricing/cost-report";
import { loadPrices } from "./pricing/plans";
import { StepCollector } from "./pricing/resource-steps";

export interface PricedPreview {
  changes: ResourceChange[];
  /** Resources the preview saw that do not change. */
  unchanged: number;
  cost: CostReport;
}

export async function pricedPreview(o: ResolvedOptions, stack: Stack, enginePlanPath?: string): Promise<PricedPreview> {
  const collector = new ChangeCollector();
  const steps = new StepCollector();
  await stack.preview({
    refresh: true, diff: true, color: "never", plan: enginePlanPath, onOutput: o.log,
    onEvent: (e) => {
      collector.onEvent(e);
      steps.onEvent(e);
    },
  });
  const changes = collector.changes();
  const cost = costReport(steps.steps(), await loadPrices(stack, o.env), o.budget);
  if (o.costFile) fs.writeFileSync(o.costFile, JSON.stringify(cost.json, null, 2) + "\n");
  if (cost.overBudget) o.log(`hosting-gitops: ${cost.gate?.message}\n`);
  return { changes, unchanged: collector.seen.size - changes.length, cost };
}
