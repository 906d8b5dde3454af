// How a user's value names an entry of the catalogue: one rule set for every caller
// (docs/architecture.md#one-catalogue-resolution lists them).
//
// An OS image is named, in this order of precedence, by
//   1. its exact slug ("ubuntu-24.04");
//   2. its slug in another case ("Ubuntu-24.04");
//   3. its id, as a number (2284) or a string of digits ("2284", spaces around allowed).
// `os` and `osId` may both be given; they must then name the same image.
// A region or a plan is named by its id, exactly.
// A miss comes with a near miss when there is one ("did you mean ubuntu-24.04 (2284)?"): the
// nearest name (nearest.ts), or for an id the nearest id, offered only when at most half its
// characters differ.

import type { OsImage, Plan, Region } from "../wire/types";
import { nearMiss, nearest } from "./nearest";

/** The OS fields of a server's inputs. */
export interface OsRef {
  os?: unknown;
  osId?: unknown;
}

export type OsField = "os" | "osId";

/** What keeps `os`/`osId` from naming one image. */
export type OsProblem =
  | { kind: "missing" }
  | { kind: "unknown"; field: OsField; given: unknown; hint: string }
  | { kind: "conflict"; os: OsImage; osId: OsImage };

export interface OsResolution {
  /** The image `os` names when it is given, else the one `osId` names; undefined when that one names none. */
  image: OsImage | undefined;
  /** In the order a user fixes them: nothing given, `os` unknown, `osId` unknown, the two disagree. */
  problems: OsProblem[];
}

const DIGITS = /^\s*\d+\s*$/;

/** The image `name` names by the rule set above (a slug, or an id as a number or digits), or undefined. */
export function matchOs(images: readonly OsImage[], name: unknown): OsImage | undefined {
  if (typeof name === "number") return Number.isInteger(name) ? images.find((i) => i.id === name) : undefined;
  if (typeof name !== "string") return undefined;
  const lower = name.toLowerCase();
  return (
    images.find((i) => i.slug === name) ??
    images.find((i) => i.slug.toLowerCase() === lower) ??
    (DIGITS.test(name) ? images.find((i) => i.id === Number(name.trim())) : undefined)
  );
}

/** `os` and `osId` together: what they name, and what is wrong with them. */
export function resolveOs(images: readonly OsImage[], ref: OsRef): OsResolution {
  const given = (field: OsField) => ref[field] !== undefined && ref[field] !== null;
  const bySlug = given("os") ? matchOs(images, ref.os) : undefined;
  const byId = given("osId") ? matchOs(images, ref.osId) : undefined;
  const problems: OsProblem[] = [];
  if (!given("os") && !given("osId")) problems.push({ kind: "missing" });
  if (given("os") && !bySlug) problems.push({ kind: "unknown", field: "os", given: ref.os, hint: osHint(images, ref.os) });
  if (given("osId") && !byId) problems.push({ kind: "unknown", field: "osId", given: ref.osId, hint: osHint(images, ref.osId) });
  if (bySlug && byId && bySlug.id !== byId.id) problems.push({ kind: "conflict", os: bySlug, osId: byId });
  return { image: given("os") ? bySlug : byId, problems };
}

/** Images ordered by how near they are to `name`: by id for a number or digits, else by slug. */
export function nearOs(images: readonly OsImage[], name: unknown, count = 5): OsImage[] {
  const text = String(name ?? "").trim();
  if (typeof name === "number" || DIGITS.test(text)) {
    const n = Number(text);
    return [...images].sort((a, b) => Math.abs(a.id - n) - Math.abs(b.id - n)).slice(0, count);
  }
  return nearest(text, [...images], (i) => i.slug, count);
}

/** `slug (id)`, as every OS message lists an image. */
export function describeOs(image: OsImage): string {
  return `${image.slug} (${image.id})`;
}

/** "; did you mean ubuntu-24.04 (2284)?" for a near miss of `name`, else "". */
function osHint(images: readonly OsImage[], name: unknown): string {
  const [near] = nearOs(images, name, 1);
  if (!near) return "";
  const text = String(name).trim();
  const numeric = typeof name === "number" || DIGITS.test(text);
  return nearMiss(text, numeric ? String(near.id) : near.slug) ? `; did you mean ${describeOs(near)}?` : "";
}

/** The region with this id, or undefined. */
export function matchRegion(regions: readonly Region[], id: unknown): Region | undefined {
  return regions.find((r) => r.id === id);
}

/** The plan with this id, or undefined. */
export function matchPlan(plans: readonly Plan[], id: unknown): Plan | undefined {
  return plans.find((p) => p.id === id);
}

/** '; did you mean "fra"?' for a near miss of `id` among `ids`, else "". */
export function idHint(ids: readonly string[], id: unknown): string {
  const wanted = String(id);
  const [near] = nearest(wanted, [...new Set(ids)], (i) => i, 1);
  return near !== undefined && nearMiss(wanted, near) ? `; did you mean "${near}"?` : "";
}
