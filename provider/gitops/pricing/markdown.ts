// The cost section of a plan's summary: one line with the totals, one row per server whose cost
// changes (or that is created, replaced or deleted), the budget's verdict, and one line on where
// the prices come from. Amounts are shown to the cent; "unknown" is a price nobody could give.
import { formatAmount, formatChange } from "./money";
import type { CostEstimate, CostRow, Total } from "./estimate";
import { servers, type GateVerdict } from "./gate";
import { HOURS_PER_MONTH } from "./price";
import type { PricedServer } from "./servers";

const code = (s: string) => "`" + s.replace(/`/g, "'") + "`";

/** A total as a reader takes it: "30.00", or "30.00 + 1 server of unknown price". */
function showTotal(t: Total): string {
  return t.unknown > 0 ? `${formatAmount(t.known)} + ${servers(t.unknown)} of unknown price` : formatAmount(t.known);
}

const price = (s: PricedServer | undefined) => (!s ? "–" : s.price.monthly === undefined ? "unknown" : formatAmount(s.price.monthly));

/** `a`, or `a` → `b` when the two sides differ. */
function pair(before: string | undefined, after: string | undefined, present: { before: boolean; after: boolean }): string {
  const show = (v: string | undefined) => (v === undefined ? "(unknown)" : code(v));
  if (!present.before) return show(after);
  if (!present.after || before === after) return show(before);
  return `${show(before)} → ${show(after)}`;
}

function row(r: CostRow): string {
  const present = { before: !!r.before, after: !!r.after };
  const plan = pair(r.before?.plan, r.after?.plan, present);
  const region = pair(r.before?.region, r.after?.region, present);
  const change = r.change === undefined ? "unknown" : formatChange(r.change);
  return `| ${code(r.name)} | ${plan} | ${region} | ${price(r.before)} | ${price(r.after)} | ${change} |`;
}

function headline(e: CostEstimate): string {
  const counts = `${e.servers.past} → ${e.servers.total} servers`;
  const span = `${showTotal(e.past)} → ${showTotal(e.total)} a month (${counts})`;
  if (e.diff.known === 0 && e.diff.unknown === 0) {
    return `**The monthly cost does not change**: ${showTotal(e.total)} a month (${servers(e.servers.total)}).`;
  }
  const diff = e.diff.unknown > 0 ? `${formatChange(e.diff.known)} a month + ${servers(e.diff.unknown)} of unknown price` : `${formatChange(e.diff.known)} a month`;
  return `**${diff}**: ${span}.`;
}

const PRICES_NOTE =
  `Prices: the plan catalogue's \`price_per_month\` (a month is ${HOURS_PER_MONTH} hours of \`price_per_hour\`, capped at \`price_per_month\`); ` +
  `for a plan the catalogue does not list, ${HOURS_PER_MONTH} × the server's \`pricePerHour\`. The API gives no currency: amounts are in the unit of its prices.`;

export function costMarkdown(e: CostEstimate, gate: GateVerdict | undefined, exitCode: number): string {
  const lines = ["#### Monthly cost", "", headline(e), ""];
  if (e.rows.length > 0) {
    lines.push("| server | plan | region | before | after | change |", "|---|---|---|---|---|---|", ...e.rows.map(row), "");
  }
  if (gate) lines.push(`**Budget**: ${gate.message}${gate.passed ? "." : ` (exit code ${exitCode}).`}`, "");
  lines.push(PRICES_NOTE, "");
  return lines.join("\n");
}
