// The catalogues (regions, plans, OS images) change rarely and every resource of a program
// needs them, so each is fetched once per client and shared (memoize.ts); behind the loaders,
// the provider keeps them on disk too (catalogue-file-cache.ts).

import { PromiseCache } from "./memoize";
import { OsCatalogue } from "./os-catalogue";
import type { OsImage, Plan, Region } from "../wire/types";

export interface CatalogueLoaders {
  regions: () => Promise<Region[]>;
  plans: (filter: { type?: string; region?: string }) => Promise<Plan[]>;
  os: () => Promise<OsImage[]>;
}

/** One client's memoized catalogue lists. */
export class CatalogueCache {
  private readonly regionsCache = new PromiseCache<"all", Region[]>();
  private readonly osCache = new PromiseCache<"all", OsCatalogue>();
  private readonly plansCache = new PromiseCache<string, Plan[]>();

  constructor(private readonly load: CatalogueLoaders) {}

  regions(): Promise<Region[]> {
    return this.regionsCache.get("all", () => this.load.regions());
  }

  plans(filter: { type?: string; region?: string } = {}): Promise<Plan[]> {
    return this.plansCache.get(`${filter.type ?? ""}|${filter.region ?? ""}`, () => this.load.plans(filter));
  }

  os(): Promise<OsCatalogue> {
    return this.osCache.get("all", () => this.load.os().then((list) => new OsCatalogue(list)));
  }
}
