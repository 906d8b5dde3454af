// Region lookups of the program: `getRegions` (filter by continent, country) and `getRegion`
// (by id), each with a `...Output` form, shaped like Pulumi's generated SDKs
// (pulumi-digitalocean sdk/nodejs/getRegions.ts); the search is lookups/regions.ts's.

import type * as pulumi from "@pulumi/pulumi";
import { findRegion, findRegions, type GetRegionArgs, type GetRegionResult, type GetRegionsArgs, type GetRegionsResult } from "../lookups/regions";
import { explained, outputOf } from "./client";

export type { GetRegionArgs, GetRegionResult, GetRegionsArgs, GetRegionsResult };

export interface GetRegionsOutputArgs {
  continent?: pulumi.Input<string>;
  country?: pulumi.Input<string>;
}

export interface GetRegionOutputArgs {
  id: pulumi.Input<string>;
}

/** The regions that match every filter given; an error when none does. */
export function getRegions(args: GetRegionsArgs = {}, _opts?: pulumi.InvokeOptions): Promise<GetRegionsResult> {
  return explained("getRegions", args, (client) => findRegions(client, args));
}

export function getRegionsOutput(args?: GetRegionsOutputArgs, opts?: pulumi.InvokeOptions): pulumi.Output<GetRegionsResult> {
  return outputOf(getRegions, args, opts);
}

/** One region by id; an error naming the nearest ids when there is none. */
export function getRegion(args: GetRegionArgs, _opts?: pulumi.InvokeOptions): Promise<GetRegionResult> {
  return explained("getRegion", { id: args.id }, (client) => findRegion(client, args));
}

export function getRegionOutput(args: GetRegionOutputArgs, opts?: pulumi.InvokeOptions): pulumi.Output<GetRegionResult> {
  return outputOf(getRegion, args, opts);
}
