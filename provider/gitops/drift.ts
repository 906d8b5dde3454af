// `drift` (scheduled): a refresh preview (`pulumi preview --refresh`) with the Read key: the
// provider's `read` fetches every server, the engine compares the live values with the code, and
// nothing is written to the state or the API. We classify the differences ourselves instead of
// using --expect-no-changes, which only says "something changed": a field is drift when the live
// value differs from the last applied one (the state before the refresh); a field whose live value
// is the applied one but the code differs is a change of code not applied yet, reported apart.
import { ChangeCollector, type ResourceChange } from "./changes";
import { driftMarkdown, type DriftFinding } from "./drift-markdown";
import { EXIT, resolveOptions, type GitopsOptions } from "./options";
import { publish } from "./publish";
import type { GitopsResult } from "./result";
import { sameValue } from "./same-value";
import { configKeyWarning, openStack } from "./workspace";

export async function drift(opts: GitopsOptions): Promise<GitopsResult> {
  const o = resolveOptions(opts);
  const warning = configKeyWarning(o);
  if (warning) o.log(`hosting-gitops: warning: ${warning}\n`);
  const stack = await openStack(o, false);
  const applied = appliedOutputs(await stack.exportStack());
  const collector = new ChangeCollector();
  await stack.preview({ refresh: true, diff: true, color: "never", onEvent: collector.onEvent, onOutput: o.log });
  const findings = collector.changes().map((c) => classify(c, applied));
  const drifted = findings.filter((f) => f.kind === "drifted" || f.kind === "gone");
  const markdown = driftMarkdown({ stack: o.stack, findings, checked: collector.seen.size });
  publish(markdown, o);
  return { exitCode: drifted.length > 0 ? EXIT.flagged : EXIT.clean, markdown, changes: drifted.map((f) => f.change) };
}

/** URN → outputs of every resource in the state as last applied. */
function appliedOutputs(deployment: { deployment?: { resources?: { urn: string; outputs?: Record<string, unknown> }[] } }) {
  const byUrn = new Map<string, Record<string, unknown>>();
  for (const r of deployment.deployment?.resources ?? []) byUrn.set(r.urn, r.outputs ?? {});
  return byUrn;
}

function classify(change: ResourceChange, applied: Map<string, Record<string, unknown>>): DriftFinding {
  const before = applied.get(change.urn);
  if (change.op === "create") return { kind: before ? "gone" : "unapplied", change, fields: [] };
  if (change.op === "delete") return { kind: "unapplied", change, fields: [] };
  // A live value that is not the applied one is drift; the rest is code that differs.
  const fields = change.fields.filter((f) => !before || !sameValue(before[f.field], f.old));
  return fields.length > 0 ? { kind: "drifted", change, fields } : { kind: "unapplied", change, fields: change.fields };
}
