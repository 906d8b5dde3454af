// Plan lookups of the program: `getPlans` and `getPlan`, each with a `...Output` form; the
// search (filters, cheapest first) is lookups/plans.ts's.

import type * as pulumi from "@pulumi/pulumi";
import { findPlan, findPlans, type GetPlanArgs, type GetPlanResult, type GetPlansArgs, type GetPlansResult } from "../lookups/plans";
import { explained, outputOf } from "./client";

export type { GetPlanArgs, GetPlanResult, GetPlansArgs, GetPlansResult };

export interface GetPlansOutputArgs {
  type?: pulumi.Input<string>;
  region?: pulumi.Input<string>;
  minVcpus?: pulumi.Input<number>;
  minRamGb?: pulumi.Input<number>;
}

export interface GetPlanOutputArgs extends GetPlansOutputArgs {
  id?: pulumi.Input<string>;
}

/** The plans that meet every filter given, cheapest first; an error when none does. */
export function getPlans(args: GetPlansArgs = {}, _opts?: pulumi.InvokeOptions): Promise<GetPlansResult> {
  return explained("getPlans", args, (client) => findPlans(client, args));
}

export function getPlansOutput(args?: GetPlansOutputArgs, opts?: pulumi.InvokeOptions): pulumi.Output<GetPlansResult> {
  return outputOf(getPlans, args, opts);
}

/** The plan with `id`, or the cheapest that meets the filters; an error naming the nearest. */
export function getPlan(args: GetPlanArgs = {}, _opts?: pulumi.InvokeOptions): Promise<GetPlanResult> {
  return explained("getPlan", args, (client) => findPlan(client, args));
}

export function getPlanOutput(args?: GetPlanOutputArgs, opts?: pulumi.InvokeOptions): pulumi.Output<GetPlanResult> {
  return outputOf(getPlan, args, opts);
}
