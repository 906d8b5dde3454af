// The one answer a resource's diff gives both faces: which properties change and how. The
// plan of each resource (provider/server/plan.ts, provider/webhook/provider.ts) names the
// changed properties and whether each forces a replacement; everything else is derived here,
// so the dynamic face's `changes`/`replaces` and the plugin face's detailed diff (kinds ADD,
// DELETE, UPDATE and their _REPLACE forms, pulumirpc.PropertyDiff) can never disagree.
// The dynamic-provider host reads `changes`, `replaces` and `deleteBeforeReplace` and passes
// over `detailedDiff`; the plugin sends it with `hasDetailedDiff`.

import type * as pulumi from "@pulumi/pulumi";

/** How one property changes, compared with the recorded outputs. */
export type ChangeKind = "add" | "delete" | "update";

export interface PropertyChange {
  kind: ChangeKind;
  /** True when this change alone replaces the resource. */
  replace: boolean;
}

/** Property name -> its change; only changed properties appear. */
export type DetailedDiff = Record<string, PropertyChange>;

/** The dynamic face's DiffResult plus the detailed diff it was derived from. */
export interface PlannedDiff extends pulumi.dynamic.DiffResult {
  changes: boolean;
  replaces: string[];
  detailedDiff: DetailedDiff;
  /**
   * The paths name inputs the outputs do not hold (a Fleet's `memberSpecs`): the engine shows
   * each change's old value from the recorded inputs (pulumirpc.PropertyDiff.inputDiff).
   */
  inputDiff?: boolean;
}

const absent = (v: unknown) => v === undefined || v === null;

/** add: nothing was recorded; delete: the program no longer gives it; else update. */
export function changeKind(old: unknown, now: unknown): ChangeKind {
  if (absent(old)) return "add";
  if (absent(now)) return "delete";
  return "update";
}

/** The detailed diff of the named properties, each kind read off the raw old and new values. */
export function detailOf(olds: object, news: object, changed: { replaces?: string[]; updates?: string[] }): DetailedDiff {
  const out: DetailedDiff = {};
  const kind = (k: string) => changeKind(valueOf(olds, k), valueOf(news, k));
  for (const k of changed.updates ?? []) out[k] = { kind: kind(k), replace: false };
  for (const k of changed.replaces ?? []) out[k] = { kind: kind(k), replace: true };
  return out;
}

/** A property of inputs or outputs by name (undefined when it has none): any object is a record of its properties. */
function valueOf(props: object, key: string): unknown {
  return (props as Record<string, unknown>)[key];
}

/** The DiffResult both faces send, derived from the detailed diff alone. */
export function plannedDiff(detailedDiff: DetailedDiff, extra: { stables?: string[]; deleteBeforeReplace?: boolean } = {}): PlannedDiff {
  const replaces = Object.keys(detailedDiff).filter((k) => detailedDiff[k].replace);
  return {
    changes: Object.keys(detailedDiff).length > 0,
    replaces,
    ...(extra.stables ? { stables: extra.stables } : {}),
    deleteBeforeReplace: extra.deleteBeforeReplace ?? false,
    detailedDiff,
  };
}

// `replaceOnChanges` reaches a diff through the operation context (context.ts ResourceFacts).
// The engine applies the option to the properties a provider names as changed, and the
// dynamic-provider host names none (it passes on `changes` and `replaces` only), so on that
// face the option would never act; the resource classes hand it to their shell and the core
// applies it. The plugin face names its changes (detailedDiff), and applying it again is harmless.

/** `diff` with every change under one of `paths` (a property path, or "*" for all) a replace. */
export function withReplaceOnChanges(diff: PlannedDiff, paths: readonly string[] | undefined): PlannedDiff {
  if (!Array.isArray(paths) || paths.length === 0) return diff;
  // The engine matches paths; every property here is top-level, so "tags[0]" names "tags".
  const named = new Set(paths.map((p) => p.split(/[.[]/)[0]));
  const detail: DetailedDiff = {};
  for (const [k, c] of Object.entries(diff.detailedDiff)) detail[k] = named.has("*") || named.has(k) ? { ...c, replace: true } : c;
  const replacing = Object.values(detail).some((c) => c.replace);
  return plannedDiff(detail, { stables: replacing ? [] : diff.stables, deleteBeforeReplace: diff.deleteBeforeReplace });
}
