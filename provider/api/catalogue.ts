// The catalogues (regions, plans, OS images) change rarely and every resource of a program
// needs them, so each is fetched once per client and shared. We memoize the promise, not the
// value, so concurrent first callers share one request; a failed fetch is forgotten so the
// next caller tries again.

import type { OsIndex } from "./normalize";
import type { OsImage, Plan, Region } from "./types";

export interface CatalogueLoaders {
  regions: () => Promise<Region[]>;
  plans: (filter: { type?: string; region?: string }) => Promise<Plan[]>;
  os: () => Promise<OsImage[]>;
}

export class OsNotFoundError extends Error {
  override readonly name = "OsNotFoundError";
}

export class Catalogue {
  private regionsP?: Promise<Region[]>;
  private osP?: Promise<OsCatalogue>;
  private readonly plansP = new Map<string, Promise<Plan[]>>();

  constructor(private readonly load: CatalogueLoaders) {}

  regions(): Promise<Region[]> {
    return (this.regionsP ??= forgetOnFailure(this.load.regions(), () => (this.regionsP = undefined)));
  }

  plans(filter: { type?: string; region?: string } = {}): Promise<Plan[]> {
    const key = `${filter.type ?? ""}|${filter.region ?? ""}`;
    let p = this.plansP.get(key);
    if (!p) {
      p = forgetOnFailure(this.load.plans(filter), () => this.plansP.delete(key));
      this.plansP.set(key, p);
    }
    return p;
  }

  os(): Promise<OsCatalogue> {
    return (this.osP ??= forgetOnFailure(
      this.load.os().then((list) => new OsCatalogue(list)),
      () => (this.osP = undefined),
    ));
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

function forgetOnFailure<T>(p: Promise<T>, forget: () => void): Promise<T> {
  p.catch(forget);
  return p;
}
