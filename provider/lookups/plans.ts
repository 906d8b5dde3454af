// Plan lookups against a client: `findPlans` (filter by type, region, minimum vCPUs and RAM;
// cheapest first) and `findPlan` (by id, or the cheapest plan that meets the filters). The
// program's `getPlan(s)` (functions/plans.ts) and the plugin's Invoke call them. Reads
// GET /v1/plans once per process and filters here.

import type { HostingApi, Integer, Plan } from "../api/wire/types";
import { plansOf } from "../core/catalogue";
import { nearestStrings } from "../api/catalogue/nearest";
import { matchPlan } from "../api/catalogue/match";
import { definedOnly } from "./args";
import { describeSearch, LookupError } from "./errors";

export interface GetPlansArgs {
  /** "vc2" (shared), "vhf" (high frequency) or "vdc" (dedicated). */
  type?: string;
  /** Only plans offered in this region id. */
  region?: string;
  /** At least this many vCPUs. */
  minVcpus?: Integer;
  /** At least this much RAM, in GiB. */
  minRamGb?: Integer;
}

export interface GetPlansResult extends GetPlansArgs {
  /** Matching plans, cheapest first. */
  readonly plans: Plan[];
  /** Their ids, cheapest first. */
  readonly ids: string[];
}

export interface GetPlanArgs extends GetPlansArgs {
  /** Plan id; when given, the filters must hold for it too. */
  id?: string;
}

export type GetPlanResult = Plan;

type Filter = [keyof GetPlansArgs, (p: Plan, v: string | number) => boolean];
const FILTERS: Filter[] = [
  ["type", (p, v) => p.type === v],
  ["region", (p, v) => p.regions.includes(String(v))],
  ["minVcpus", (p, v) => p.vcpus >= Number(v)],
  ["minRamGb", (p, v) => p.ramGb >= Number(v)],
];

const misses = (p: Plan, args: GetPlansArgs) => FILTERS.filter(([k, ok]) => args[k] !== undefined && !ok(p, args[k])).length;

/** How far a plan is from the filters: another type weighs most, then another region, then the shortfall. */
function remoteness(p: Plan, args: GetPlansArgs): number {
  let score = 0;
  if (args.type !== undefined && p.type !== args.type) score += 1.5;
  if (args.region !== undefined && !p.regions.includes(args.region)) score += 1;
  if (args.minVcpus !== undefined && p.vcpus < args.minVcpus) score += (args.minVcpus - p.vcpus) / args.minVcpus;
  if (args.minRamGb !== undefined && p.ramGb < args.minRamGb) score += (args.minRamGb - p.ramGb) / args.minRamGb;
  return score;
}
const price = (p: Plan) => Number(p.pricePerMonth);
const describe = (p: Plan) => `${p.id} (${p.type}, ${p.vcpus} vCPU, ${p.ramGb} GiB, $${p.pricePerMonth}/month, in ${p.regions.join(" ")})`;

function matching(all: Plan[], args: GetPlansArgs, lookup: string): Plan[] {
  const plans = all.filter((p) => misses(p, args) === 0).sort((a, b) => price(a) - price(b) || a.id.localeCompare(b.id));
  if (plans.length === 0) {
    const near = [...all].sort((a, b) => remoteness(a, args) - remoteness(b, args) || price(a) - price(b)).slice(0, 5);
    throw new LookupError(lookup, describeSearch(args), near.map(describe));
  }
  return plans;
}

/** The plans that meet every filter given, cheapest first; an error when none does. */
export async function findPlans(client: HostingApi, args: GetPlansArgs = {}): Promise<GetPlansResult> {
  const plans = matching(await plansOf(client), args, "getPlans");
  return { ...definedOnly(args), plans, ids: plans.map((p) => p.id) };
}

/** The plan with `id`, or the cheapest that meets the filters; an error naming the nearest. */
export async function findPlan(client: HostingApi, args: GetPlanArgs = {}): Promise<GetPlanResult> {
  const all = await plansOf(client);
  const { id, ...filters } = args;
  if (id !== undefined) {
    const found = matchPlan(all, id);
    if (!found) throw new LookupError("getPlan", describeSearch({ id }), nearestStrings(id, all.map((p) => p.id)));
    if (misses(found, filters) > 0) throw new LookupError("getPlan", describeSearch(args), matching(all, filters, "getPlan").slice(0, 5).map(describe));
    return { ...found };
  }
  return { ...matching(all, filters, "getPlan")[0] };
}
