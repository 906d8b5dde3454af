// Deleting many of a fleet's servers at once: every DELETE first, then one wait for all of them
// to be gone, started in one tick so that one list call answers them all. Waiting per DELETE
// instead would have each wait poll on its own schedule: lists that spend the rate limit's
// tokens while DELETEs still need them, or, with the waiter's first poll a second after each
// DELETE, a second added to every destroy and every batch of a roll (bench/fleet).

import { each, type MemberFailure, type MemberOps } from "./member-ops";
import type { RecordedMember } from "./types";

export interface Removal {
  /** Keys whose server is gone (deleted now, or already gone). */
  removed: string[];
  /** The others, in key order. */
  failures: MemberFailure[];
}

export async function removeAll(keys: string[], serverOf: (key: string) => RecordedMember, ops: MemberOps): Promise<Removal> {
  const sent: string[] = [];
  const failures = await each(keys, async (key) => {
    if (await ops.sendDelete(key, serverOf(key))) sent.push(key);
  });
  failures.push(...(await each(sent, (key) => ops.confirmDeleted(key, serverOf(key)))));
  const order = new Map(keys.map((k, i) => [k, i]));
  failures.sort((a, b) => (order.get(a.key) ?? 0) - (order.get(b.key) ?? 0));
  const failed = new Set(failures.map((f) => f.key));
  return { removed: keys.filter((k) => !failed.has(k)), failures };
}
