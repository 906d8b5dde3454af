// What one server costs a month, from the plan catalogue (GET /v1/plans, read through the
// client's file cache) or, where the catalogue does not hold its plan, from the server's own
// `pricePerHour` output.
//
// The convention: a month is 730 hours (8,760 / 12, the figure Infracost uses), billed by the
// hour and capped at the plan's `price_per_month`. Every plan of the simulator's catalogue has
// 730 x price_per_hour at or above its price_per_month (the ratio runs from 666.7 to 714.3 hours),
// so the monthly figure of a catalogue plan is its price_per_month to the cent
// (test/provider/gitops/cost.test.ts checks each plan). A plan the catalogue does not hold has no
// known cap: 730 x the server's pricePerHour.
import type { Plan } from "../../api/wire/types";
import { parseAmount, type Micros } from "./money";

export const HOURS_PER_MONTH = 730;

export type PriceSource = "catalogue" | "pricePerHour" | "unknown";

export interface MonthlyPrice {
  /** Millionths of the API's unit a month; undefined when the price cannot be known. */
  monthly?: Micros;
  source: PriceSource;
}

/** The plans of the catalogue by id, as the cost needs them. */
export type PriceList = ReadonlyMap<string, { perMonth?: Micros; perHour?: Micros }>;

export function priceList(plans: readonly Plan[]): PriceList {
  return new Map(plans.map((p) => [p.id, { perMonth: parseAmount(p.pricePerMonth), perHour: parseAmount(p.pricePerHour) }]));
}

/** The monthly price of a server on `plan`; `pricePerHour` is the server's own output, if any. */
export function monthlyPrice(prices: PriceList, plan: string | undefined, pricePerHour?: unknown): MonthlyPrice {
  const listed = plan === undefined ? undefined : prices.get(plan);
  if (listed) {
    const byHours = listed.perHour === undefined ? undefined : listed.perHour * HOURS_PER_MONTH;
    const monthly = listed.perMonth === undefined ? byHours : byHours === undefined ? listed.perMonth : Math.min(byHours, listed.perMonth);
    if (monthly !== undefined) return { monthly, source: "catalogue" };
  }
  const hourly = parseAmount(pricePerHour);
  if (hourly !== undefined) return { monthly: hourly * HOURS_PER_MONTH, source: "pricePerHour" };
  return { source: "unknown" };
}
