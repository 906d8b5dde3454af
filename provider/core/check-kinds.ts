// The type checks every resource's `check` starts with: each input has the kind its table
// says (string, integer, list of strings, ...), unknown properties are refused, and a
// mistyped secret is described by its type only, never its value. Values the engine does not
// know yet (preview) are skipped.

import { isUnknown } from "./unknown";

export interface CheckFailure {
  property: string;
  reason: string;
}

export type Kind = "string" | "integer" | "boolean" | "string[]" | "list" | "positive number";

/** Inputs whose values never appear in a message. */
const SECRET_FIELDS = new Set(["userData", "secret"]);

/**
 * The failures as the engine may see them: for a failure naming a property, the engine prints
 * that property's value beside the reason, secrets in plain text ("property userData value
 * {&{{#!/bin/sh ...}}} has a problem"), so a secret input is named in the reason only.
 */
export function failuresForEngine(failures: CheckFailure[]): CheckFailure[] {
  return failures.map((f) => (SECRET_FIELDS.has(f.property) ? { property: "", reason: f.reason } : f));
}

export function validateKinds(news: Record<string, unknown>, fields: Record<string, Kind>): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const [k, v] of Object.entries(news)) {
    if (k.startsWith("__") || v === undefined || v === null) continue;
    const kind = fields[k];
    if (!kind) {
      failures.push({ property: k, reason: `unknown property "${k}"; allowed: ${Object.keys(fields).join(", ")}` });
    } else if (!isUnknown(v) && !hasKind(v, kind)) {
      // Secret fields name only the type they got: a mistyped secret is still a secret.
      const got = !SECRET_FIELDS.has(k) ? describe(v) : Array.isArray(v) ? "a list" : typeof v === "object" ? "an object" : `a ${typeof v}`;
      failures.push({ property: k, reason: `${k} must be ${article(kind)}, not ${got}` });
    }
  }
  return failures;
}

function hasKind(v: unknown, kind: Kind): boolean {
  switch (kind) {
    case "string":
      return typeof v === "string";
    case "integer":
      return typeof v === "number" && Number.isInteger(v);
    case "boolean":
      return typeof v === "boolean";
    case "positive number":
      return typeof v === "number" && Number.isFinite(v) && v > 0;
    case "string[]":
      return Array.isArray(v) && v.every((x) => typeof x === "string" || isUnknown(x));
    case "list":
      return Array.isArray(v);
  }
}

function article(kind: Kind): string {
  if (kind === "list") return "a list";
  return kind === "string[]" ? "a list of strings" : kind === "integer" ? "an integer" : `a ${kind}`;
}

function describe(v: unknown): string {
  if (Array.isArray(v)) return `a list (${JSON.stringify(v).slice(0, 60)})`;
  return `${typeof v} ${JSON.stringify(v)?.slice(0, 60)}`;
}
