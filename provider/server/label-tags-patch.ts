// The one PATCH that brings a server's label and tags to what a resource declares: a Server's
// update (provider.ts), a take-over (adopt.ts: a Server's adoptId, a fleet member's adoption or
// reclaim) and a fleet re-marking its members (provider/fleet/marks.ts) all build it here. The
// user's tags and the ownership tag come from the resource; the provider's own tags
// (system-tags.ts) are given by the caller: kept as they are, or replaced by a new owner's.

import type { Server, UpdateServerRequest } from "../api/wire/types";
import { apiTags } from "./normalize";
import type { ServerInputs } from "./types";

/** What a resource declares of a server's label and tags (the label left as it is when absent). */
export type DeclaredLabelAndTags = Pick<ServerInputs, "tags" | "ownerTag"> & { label?: string };

/** The PATCH body, or none when label and tags already are as wanted. */
export function labelAndTagsPatch(current: Server, declared: DeclaredLabelAndTags, systemTags: readonly string[]): UpdateServerRequest | undefined {
  const patch: UpdateServerRequest = {};
  if (declared.label !== undefined && current.label !== declared.label) patch.label = declared.label;
  const wanted = apiTags(declared, systemTags);
  if (JSON.stringify([...new Set(current.tags ?? [])].sort()) !== JSON.stringify(wanted)) patch.tags = wanted;
  return Object.keys(patch).length > 0 ? patch : undefined;
}
