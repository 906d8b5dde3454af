// The servers a preview would create, read from its engine events: what a crashed `up` may
// have created already without recording it (a `Server` of either face), and the tags of the
// Fleets it names, whose servers are found by tag. A replacement's new server counts too (the old
// one is in the state; the new one may be the orphan). Servers that adopt (`adoptId`) create
// nothing and are left out.
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { isFleetType, isServerType, SERVER_TYPES } from "../core/resource-types";
import { isUnknown } from "../core/unknown";
import { parseUrn, urnName } from "../core/urn";
import { fleetTagOf } from "../fleet/identity";

/** The type of a dynamic-face `Server` in the engine's events and in `pulumi stack export` (the plugin's is in SERVER_TYPES). */
export const SERVER_TYPE = SERVER_TYPES[0];

const CREATE_OPS = new Set(["create", "create-replacement"]);

export interface PlannedCreate {
  /** The stack whose preview plans it. */
  stack: string;
  urn: string;
  /** The resource's name (the last part of its URN): the key of `hosting:adopt`. */
  name: string;
  label: string;
  region: string;
  plan: string;
  /** The OS image id, when the checked inputs know it. */
  osId?: number;
  /** Why this create cannot be matched (a value only known after an `up`), if so. */
  unmatchable?: string;
}

/** The planned creates of `Server`s in `events`, once each (a preview reports a step once). */
export function plannedCreates(stack: string, events: EngineEvent[]): PlannedCreate[] {
  const out = new Map<string, PlannedCreate>();
  for (const e of events) {
    const step = e.resourcePreEvent?.metadata;
    if (!step || !isServerType(step.type) || !CREATE_OPS.has(step.op)) continue;
    const inputs = step.new?.inputs ?? {};
    if (typeof inputs.adoptId === "string") continue;
    out.set(step.urn, plannedCreate(stack, step.urn, inputs));
  }
  return [...out.values()];
}

function plannedCreate(stack: string, urn: string, inputs: Record<string, unknown>): PlannedCreate {
  const text = (k: string) => (typeof inputs[k] === "string" ? (inputs[k] as string) : "");
  const p: PlannedCreate = { stack, urn, name: urnName(urn), label: text("label"), region: text("region"), plan: text("plan") };
  if (typeof inputs.osId === "number") p.osId = inputs.osId;
  const unknown = ["label", "region", "plan"].filter((k) => isUnknown(inputs[k]));
  if (unknown.length > 0) p.unmatchable = `${unknown.join(", ")} not known before the up`;
  return p;
}

/** A Fleet the preview names: its tag, and what `pulumi import` needs to record it. */
export interface PlannedFleet {
  tag: string;
  /** Its type token (the plugin's `hosting:index:Fleet`, or the dynamic face's). */
  type: string;
  name: string;
  /** Its parent's URN, when its parent is not the stack. */
  parent?: string;
  /** Whether the preview creates it: its stack's state does not hold it. */
  created: boolean;
}

/**
 * Every Fleet the preview names, once each, with its tag (a Fleet plans no per-member creates:
 * its servers are found by its tag instead), from the URN urn:pulumi:<stack>::<project>::<type>::<name>.
 */
export function plannedFleets(events: EngineEvent[]): PlannedFleet[] {
  const fleets = new Map<string, PlannedFleet>();
  for (const e of events) {
    const step = e.resourcePreEvent?.metadata;
    if (!step || !isFleetType(step.type)) continue;
    const urn = parseUrn(step.urn);
    if (!urn) continue;
    const tag = fleetTagOf(`${urn.project}/${urn.stack}`, urn.name, urn.parentType);
    const parent = urn.parentType !== undefined ? step.new?.parent ?? step.old?.parent : undefined;
    fleets.set(tag, { tag, type: step.type, name: urn.name, ...(parent ? { parent } : {}), created: step.op === "create" });
  }
  return [...fleets.values()].sort((a, b) => (a.tag < b.tag ? -1 : 1));
}

/** The tags of `plannedFleets`, sorted. */
export function plannedFleetTags(events: EngineEvent[]): string[] {
  return plannedFleets(events).map((f) => f.tag);
}
