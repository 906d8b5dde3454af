// The OS images of one client: indexed by id and slug for reading API records (normalize.ts
// fills in the half of the image a shape leaves out), and resolving what a create names by the
// catalogue's one rule set (match.ts).

import type { OsIndex } from "../wire/normalize";
import type { OsImage } from "../wire/types";
import { describeOs, resolveOs, type OsProblem } from "./match";

export class OsNotFoundError extends Error {
  override readonly name = "OsNotFoundError";
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
   * A user may name an image by slug (`ubuntu-24.04`, in any case) or by id (`2284`, as a
   * number or a string of digits); both must name the same image when both are given.
   */
  resolve(ref: { os?: string; osId?: number }): OsImage {
    const { image, problems } = resolveOs(this.images, ref);
    const [first] = problems;
    if (first) throw new OsNotFoundError(this.describe(first));
    return image!;
  }

  private describe(p: OsProblem): string {
    const known = this.images.map(describeOs).join(", ");
    switch (p.kind) {
      case "missing":
        return "no OS image given: set `os` (a slug such as ubuntu-24.04) or `osId`";
      case "unknown": {
        const what = p.field === "os" ? `slug or id "${String(p.given)}"` : `id ${String(p.given)}`;
        return `no OS image with ${what} in GET /v1/os${p.hint}; known images: ${known}`;
      }
      case "conflict":
        return `\`os\` "${p.os.slug}" (id ${p.os.id}) and \`osId\` ${p.osId.id} (${p.osId.slug}) name different images; give one`;
    }
  }
}
