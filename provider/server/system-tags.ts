// Tags the provider sets on a server for its own bookkeeping, beside the user's `tags` and the
// ownership tag: today a fleet member's identity (provider/fleet/identity.ts). They are never
// shown in `tags` (so no diff sees them), never removed by an update's PATCH, and carried by an
// adoption's PATCH, so a server keeps saying what it was made for whatever the program does
// to its tags.

/** Prefixes of the tags the provider owns. */
/** A fleet's tag: `hosting-fleet:<project>/<stack>/<name>` (provider/fleet/identity.ts builds it). */
export const FLEET_TAG_PREFIX = "hosting-fleet:";
/** The member a server was made for: `hosting-member:<key>`. */
export const MEMBER_TAG_PREFIX = "hosting-member:";
export const SYSTEM_TAG_PREFIXES = [FLEET_TAG_PREFIX, MEMBER_TAG_PREFIX] as const;

export function isSystemTag(tag: string): boolean {
  return SYSTEM_TAG_PREFIXES.some((p) => tag.startsWith(p));
}

/** The system tags among `tags`. */
export function systemTagsOf(tags: readonly string[] | undefined): string[] {
  return (tags ?? []).filter(isSystemTag);
}
