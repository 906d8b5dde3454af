// Tags the provider sets on a server for its own bookkeeping, beside the user's `tags` and the
// ownership tag: today a fleet member's identity (provider/fleet/identity.ts). They are never
// shown in `tags` (so no diff sees them), never removed by an update's PATCH, and carried by an
// adoption's PATCH, so a server keeps saying what it was made for whatever the program does
// to its tags.

/** Prefixes of the tags the provider owns. */
export const SYSTEM_TAG_PREFIXES = ["hosting-fleet:", "hosting-member:"] as const;

export function isSystemTag(tag: string): boolean {
  return SYSTEM_TAG_PREFIXES.some((p) => tag.startsWith(p));
}

/** The system tags among `tags`. */
export function systemTagsOf(tags: readonly string[] | undefined): string[] {
  return (tags ?? []).filter(isSystemTag);
}
