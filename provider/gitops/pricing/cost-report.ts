// A preview's steps and the plan catalogue in; the cost's figures, the budget's verdict, the
// Markdown section and the JSON out. No I/O, so the whole of it is unit-tested.
import { EXIT } from "../options";
import { estimateCost, type CostEstimate } from "./estimate";
import { budgetGate, type BudgetLimit, type GateVerdict } from "./gate";
import { costJson, type CostJson } from "./json";
import { costMarkdown } from "./markdown";
import type { PriceList } from "./price";
import type { ResourceStep } from "./resource-steps";

export interface CostReport {
  estimate: CostEstimate;
  gate?: GateVerdict;
  /** The gate failed: the run exits with EXIT.overBudget. */
  overBudget: boolean;
  markdown: string;
  json: CostJson;
}

export function costReport(steps: readonly ResourceStep[], prices: PriceList, limit: BudgetLimit | undefined): CostReport {
  const estimate = estimateCost(steps, prices);
  const gate = budgetGate(estimate.diff, limit);
  return {
    estimate,
    gate,
    overBudget: gate?.passed === false,
    markdown: costMarkdown(estimate, gate, EXIT.overBudget),
    json: costJson(estimate, gate),
  };
}
