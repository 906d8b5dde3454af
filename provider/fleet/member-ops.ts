// What a fleet's steps share: the failure of one member's operation, the operations a roll
// is given (server-member-ops.ts is the real one; tests pass a model account), and running one
// operation for many members at once.

import type { MemberSpec, RecordedMember } from "./types";

/** A member's create, update or delete failed; `server` is what exists, if anything does. */
export class MemberFailure extends Error {
  constructor(readonly key: string, readonly reason: string, readonly server?: RecordedMember) {
    super(`member ${key}: ${reason}`);
    this.name = "MemberFailure";
  }
}

export interface MemberOps {
  create(key: string, spec: MemberSpec, adoptId?: string): Promise<RecordedMember>;
  update(key: string, member: RecordedMember, spec: MemberSpec): Promise<RecordedMember>;
  /** The DELETE of a member's server; false when it was already gone. */
  sendDelete(key: string, member: RecordedMember): Promise<boolean>;
  /** Waits until a deleted server is no longer listed (remove-all.ts starts these together). */
  confirmDeleted(key: string, member: RecordedMember): Promise<void>;
}

export const asFailure = (key: string, e: unknown): MemberFailure =>
  e instanceof MemberFailure ? e : new MemberFailure(key, e instanceof Error ? e.message : String(e));

/** Runs `fn` for every key at once; the failures, in key order. */
export async function each(keys: string[], fn: (key: string) => Promise<void>): Promise<MemberFailure[]> {
  const settled = await Promise.allSettled(keys.map(fn));
  return settled.flatMap((s, i) => (s.status === "rejected" ? [asFailure(keys[i], s.reason)] : []));
}
