// The cost as JSON, under the names cost tools already read (Infracost's `currency`,
// `pastTotalMonthlyCost`, `totalMonthlyCost`, `diffTotalMonthlyCost`, amounts as decimal strings)
// and one row per server shown in the summary. A total or change that holds a price nobody knows
// is null, never a partial sum; `unknownPrices` says how many servers each leaves out.
import { formatAmount, type Micros } from "./money";
import type { CostEstimate, Total } from "./estimate";
import type { GateVerdict } from "./gate";
import { HOURS_PER_MONTH, type PriceSource } from "./price";
import type { PricedServer, RowAction } from "./servers";

export interface CostResourceJson {
  name: string;
  /** The resource's URN and type (a Server's own; a Fleet's for its members). */
  resource: string;
  resourceType: string;
  action: RowAction;
  pastPlan: string | null;
  plan: string | null;
  pastRegion: string | null;
  region: string | null;
  /** null: no server (before a create, after a delete), or a price nobody knows (then the source says "unknown"). */
  pastMonthlyCost: string | null;
  monthlyCost: string | null;
  diffMonthlyCost: string | null;
  pastPriceSource: PriceSource | null;
  priceSource: PriceSource | null;
}

export interface CostJson {
  version: 1;
  /** The API gives none: always null, and `currencyNote` says so. */
  currency: null;
  currencyNote: string;
  hoursPerMonth: number;
  pastTotalMonthlyCost: string | null;
  totalMonthlyCost: string | null;
  diffTotalMonthlyCost: string | null;
  /** Servers of unknown price in each figure above. */
  unknownPrices: { past: number; total: number; diff: number };
  servers: { past: number; total: number };
  resources: CostResourceJson[];
  budget: { maxMonthlyIncrease: string; source: string; passed: boolean; overBy: string | null; message: string } | null;
}

const CURRENCY_NOTE = "the hosting API gives no currency: amounts are in the unit of its plan prices (price_per_month, price_per_hour)";

const total = (t: Total) => (t.unknown > 0 ? null : formatAmount(t.known));
const amount = (m: Micros | undefined) => (m === undefined ? null : formatAmount(m));
const cost = (s: PricedServer | undefined) => amount(s?.price.monthly);

export function costJson(e: CostEstimate, gate: GateVerdict | undefined): CostJson {
  return {
    version: 1,
    currency: null,
    currencyNote: CURRENCY_NOTE,
    hoursPerMonth: HOURS_PER_MONTH,
    pastTotalMonthlyCost: total(e.past),
    totalMonthlyCost: total(e.total),
    diffTotalMonthlyCost: total(e.diff),
    unknownPrices: { past: e.past.unknown, total: e.total.unknown, diff: e.diff.unknown },
    servers: e.servers,
    resources: e.rows.map((r) => ({
      name: r.name,
      resource: r.urn,
      resourceType: r.type,
      action: r.action,
      pastPlan: r.before?.plan ?? null,
      plan: r.after?.plan ?? null,
      pastRegion: r.before?.region ?? null,
      region: r.after?.region ?? null,
      pastMonthlyCost: cost(r.before),
      monthlyCost: cost(r.after),
      diffMonthlyCost: amount(r.change),
      pastPriceSource: r.before?.price.source ?? null,
      priceSource: r.after?.price.source ?? null,
    })),
    budget: gate
      ? { maxMonthlyIncrease: formatAmount(gate.limit.amount), source: gate.limit.source, passed: gate.passed, overBy: amount(gate.over), message: gate.message }
      : null,
  };
}
