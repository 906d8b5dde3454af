// Tags the provider sets on a server for its own bookkeeping, beside the user's `tags` and the
// ownership tag: a fleet member's identity and owner (provider/fleet/identity.ts says what each
// means). They are never shown in `tags` (so no diff sees them), never removed by an update's
// PATCH, and replaced by a take-over's PATCH (label-tags-patch.ts), so a server always names the
// one resource instance that holds it, whatever the program does to its tags.

/** A fleet's tag: `hosting-fleet:<project>/<stack>/<name>` (provider/fleet/identity.ts builds it). */
export const FLEET_TAG_PREFIX = "hosting-fleet:";
/** The member a server was made for: `hosting-member:<key>`. */
export const MEMBER_TAG_PREFIX = "hosting-member:";
/** The resource instance that holds the server: `hosting-owner:<fleet id>`, or `hosting-owner:server`. */
export const OWNER_MARK_PREFIX = "hosting-owner:";
/** Set on a server of a fleet instance once a run of that instance finished, and on every server its updates make: `hosting-live:<fleet id>`. */
export const LIVE_MARK_PREFIX = "hosting-live:";
/** A digest of every replace-forcing field a fleet member was created with: `hosting-spec:<digest>`. */
export const SPEC_MARK_PREFIX = "hosting-spec:";
/**
 * The label a fleet member's POST carries until its tags are set, where the create takes no
 * tags (shape B): `hosting-pending:<project>/<stack>/<name>#<fleet id>` in an update of a fleet
 * instance; the tag PATCH sets the member's label.
 */
export const PENDING_LABEL_PREFIX = "hosting-pending:";
/** The same label in a create of a new fleet instance: `hosting-pending-new:<project>/<stack>/<name>`; such a server is never a live instance's. */
export const NEW_PENDING_LABEL_PREFIX = "hosting-pending-new:";
/** Prefixes of the tags the provider owns. */
export const SYSTEM_TAG_PREFIXES = [FLEET_TAG_PREFIX, MEMBER_TAG_PREFIX, OWNER_MARK_PREFIX, LIVE_MARK_PREFIX, SPEC_MARK_PREFIX] as const;
/** The owner mark of a server a `Server` resource took over (its adoptId): the server's id is that resource's identity. */
export const SERVER_OWNER_MARK = `${OWNER_MARK_PREFIX}server`;

export function isSystemTag(tag: string): boolean {
  return SYSTEM_TAG_PREFIXES.some((p) => tag.startsWith(p));
}

/** The system tags among `tags`. */
export function systemTagsOf(tags: readonly string[] | undefined): string[] {
  return (tags ?? []).filter(isSystemTag);
}

/**
 * The instance that holds a server by its tags: the value of its one owner mark, `undefined`
 * when it carries none, `null` when it carries two or more (nobody can tell which holds it).
 */
export function ownerOf(tags: readonly string[] | undefined): string | undefined | null {
  const marks = [...new Set((tags ?? []).filter((t) => t.startsWith(OWNER_MARK_PREFIX)))];
  if (marks.length > 1) return null;
  return marks.length === 1 ? marks[0].slice(OWNER_MARK_PREFIX.length) : undefined;
}

/**
 * The system tags a server carries after a take-over by a resource whose own marks are `marks`:
 * a fleet's take-over replaces every mark of the former holder by its own; a Server's (no marks
 * of its own) replaces a former fleet's marks by the Server's owner mark, so that fleet's delete
 * leaves it; a server with no marks gets none.
 */
export function takeOverMarks(current: readonly string[] | undefined, marks: readonly string[]): string[] {
  // What the server was created with does not change with its holder: its spec mark stays, and a
  // spec mark among `marks` goes only on a server that has none.
  const own = (current ?? []).filter((t) => t.startsWith(SPEC_MARK_PREFIX));
  if (marks.length > 0) return [...new Set([...(own.length > 0 ? marks.filter((m) => !m.startsWith(SPEC_MARK_PREFIX)) : marks), ...own])];
  return systemTagsOf(current).length > 0 ? [SERVER_OWNER_MARK, ...own] : [];
}
