// The default ownership tag, decided by `check` once the deployment's shape is known. Shape A's
// create request takes tags, so the stack's tag is free there and stays the default. Shape B's
// create takes none: the tag would cost one PATCH after every create (2.04 requests per server
// instead of about 1) to guard against one rare case, a process killed between a create's POST
// and the state write. So in shape B the tag is sent only when `ownerTag` is declared, and
// `hosting-orphans --stack` finds such orphans from a preview instead (provider/orphans).

import type { ApiShape } from "../api/wire/types";
import { stackOf, type ResourceFacts } from "../core/context";
import type { RawProps } from "../core/route";
import { OWNER_TAG_PREFIX } from "./types";

/** The stack's ownership tag, from the engine's facts of the resource (undefined when they do not name the stack). */
export function defaultOwnerTag(facts: ResourceFacts): string | undefined {
  const stack = stackOf(facts);
  return stack ? `${OWNER_TAG_PREFIX}${stack}` : undefined;
}

/** `inputs` with, in shape A only and when the program declares none, the stack's `ownerTag`. */
export function settleOwnerTag<T extends object>(inputs: T, news: RawProps, shape: ApiShape, facts: ResourceFacts): T {
  const out: RawProps = { ...(inputs as RawProps) };
  const fallback = defaultOwnerTag(facts);
  if (news.ownerTag === undefined && shape === "A" && fallback !== undefined) out.ownerTag = fallback;
  return out as T;
}

/**
 * The ownership tag an update keeps: the declared one, else the one the server already has
 * in the stack (a shape B server tagged before the default changed keeps its tag, and no
 * update removes it behind the user's back).
 */
export function ownerTagToKeep(declared: string | undefined, recorded: unknown): string | undefined {
  if (declared !== undefined) return declared;
  return typeof recorded === "string" && recorded !== "" ? recorded : undefined;
}
