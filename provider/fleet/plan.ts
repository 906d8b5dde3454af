// What an `up` does to each member: the recorded members (outputs) against the checked specs.
//   create   a key with no member (a new region, a higher count, a member deleted outside
//            Pulumi and dropped by refresh)
//   delete   a member whose key is no longer declared (a lower count: the highest numbers)
//   replace  a member whose spec differs in a field the server plan table
//            (provider/server/plan.ts) replaces on, or whose server is in `error`: rolled in
//            batches (roll.ts)
//   update   a member whose spec differs only in fields updated in place (label, tags: one
//            PATCH per member through the server core's update)
// A member's own diff is the server's: planServer, the same function a `Server` uses.

import type { CatalogueSnapshot } from "../core/catalogue";
import { planServer } from "../server/plan";
import { compareKeys } from "./members";
import { serverInputsOf } from "./specs";
import type { MemberSpec, RecordedMember } from "./types";

export interface MemberPlan {
  create: string[];
  update: string[];
  /** Keys to replace, each with the fields that force it. */
  replace: { key: string; fields: string[] }[];
  delete: string[];
  /** Leftover server ids to delete (failed replacements of an earlier `up`). */
  leftovers: string[];
  /** For update and replace: the changed fields per key (what the preview shows). */
  fields: Record<string, string[]>;
}

export function planMembers(
  members: Record<string, RecordedMember>, specs: Record<string, MemberSpec>, leftovers: Readonly<Record<string, unknown>> = {}, cat?: CatalogueSnapshot,
): MemberPlan {
  const plan: MemberPlan = { create: [], update: [], replace: [], delete: [], leftovers: Object.keys(leftovers).sort(), fields: {} };
  for (const key of Object.keys(specs).sort(compareKeys)) {
    const member = members[key];
    if (!member) {
      plan.create.push(key);
      continue;
    }
    const spec = serverInputsOf(specs[key]);
    const diff = planServer(member, spec, cat);
    if (!diff.changes) {
      // Left provisioning by a create that was cancelled or timed out: an update waits for it
      // (the server core's update) and records it as it is then.
      if (member.status === "pending" || member.status === "starting") {
        plan.update.push(key);
        plan.fields[key] = ["status"];
      }
      continue;
    }
    const replaces = diff.replaces ?? [];
    const changed = changedFields(member, specs[key]);
    plan.fields[key] = replaces.length > 0 ? [...new Set([...replaces, ...changed])] : changed;
    if (replaces.length > 0) plan.replace.push({ key, fields: replaces });
    else plan.update.push(key);
  }
  plan.delete = Object.keys(members).filter((k) => !(k in specs)).sort(compareKeys);
  return plan;
}

/** True when the plan sends anything. */
export function planHasChanges(p: MemberPlan): boolean {
  return p.create.length + p.update.length + p.replace.length + p.delete.length + p.leftovers.length > 0;
}

/** The spec fields whose values differ from the member's (for the preview). */
function changedFields(member: RecordedMember, spec: MemberSpec): string[] {
  const sorted = (v: unknown) => (Array.isArray(v) ? JSON.stringify([...v].sort()) : JSON.stringify(v));
  return Object.keys(spec).filter((k) => k !== "waitTimeoutSeconds" && sorted(member[k] ?? defaultOf(k)) !== sorted(spec[k]));
}

function defaultOf(k: string): unknown {
  return k === "tags" || k === "sshKeyIds" ? [] : k === "backups" || k === "ddosProtection" ? false : undefined;
}
