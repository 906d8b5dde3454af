// The budget gate: a plan whose monthly cost rises by more than the allowed amount fails (exit
// code 3, EXIT.overBudget). A rise equal to the limit passes. A rise that depends on a price
// nobody knows cannot be shown to be within the limit, so it fails too, and says so.
import type { Total } from "./estimate";
import { formatAmount, type Micros } from "./money";

export interface BudgetLimit {
  /** The largest allowed rise of the monthly cost. */
  amount: Micros;
  /** Where it was set, for messages: the flag or the environment variable. */
  source: string;
}

export interface GateVerdict {
  limit: BudgetLimit;
  passed: boolean;
  /** How far the rise is above the limit (failed on known prices). */
  over?: Micros;
  /** One line: the verdict and by how much. */
  message: string;
}

export const servers = (n: number) => `${n} server${n === 1 ? "" : "s"}`;

function change(known: Micros): string {
  return known > 0 ? `rises by ${formatAmount(known)}` : known < 0 ? `falls by ${formatAmount(-known)}` : "does not change";
}

export function budgetGate(diff: Total, limit: BudgetLimit | undefined): GateVerdict | undefined {
  if (!limit) return undefined;
  const max = `${formatAmount(limit.amount)} (${limit.source})`;
  const unknown = diff.unknown > 0 ? ` (and ${servers(diff.unknown)} of unknown price)` : "";
  if (diff.known > limit.amount) {
    const over = diff.known - limit.amount;
    return { limit, passed: false, over, message: `over budget: the monthly cost rises by ${formatAmount(diff.known)}${unknown}, ${formatAmount(over)} above the allowed rise of ${max}` };
  }
  if (diff.unknown > 0) {
    return { limit, passed: false, message: `budget not checked: the monthly cost ${change(diff.known)}${unknown}; the allowed rise of ${max} needs every price known` };
  }
  return { limit, passed: true, message: `within budget: the monthly cost ${change(diff.known)}; the allowed rise is ${max}` };
}
