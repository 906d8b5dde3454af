// OS image lookups against a client: `findOsImages` (by family, name pattern; newest first)
// and `findOsImage` (by slug, id or name pattern: the newest match). A slug or id names an image
// as everywhere else (api/catalogue/match.ts: the slug in any case, the id as a number or
// digits). The program's `getOsImage(s)` (functions/os-images.ts) and the plugin's Invoke call
// them. Reads GET /v1/os once per process.

import type { HostingApi, Integer, OsImage } from "../api/wire/types";
import { osImagesOf } from "../core/catalogue";
import { nearest } from "../api/catalogue/nearest";
import { matchOs, nearOs } from "../api/catalogue/match";
import { definedOnly } from "./args";
import { describeSearch, LookupError, LookupFailedError } from "./errors";

export interface GetOsImagesArgs {
  /** Family, e.g. "ubuntu", "debian" (case-insensitive). */
  family?: string;
  /** Regular expression matched case-insensitively against the name and the slug, e.g. "^Ubuntu .* LTS". */
  namePattern?: string;
}

export interface GetOsImagesResult extends GetOsImagesArgs {
  /** Matching images, newest release first. */
  readonly osImages: OsImage[];
  /** Their slugs, newest first. */
  readonly slugs: string[];
}

export interface GetOsImageArgs extends GetOsImagesArgs {
  /** Slug, e.g. "ubuntu-24.04". */
  slug?: string;
  /** Legacy integer id, e.g. 2284. */
  id?: Integer;
}

export type GetOsImageResult = OsImage;

const newestFirst = (a: OsImage, b: OsImage) => (b.released ?? "").localeCompare(a.released ?? "") || b.id - a.id;

/** Whether `image` meets every argument given; `slug` and `id` name an image by the catalogue's rules (api/catalogue/match.ts). */
function matches(image: OsImage, args: GetOsImageArgs, all: OsImage[]): boolean {
  if (args.slug !== undefined && matchOs(all, args.slug) !== image) return false;
  if (args.id !== undefined && matchOs(all, args.id) !== image) return false;
  if (args.family !== undefined && image.family.toLowerCase() !== args.family.toLowerCase()) return false;
  if (args.namePattern !== undefined) {
    const re = new RegExp(args.namePattern, "i");
    if (!re.test(image.name) && !re.test(image.slug)) return false;
  }
  return true;
}

function search(all: OsImage[], args: GetOsImageArgs, lookup: string): OsImage[] {
  if (args.namePattern !== undefined) {
    try {
      new RegExp(args.namePattern, "i");
    } catch (e) {
      throw new LookupFailedError(`${lookup}: namePattern ${JSON.stringify(args.namePattern)} is not a regular expression: ${(e as Error).message}`, e);
    }
  }
  const found = all.filter((i) => matches(i, args, all)).sort(newestFirst);
  if (found.length === 0) {
    const named = args.slug ?? args.id;
    const near = named !== undefined
      ? nearOs(all, named)
      : nearest(args.namePattern ?? args.family ?? "", all, (i) => (args.namePattern !== undefined ? i.name : i.family));
    throw new LookupError(lookup, describeSearch(args), near.map((i) => `${i.slug} (${i.id}, ${i.name})`));
  }
  return found;
}

/** Images of a family or name pattern, newest first; an error when none matches. */
export async function findOsImages(client: HostingApi, args: GetOsImagesArgs = {}): Promise<GetOsImagesResult> {
  const osImages = search(await osImagesOf(client), args, "getOsImages");
  return { ...definedOnly(args), osImages, slugs: osImages.map((i) => i.slug) };
}

/** The newest image matching slug, id, family and name pattern (all that are given). */
export async function findOsImage(client: HostingApi, args: GetOsImageArgs = {}): Promise<GetOsImageResult> {
  return { ...search(await osImagesOf(client), args, "getOsImage")[0] };
}
