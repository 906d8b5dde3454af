// What a preview shows per member: a detailed diff keyed by property paths under `memberSpecs`
// (each member's spec by key), old values from the recorded outputs (each member's spec as its
// server is), new values from the checked inputs (as the program declares it):
//   memberSpecs["web-ewr-3"]        add      a member to create
//   memberSpecs["web-ewr-2"]        delete   a member to delete
//   memberSpecs["web-ewr-1"].label  update   a field updated in place
//   memberSpecs["web-ewr-1"].os     update   a field that replaces the member (rolled)
// No path is marked *_REPLACE: for the engine that would replace the whole Fleet resource
// (sdk plugin.DiffResult.Replace), while the members are rolled inside one update. Which
// fields replace a member is the server plan table (provider/server/plan.ts); `diff` also
// returns the plan itself (`plannedChanges`) for the faces to report.

import type { MemberPlan } from "./plan";

export type PathKind = "add" | "update" | "delete";

const path = (key: string) => `memberSpecs[${JSON.stringify(key)}]`;

/** Property path → kind, for the plugin face's DiffResponse.detailedDiff. */
export function memberPaths(plan: MemberPlan, optionsChanged: string[]): Record<string, PathKind> {
  const out: Record<string, PathKind> = {};
  for (const key of plan.create) out[path(key)] = "add";
  for (const key of plan.delete) out[path(key)] = "delete";
  for (const key of [...plan.update, ...plan.replace.map((r) => r.key)]) {
    const fields = plan.fields[key] ?? [];
    if (fields.length === 0 || fields.includes("status")) out[path(key)] = "update";
    for (const f of fields) if (f !== "status") out[`${path(key)}.${f}`] = "update";
  }
  for (const id of plan.leftovers) out[`leftovers[${JSON.stringify(id)}]`] = "delete";
  for (const k of optionsChanged) out[k] = "update";
  return out;
}

/** One line per kind of change, with the keys: what the `up` will do. */
export function describePlan(plan: MemberPlan, batchSize: number): string[] {
  const lines: string[] = [];
  const list = (keys: string[]) => keys.join(", ");
  if (plan.create.length) lines.push(`create ${plan.create.length}: ${list(plan.create)}`);
  if (plan.update.length) lines.push(`update in place ${plan.update.length}: ${list(plan.update)}`);
  if (plan.replace.length) {
    const fields = [...new Set(plan.replace.flatMap((r) => r.fields))].join(", ");
    const batches = Math.ceil(plan.replace.length / batchSize);
    lines.push(`replace ${plan.replace.length} (${fields}) in ${batches} batch${batches === 1 ? "" : "es"} of at most ${batchSize}: ${list(plan.replace.map((r) => r.key))}`);
  }
  if (plan.delete.length) lines.push(`delete ${plan.delete.length}: ${list(plan.delete)}`);
  if (plan.leftovers.length) lines.push(`delete ${plan.leftovers.length} leftover server(s) of a failed roll: ${list(plan.leftovers)}`);
  return lines;
}
