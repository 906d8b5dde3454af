// The drift report: each drifted resource and field with its live and declared value, the
// servers that are gone, and apart from them, code that differs but was never applied.
import type { FieldChange, ResourceChange } from "./changes";
import { showValue } from "./values";

export interface DriftFinding {
  /** drifted: a live value is not the applied one; gone: deleted outside the pipeline; unapplied: code not applied yet. */
  kind: "drifted" | "gone" | "unapplied";
  change: ResourceChange;
  fields: FieldChange[];
}

export interface DriftReport {
  stack: string;
  findings: DriftFinding[];
  /** Resources the refresh read. */
  checked: number;
}

const code = (s: string) => "`" + s.replace(/`/g, "'") + "`";
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function rows(findings: DriftFinding[]): string[] {
  return findings.flatMap((f) => {
    const id = f.change.id ? ` (${f.change.id})` : "";
    if (f.kind === "gone") return [`| ${code(f.change.name)}${id} | (all) | **gone**: no longer exists in the API | declared |`];
    return f.fields.map((x) => `| ${code(f.change.name)}${id} | ${code(x.field)} | ${code(showValue(x.old))} | ${code(showValue(x.new))} |`);
  });
}

export function driftMarkdown(r: DriftReport): string {
  const drifted = r.findings.filter((f) => f.kind === "drifted");
  const gone = r.findings.filter((f) => f.kind === "gone");
  const unapplied = r.findings.filter((f) => f.kind === "unapplied");
  const lines = [`### hosting-gitops drift: stack ${code(r.stack)}`, ""];
  if (drifted.length + gone.length === 0) {
    lines.push(`**No drift**: the ${plural(r.checked, "resource")} read from the API ${r.checked === 1 ? "matches" : "match"} the last apply.`, "");
  } else {
    lines.push(`**Drift**: ${plural(drifted.length, "resource")} changed outside the pipeline, ${gone.length} gone; ${r.checked} checked.`, "");
    lines.push("| resource | field | live value | declared value |", "|---|---|---|---|", ...rows([...drifted, ...gone]), "");
    lines.push("`hosting-gitops apply` puts the declared values back (and re-creates what is gone); to keep a live value, change the code instead.", "");
  }
  if (unapplied.length > 0) {
    lines.push(`Not drift, but not applied either: ${unapplied.map((f) => `${code(f.change.name)} (${f.change.op})`).join(", ")} differ between the code and the last apply.`, "");
  }
  return lines.join("\n");
}
