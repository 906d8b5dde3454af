// An imported Fleet's state records its members with the owner mark they carried (`owner`, the
// instance that made them). Its first update makes them its own before it deletes or replaces
// anything: one PATCH per member (this instance's tags, owner and live marks; the spec mark stays),
// once. The servers that carry a live mark go last, so at every moment one of the former owner's
// servers still marks it live, or none is left: a server of the import never looks like an
// interrupted run's (ownership.ts), even after a kill part-way through.

import type { Server } from "../api/wire/types";
import type { OperationContext } from "../core/context";
import { labelAndTagsPatch } from "../server/label-tags-patch";
import { isSystemTag, ownerOf, takeOverMarks } from "../server/system-tags";
import { identityTags, liveInstancesOf, liveMarkOf } from "./identity";
import type { RecordedMember } from "./types";

export interface ImportedInput {
  instance: string;
  fleetTag: string;
  /** The state's members; those re-marked lose their recorded `owner`. */
  members: Record<string, RecordedMember>;
  /** The servers the fleet's lists found: those re-marked are replaced by the API's answers. */
  found: Server[];
}

/**
 * Re-marks the members recorded with another instance's owner mark as this instance's, and
 * returns `found` with the re-marked servers as they are now. A member whose server carries
 * neither mark any more (another resource took it over) is left as it is. A PATCH that fails
 * stops the update before it changes anything else.
 */
export async function markImported(ctx: OperationContext, input: ImportedInput): Promise<Server[]> {
  const { instance, fleetTag, members } = input;
  const imported = Object.keys(members).filter((k) => typeof members[k].owner === "string" && members[k].owner !== instance);
  if (imported.length === 0) return input.found;
  const found = new Map(input.found.map((s) => [s.id, s]));
  const servers = await Promise.all(imported.map(async (key) => ({ key, server: found.get(members[key].id) ?? (await ctx.waiter.read(members[key].id, { signal: ctx.signal })) })));
  const todo = servers.filter((t): t is { key: string; server: Server } => {
    if (!t.server) return false;
    const owner = ownerOf(t.server.tags);
    if (owner === instance) drop(members, t.key);
    return owner === members[t.key].owner;
  });
  const marked = (t: { server: Server }) => liveInstancesOf(t.server.tags).length > 0;
  for (const phase of [todo.filter((t) => !marked(t)), todo.filter(marked)]) {
    await Promise.all(phase.map(async ({ key, server }) => {
      const marks = takeOverMarks(server.tags, [...identityTags(fleetTag, key, instance), liveMarkOf(instance)]);
      const patch = labelAndTagsPatch(server, { tags: (server.tags ?? []).filter((x) => !isSystemTag(x)) }, marks);
      try {
        found.set(server.id, patch ? await ctx.api.updateServer(server.id, patch, { signal: ctx.signal }) : server);
      } catch (e) {
        throw new Error(`fleet: member ${key}: server ${server.id}, imported, could not be marked as this fleet's (${e instanceof Error ? e.message : String(e)}); the update changed nothing else: run \`pulumi up\` again`);
      }
      drop(members, key);
    }));
  }
  return input.found.map((s) => found.get(s.id)!);
}

/** The member's record without the owner mark it was imported with. */
function drop(members: Record<string, RecordedMember>, key: string): void {
  const { owner: _owner, ...rest } = members[key];
  members[key] = rest as RecordedMember;
}
