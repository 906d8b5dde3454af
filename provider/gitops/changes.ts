// Turns the engine's step events into one change per resource: what the engine will do (or did)
// and, per field, the old and the new value. We read the structured event stream of the
// Automation API (`onEvent`, the CLI's --event-log) rather than parse the CLI's text: the events
// carry the op, the replace keys and the old and new states, and secrets arrive as "[secret]".
//
// Dynamic providers return no detailed diff (pulumi.dynamic.DiffResult has `replaces` but no
// per-property list), so the fields are found by comparing the old state with the new inputs;
// the engine's `keys` say which of them force the replacement.
import type { EngineEvent, StepEventMetadata } from "@pulumi/pulumi/automation";
import { urnName } from "../core/urn";
import { sameValue } from "./same-value";

export type ChangeOp = "create" | "update" | "replace" | "delete";

export interface FieldChange {
  field: string;
  /** Old value (the state, or the live value after a refresh); undefined when added. */
  old?: unknown;
  /** New value (the declared input); undefined when removed. */
  new?: unknown;
  /** This field forces the replacement. */
  replaces: boolean;
}

export interface ResourceChange {
  urn: string;
  /** The resource's name in the program, e.g. "web-ewr-1". */
  name: string;
  /** The resource type, e.g. "pulumi-nodejs:dynamic/hosting:Server". */
  type: string;
  op: ChangeOp;
  /** The resource's id before the step (none for a create). */
  id?: string;
  fields: FieldChange[];
  /** The outputs before the step: what a replace or delete loses. */
  oldOutputs?: Record<string, unknown>;
}

/** The engine writes this for a value that is known only after the update. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const SKIPPED_FIELDS = new Set(["__provider"]);

const OPS: Record<string, ChangeOp | undefined> = {
  create: "create",
  update: "update",
  replace: "replace",
  "create-replacement": "replace",
  "delete-replaced": "replace",
  delete: "delete",
};

/** Collects changes from engine events; `changes()` is one entry per resource, in event order. */
export class ChangeCollector {
  private readonly byUrn = new Map<string, ResourceChange>();
  /** Resources the engine reported as unchanged or read: counted for the summary. */
  readonly seen = new Set<string>();

  /** Pass this as the Automation API's `onEvent`. */
  readonly onEvent = (event: EngineEvent): void => {
    const meta = event.resourcePreEvent?.metadata;
    if (!meta || meta.type === "pulumi:pulumi:Stack" || meta.type.startsWith("pulumi:providers:")) return;
    this.seen.add(meta.urn);
    const op = OPS[meta.op];
    if (!op) return;
    const known = this.byUrn.get(meta.urn);
    // A replace shows up as create-replacement, replace and delete-replaced: the logical
    // `replace` step carries the replace keys, so it wins over the other two.
    if (known && known.op === op && meta.op !== "replace") return;
    this.byUrn.set(meta.urn, toChange(meta, op));
  };

  changes(): ResourceChange[] {
    return [...this.byUrn.values()];
  }
}

function toChange(meta: StepEventMetadata, op: ChangeOp): ResourceChange {
  const oldState = meta.old ? { ...(meta.old.inputs ?? {}), ...(meta.old.outputs ?? {}) } : undefined;
  return {
    urn: meta.urn,
    name: urnName(meta.urn),
    type: meta.type,
    op,
    id: meta.old?.id || undefined,
    fields: op === "update" || op === "replace" ? changedFields(oldState ?? {}, meta.new?.inputs ?? {}, meta.keys ?? []) : [],
    oldOutputs: meta.old?.outputs,
  };
}

/** Every declared field whose value differs from the old state, and every old input no longer declared. */
function changedFields(old: Record<string, unknown>, news: Record<string, unknown>, replaceKeys: string[]): FieldChange[] {
  const fields: FieldChange[] = [];
  const keys = new Set([...Object.keys(news)]);
  for (const key of keys) {
    if (SKIPPED_FIELDS.has(key)) continue;
    if (sameValue(old[key], news[key])) continue;
    fields.push({ field: key, old: old[key], new: news[key], replaces: replaceKeys.includes(key) });
  }
  // A replace key that is not among the inputs (e.g. the server's `status` being `error`).
  for (const key of replaceKeys) {
    if (!keys.has(key)) fields.push({ field: key, old: old[key], new: undefined, replaces: true });
  }
  return fields;
}
