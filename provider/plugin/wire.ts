// The plugin face's translation between the engine's protobuf Structs and the plain objects
// the core takes. With `acceptSecrets` the engine sends a secret as an object carrying the
// secret signature; the core wants plain values, so they are unwrapped on the way in and the
// top-level properties that held one are remembered, to be wrapped again on the way out.
// Unknowns (preview) arrive as the sentinel string the dynamic face sees too
// (provider/core/unknown.ts), so they pass through untouched. The resource methods read and
// write their Structs as bytes with the same values (struct-codec.ts); the rest, and the
// messages built outside the service, go through google-protobuf's Struct here.

import type { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { structproto } from "./grpc";

/** The signature key and the value marking a secret (sdk/go/common/resource/sig). */
export const SIG_KEY = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

export type Props = Record<string, unknown>;

/** Plain properties and the names of the top-level ones that were (or held) secrets. */
export interface Unwrapped {
  props: Props;
  secrets: Set<string>;
}

export function isSecret(v: unknown): v is { value: unknown } {
  return v !== null && typeof v === "object" && (v as Record<string, unknown>)[SIG_KEY] === SECRET_SIG;
}

/** The value with every secret wrapper removed; `found` is called once per wrapper seen. */
export function unwrap(v: unknown, found: () => void = () => undefined): unknown {
  if (isSecret(v)) {
    found();
    return unwrap(v.value, found);
  }
  if (Array.isArray(v)) return v.map((x) => unwrap(x, found));
  if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, unwrap(x, found)]));
  return v;
}

export function fromStruct(s: Struct | undefined): Unwrapped {
  const raw = (s?.toJavaScript() ?? {}) as Props;
  const secrets = new Set<string>();
  const props: Props = {};
  for (const [k, v] of Object.entries(raw)) props[k] = unwrap(v, () => secrets.add(k));
  return { props, secrets };
}

/** The union of the sets of secret names. */
export const union = (...sets: Iterable<string>[]): Set<string> => new Set(sets.flatMap((s) => [...s]));

/** A Struct of `props` (an object; anything else is empty) with each property named in `secrets` wrapped; undefined is left out. */
export function toStruct(props: unknown, secrets: Iterable<string> = []): Struct {
  const keep = new Set(secrets);
  const out: Props = {};
  for (const [k, v] of Object.entries(props !== null && typeof props === "object" ? props : {})) {
    if (v === undefined) continue;
    const plain = definedOnly(v);
    out[k] = keep.has(k) ? { [SIG_KEY]: SECRET_SIG, value: plain } : plain;
  }
  return structproto.Struct.fromJavaScript(out as Parameters<typeof structproto.Struct.fromJavaScript>[0]);
}

/** Struct.fromJavaScript refuses undefined: drop it from objects, make it null in lists. */
function definedOnly(v: unknown): unknown {
  if (Array.isArray(v)) return v.map((x) => (x === undefined ? null : definedOnly(x)));
  if (v !== null && typeof v === "object") {
    return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined).map(([k, x]) => [k, definedOnly(x)]));
  }
  return v;
}
