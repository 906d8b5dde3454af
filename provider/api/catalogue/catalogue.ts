// The catalogues (regions, plans, OS images) change rarely and every resource of a program
// needs them, so each is fetched once per client and shared (memoize.ts).

import { PromiseCache } from "./memoize";
import type { OsIndex } from "../wire/normalize";
import type { OsImage, Plan, Region } from "../wire/types";

export interface CatalogueLoaders {
  regions: () => Promise<Region[]>;
  plans: (filter: { type?: string; region?: string }) => Promise<Plan[]>;
  os: () => Promise<OsImage[]>;
}

export class OsNotFoundError extends Error {
  override readonly name = "OsNotFoundError";
}

export class Catalogue {
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

/** The OS images indexed by id and slug. */
export class OsCatalogue implements OsIndex {
  private readonly ids = new Map<number, OsImage>();
  private readonly slugs = new Map<string, OsImage>();

  constructor(readonly images: OsImage[]) {
    for (const i of images) {
      this.ids.set(i.id, i);
      this.slugs.set(i.slug.toLowerCase(), i);
    }
  }

  byId(id: number): OsImage | undefined {
    return this.ids.get(id);
  }

  bySlug(slug: string): OsImage | undefined {
    return this.slugs.get(slug.toLowerCase());
  }

  /**
   * A user may name an image by slug (`ubuntu-24.04`) or by id (`2284`, as a number or a
   * string of digits); both must name the same image when both are given.
   */
  resolve(ref: { os?: string; osId?: number }): OsImage {
    const bySlug = ref.os !== undefined ? (this.bySlug(ref.os) ?? numeric(ref.os, (n) => this.byId(n))) : undefined;
    const byId = ref.osId !== undefined ? this.byId(ref.osId) : undefined;
    if (ref.os === undefined && ref.osId === undefined) {
      throw new OsNotFoundError("no OS image given: set `os` (a slug such as ubuntu-24.04) or `osId`");
    }
    if (ref.os !== undefined && !bySlug) throw this.notFound(`slug or id "${ref.os}"`);
    if (ref.osId !== undefined && !byId) throw this.notFound(`id ${ref.osId}`);
    if (bySlug && byId && bySlug.id !== byId.id) {
      throw new OsNotFoundError(
        `\`os\` "${ref.os}" (id ${bySlug.id}) and \`osId\` ${ref.osId} (${byId.slug}) name different images; give one`,
      );
    }
    return (bySlug ?? byId)!;
  }

  private notFound(what: string): OsNotFoundError {
    const known = this.images.map((i) => `${i.slug} (${i.id})`).join(", ");
    return new OsNotFoundError(`no OS image with ${what} in GET /v1/os; known images: ${known}`);
  }
}

function numeric<T>(s: string, f: (n: number) => T | undefined): T | undefined {
  return /^\d+$/.test(s.trim()) ? f(Number(s.trim())) : undefined;
}
