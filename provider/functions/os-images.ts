// OS image lookups: `getOsImages` (by family, name pattern; newest first) and `getOsImage`
// (by slug, id or name pattern: the newest match), each with a `...Output` form. A slug or id
// names an image as everywhere else (api/catalogue/match.ts: the slug in any case, the id as a
// number or digits). Reads GET /v1/os once per process.

import * as pulumi from "@pulumi/pulumi";
import type { HostingApi, Integer, OsImage } from "../api/wire/types";
import { osImagesOf } from "../core/catalogue";
import { definedOnly, explained, outputOf } from "./client";
import { nearest } from "../api/catalogue/nearest";
import { matchOs, nearOs } from "../api/catalogue/match";
import { describeSearch, LookupError, LookupFailedError } from "./lookup-errors";

export interface GetOsImagesArgs {
  /** Family, e.g. "ubuntu", "debian" (case-insensitive). */
  family?: string;
  /** Regular expression matched case-insensitively against the name and the slug, e.g. "^Ubuntu .* LTS". */
  namePattern?: string;
}

export interface GetOsImagesOutputArgs {
  family?: pulumi.Input<string>;
  namePattern?: pulumi.Input<string>;
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

export interface GetOsImageOutputArgs extends GetOsImagesOutputArgs {
  slug?: pulumi.Input<string>;
  id?: pulumi.Input<number>;
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
export function getOsImages(args: GetOsImagesArgs = {}, _opts?: pulumi.InvokeOptions): Promise<GetOsImagesResult> {
  return explained("getOsImages", args, (client) => findOsImages(client, args));
}

/** `getOsImages` with a given client (the plugin's Invoke passes its provider's). */
export async function findOsImages(client: HostingApi, args: GetOsImagesArgs = {}): Promise<GetOsImagesResult> {
  const osImages = search(await osImagesOf(client), args, "getOsImages");
  return { ...definedOnly(args), osImages, slugs: osImages.map((i) => i.slug) };
}

export function getOsImagesOutput(args?: GetOsImagesOutputArgs, opts?: pulumi.InvokeOptions): pulumi.Output<GetOsImagesResult> {
  return outputOf(getOsImages, args, opts);
}

/** The newest image matching slug, id, family and name pattern (all that are given). */
export function getOsImage(args: GetOsImageArgs = {}, _opts?: pulumi.InvokeOptions): Promise<GetOsImageResult> {
  return explained("getOsImage", args, (client) => findOsImage(client, args));
}

/** `getOsImage` with a given client. */
export async function findOsImage(client: HostingApi, args: GetOsImageArgs = {}): Promise<GetOsImageResult> {
  return { ...search(await osImagesOf(client), args, "getOsImage")[0] };
}

export function getOsImageOutput(args?: GetOsImageOutputArgs, opts?: pulumi.InvokeOptions): pulumi.Output<GetOsImageResult> {
  return outputOf(getOsImage, args, opts);
}
