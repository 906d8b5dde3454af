// The cost of a preview: every server of the stack priced before and after, the totals, the
// difference, and the rows a reviewer reads (the servers whose cost changes, or that are created,
// replaced or deleted). A price that cannot be known is never counted as 0: a total that holds
// one says how many it holds, and a difference that depends on one is not a number.
import type { Micros } from "./money";
import type { PriceList } from "./price";
import type { ResourceStep } from "./resource-steps";
import { serverRows, type PricedServer, type ServerRow } from "./servers";

/** A sum of prices: the known part, and how many servers of unknown price it leaves out. */
export interface Total {
  known: Micros;
  unknown: number;
}

export interface CostRow extends ServerRow {
  /** After minus before; undefined when a price it needs is unknown. */
  change?: Micros;
}

export interface CostEstimate {
  /** The stack's servers before the plan and after it. */
  past: Total;
  total: Total;
  /** total - past, as the sum of every server's change. */
  diff: Total;
  /** Servers before and after. */
  servers: { past: number; total: number };
  /** The servers a reviewer should see, by name (the engine's events come in no fixed order). */
  rows: CostRow[];
}

const add = (t: Total, s: PricedServer | undefined): Total =>
  !s ? t : s.price.monthly === undefined ? { ...t, unknown: t.unknown + 1 } : { ...t, known: t.known + s.price.monthly };

/** The change of one server; a server that keeps its plan and region keeps its price, even an unknown one. */
function changeOf(r: ServerRow): Micros | undefined {
  const b = r.before?.price.monthly ?? (r.before ? undefined : 0);
  const a = r.after?.price.monthly ?? (r.after ? undefined : 0);
  if (a !== undefined && b !== undefined) return a - b;
  const same = r.before && r.after && r.before.plan !== undefined && r.before.plan === r.after.plan && r.before.region === r.after.region;
  return same ? 0 : undefined;
}

export function estimateCost(steps: readonly ResourceStep[], prices: PriceList): CostEstimate {
  const zero: Total = { known: 0, unknown: 0 };
  let past = zero;
  let total = zero;
  let diff = zero;
  const rows: CostRow[] = [];
  const all = steps.flatMap((s) => serverRows(s, prices));
  for (const row of all) {
    past = add(past, row.before);
    total = add(total, row.after);
    const change = changeOf(row);
    diff = change === undefined ? { ...diff, unknown: diff.unknown + 1 } : { ...diff, known: diff.known + change };
    const shown = row.action === "create" || row.action === "delete" || row.action === "replace" || change !== 0;
    if (shown) rows.push({ ...row, change });
  }
  const count = (side: "before" | "after") => all.filter((r) => r[side]).length;
  rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { past, total, diff, servers: { past: count("before"), total: count("after") }, rows };
}
