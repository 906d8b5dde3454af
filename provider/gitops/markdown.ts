// The Markdown a reviewer reads in ten seconds: one line of counts, one table row per changed
// resource with old → new values, and a warning per replace or delete saying what is lost.
import type { ChangeOp, FieldChange, ResourceChange } from "./changes";
import { showValue } from "./values";

const ACTION: Record<ChangeOp, string> = {
  create: "create",
  update: "update in place",
  replace: "**replace**",
  delete: "**delete**",
};
const DONE: Record<ChangeOp, string> = { create: "created", update: "updated in place", replace: "**replaced**", delete: "**deleted**" };

const isServer = (type: string) => /hosting:Server$/.test(type);

/**
 * What a reviewer must know before approving a replace or a delete: the server behind it is
 * destroyed, so its disk (with every file written since it was created) and its IP address go
 * with it. The numbers come from the old state, so the sentence names this server's own; a
 * change that loses nothing has none.
 */
function describeLoss(change: ResourceChange): string | undefined {
  if (change.op !== "replace" && change.op !== "delete") return undefined;
  const outs = change.oldOutputs ?? {};
  if (!isServer(change.type)) {
    return change.op === "replace" ? "the resource is deleted and created again under a new id" : "the resource is deleted";
  }
  const id = change.id ? `server ${change.id}` : "the server";
  const disk = typeof outs.diskGb === "number" ? `its ${outs.diskGb} GB disk and all data on it` : "its disk and all data on it";
  const ip = typeof outs.mainIp === "string" && outs.mainIp !== "" ? `its IP address ${outs.mainIp}` : "its IP address";
  const after = change.op === "replace" ? "; the new server gets a new disk, a new IP and a new id" : "";
  return `${id} is destroyed with ${disk} and ${ip}${after}`;
}

const code = (s: string) => "`" + s.replace(/`/g, "'") + "`";
const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

function showField(f: FieldChange): string {
  return `${code(f.field)}: ${code(showValue(f.old))} → ${code(showValue(f.new))}${f.replaces ? " (forces replace)" : ""}`;
}

function countLine(changes: ResourceChange[], words: Record<ChangeOp, string>): string {
  const ops: ChangeOp[] = ["create", "update", "replace", "delete"];
  const parts = ops
    .map((op) => [op, changes.filter((c) => c.op === op).length] as const)
    .filter(([, n]) => n > 0)
    .map(([op, n]) => `${n} ${words[op].replace(/\*/g, "")}`);
  return parts.length > 0 ? parts.join(", ") : "no changes";
}

function changeTable(changes: ResourceChange[], words: Record<ChangeOp, string>): string[] {
  if (changes.length === 0) return [];
  const rows = changes.map((c) => {
    const what = c.fields.length > 0 ? c.fields.map(showField).join("<br>") : c.op === "create" ? "new" : "";
    return `| ${code(c.name)} | ${words[c.op]} | ${cell(what)} |`;
  });
  return ["| resource | action | old → new |", "|---|---|---|", ...rows, ""];
}

function lossLines(changes: ResourceChange[]): string[] {
  return changes.flatMap((c) => {
    const loss = describeLoss(c);
    return loss ? [`> **${c.op === "replace" ? "Replace" : "Delete"} ${code(c.name)}**: ${loss}.`, ">"] : [];
  });
}

export interface PlanReport {
  stack: string;
  changes: ResourceChange[];
  unchanged: number;
  /** Replaces and deletes are allowed (--allow-replace). */
  allowReplace: boolean;
}

export function planMarkdown(r: PlanReport): string {
  const risky = r.changes.filter((c) => c.op === "replace" || c.op === "delete");
  const lines = [`### hosting-gitops plan: stack ${code(r.stack)}`, ""];
  lines.push(`**${countLine(r.changes, ACTION)}**; ${r.unchanged} unchanged.`, "");
  lines.push(...changeTable(r.changes, ACTION));
  const losses = lossLines(r.changes);
  if (losses.length > 0) lines.push(...losses.slice(0, -1), "");
  if (risky.length > 0 && !r.allowReplace) {
    lines.push(
      `This plan replaces or deletes ${risky.length} resource(s) and is flagged (exit code 2). ` +
        "If that is intended, run the plan again with `--allow-replace` (or HOSTING_GITOPS_ALLOW_REPLACE=1).",
      "",
    );
  } else if (risky.length > 0) {
    lines.push(`Replaces and deletes are allowed for this run (--allow-replace).`, "");
  }
  return lines.join("\n");
}

export interface ApplyReport {
  stack: string;
  changes: ResourceChange[];
  unchanged: number;
  /** Seconds the update took. */
  seconds: number;
}

export function applyMarkdown(r: ApplyReport): string {
  const lines = [`### hosting-gitops apply: stack ${code(r.stack)}`, ""];
  lines.push(`**${countLine(r.changes, DONE)}**; ${r.unchanged} unchanged; ${r.seconds.toFixed(1)} s.`, "");
  lines.push(...changeTable(r.changes, DONE));
  return lines.join("\n");
}

/** Apply stopped before `up`: replaces or deletes nobody reviewed. */
export function refusalMarkdown(stack: string, refused: ResourceChange[], hadPlan: boolean): string {
  const why = hadPlan
    ? "the reviewed plan (--plan-file) did not show these replaces or deletes"
    : "this update replaces or deletes resources, and no reviewed plan (--plan-file) or --allow-replace allows it";
  return [
    `### hosting-gitops apply: stack ${code(stack)}: **refused, nothing applied**`,
    "",
    `Apply stopped before \`pulumi up\`: ${why}.`,
    "",
    ...changeTable(refused, ACTION),
    ...lossLines(refused).slice(0, -1),
    "",
    "Run `hosting-gitops plan` on this commit, review what it shows, and apply with the plan file it writes.",
    "",
  ].join("\n");
}
