// Every resource of a preview with its state before and after: what the cost needs. The change
// table (../changes.ts) keeps only resources that change; the totals also count the ones that do
// not (a `same` step), so this reads the same engine events for all of them.
import type { EngineEvent, OpType, StepEventMetadata } from "@pulumi/pulumi/automation";
import { urnName } from "../../core/urn";

export interface StepState {
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
}

export type StepOp = "same" | "create" | "update" | "replace" | "delete";

export interface ResourceStep {
  urn: string;
  /** The resource's name in the program. */
  name: string;
  type: string;
  op: StepOp;
  /** The state before the step (after the refresh); none for a create. */
  old?: StepState;
  /** The declared state after the step; none for a delete. */
  new?: StepState;
}

const OPS: Partial<Record<OpType, StepOp>> = {
  same: "same",
  create: "create",
  update: "update",
  delete: "delete",
  replace: "replace",
  "create-replacement": "replace",
  "delete-replaced": "replace",
};

const stateOf = (s: StepEventMetadata["old"]): StepState | undefined =>
  s ? { inputs: { ...(s.inputs ?? {}) }, outputs: { ...(s.outputs ?? {}) } } : undefined;

/** Collects one step per resource; pass `onEvent` to the Automation API's preview. */
export class StepCollector {
  private readonly byUrn = new Map<string, ResourceStep>();

  readonly onEvent = (event: EngineEvent): void => {
    const meta = event.resourcePreEvent?.metadata;
    if (!meta || meta.type === "pulumi:pulumi:Stack" || meta.type.startsWith("pulumi:providers:")) return;
    const op = OPS[meta.op];
    if (!op) return; // refresh, read, import...: the step that follows says what happens
    const known = this.byUrn.get(meta.urn);
    // The three steps of a replace: the old state comes with one, the new with another.
    const old = stateOf(meta.old) ?? (known?.op === op ? known.old : undefined);
    const news = stateOf(meta.new) ?? (known?.op === op ? known.new : undefined);
    this.byUrn.set(meta.urn, { urn: meta.urn, name: urnName(meta.urn), type: meta.type, op, old: op === "create" ? undefined : old, new: op === "delete" ? undefined : news });
  };

  steps(): ResourceStep[] {
    return [...this.byUrn.values()];
  }
}
