// Region lookups against a client: `findRegions` (filter by continent, country) and
// `findRegion` (by id). The program's `getRegion(s)` (functions/regions.ts) and the plugin's
// Invoke call them. Reads GET /v1/regions once per process.

import type { HostingApi, Region } from "../api/wire/types";
import { regionsOf } from "../core/catalogue";
import { nearest, nearestStrings } from "../api/catalogue/nearest";
import { matchRegion } from "../api/catalogue/match";
import { definedOnly } from "./args";
import { describeSearch, LookupError } from "./errors";

export interface GetRegionsArgs {
  /** Continent, e.g. "Europe" (case-insensitive). */
  continent?: string;
  /** Two-letter country code, e.g. "DE" (case-insensitive). */
  country?: string;
}

export interface GetRegionsResult {
  /** The continent searched for, when given. */
  readonly continent?: string;
  /** The country searched for, when given. */
  readonly country?: string;
  /** The matching regions, by id. */
  readonly regions: Region[];
  /** Their ids. */
  readonly ids: string[];
}

export interface GetRegionArgs {
  /** Region id, e.g. "fra". */
  id: string;
}

export type GetRegionResult = Region;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The regions that match every filter given; an error when none does. */
export async function findRegions(client: HostingApi, args: GetRegionsArgs = {}): Promise<GetRegionsResult> {
  const all = await regionsOf(client);
  const regions = all
    .filter((r) => (args.continent === undefined || same(r.continent, args.continent)) && (args.country === undefined || same(r.country, args.country)))
    .sort((a, b) => a.id.localeCompare(b.id));
  if (regions.length === 0) {
    const near = [
      ...(args.continent !== undefined ? nearestStrings(args.continent, all.map((r) => r.continent), 3).map((c) => `continent ${JSON.stringify(c)}`) : []),
      ...(args.country !== undefined ? nearestStrings(args.country, all.map((r) => r.country), 3).map((c) => `country ${JSON.stringify(c)}`) : []),
    ];
    throw new LookupError("getRegions", describeSearch(args), near);
  }
  return { ...definedOnly(args), regions, ids: regions.map((r) => r.id) };
}

/** One region by id; an error naming the nearest ids when there is none. */
export async function findRegion(client: HostingApi, args: GetRegionArgs): Promise<GetRegionResult> {
  const all = await regionsOf(client);
  const found = matchRegion(all, args.id);
  if (!found) throw new LookupError("getRegion", describeSearch({ id: args.id }), nearest(args.id, all, (r) => r.id).map((r) => `${r.id} (${r.city})`));
  return { ...found };
}
