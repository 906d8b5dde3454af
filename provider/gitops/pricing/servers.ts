// Resource → the servers it holds, each priced before and after the step. This is the one place
// that knows which resource types hold servers: a `Server` holds one; a `Fleet` holds its
// `members` and `leftovers` (what exists: its outputs) before the step, and the members its
// `memberSpecs` declare (its checked inputs) after it, each named `<fleet>/<member key>`. The
// rows, totals, gate and tables take whatever `serversIn` returns.
import { isFleetType, isServerType } from "../../core/resource-types";
import { UNKNOWN } from "../changes";
import { isSecret } from "../values";
import { monthlyPrice, type MonthlyPrice, type PriceList } from "./price";
import type { ResourceStep, StepOp, StepState } from "./resource-steps";

/** One server as one state of its resource describes it. */
export interface ServerSpec {
  /** Its name in the summary: the resource's name, or a member's key inside the resource. */
  name: string;
  plan?: string;
  region?: string;
  /** The server's own hourly price (an output), when the state has one. */
  pricePerHour?: string;
}

export interface PricedServer extends ServerSpec {
  price: MonthlyPrice;
}

export type RowAction = Exclude<StepOp, "same"> | "unchanged";

/** One server of one resource: before the step, after it, or both. */
export interface ServerRow {
  /** The resource's URN and type. */
  urn: string;
  type: string;
  name: string;
  action: RowAction;
  /** Absent: no such server before (a create). */
  before?: PricedServer;
  /** Absent: no such server after (a delete). */
  after?: PricedServer;
}


const isRecord = (v: unknown): v is Record<string, Record<string, unknown>> => typeof v === "object" && v !== null && !Array.isArray(v) && !isSecret(v);

/**
 * A fleet's servers. A map the preview cannot read (unknown until the groups are known, or a
 * secret) is one server of unknown price under the fleet's name: never 0, never left out.
 */
function fleetServers(name: string, state: StepState, side: "old" | "new"): ServerSpec[] {
  const members = side === "old" ? state.outputs.members : state.inputs.memberSpecs;
  if (!isRecord(members)) return members === undefined ? [] : [{ name }];
  const specs: ServerSpec[] = Object.entries(members).map(([key, m]) => ({ name: `${name}/${key}`, plan: known(m?.plan), region: known(m?.region) }));
  // Servers of a failed roll that hold no member: they cost money until the next `up` deletes them.
  if (side === "old" && isRecord(state.outputs.leftovers)) {
    for (const [id, m] of Object.entries(state.outputs.leftovers)) specs.push({ name: `${name}/leftover ${id}`, plan: known(m?.plan), region: known(m?.region) });
  }
  return specs;
}

/** A known plain string: not the engine's "known after apply", not a secret. */
function known(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" && value !== UNKNOWN && !isSecret(value) ? value : undefined;
}

/** The servers one state of a resource holds (none for a type that holds no server). */
function serversIn(type: string, name: string, state: StepState | undefined, side: "old" | "new"): ServerSpec[] {
  if (!state) return [];
  if (isServerType(type)) {
    // The old side is the state the API reported (outputs); the new side is what the program declares.
    const pick = (key: string) => (side === "old" ? known(state.outputs[key]) ?? known(state.inputs[key]) : known(state.inputs[key]));
    return [{ name, plan: pick("plan"), region: pick("region"), pricePerHour: known(state.outputs.pricePerHour) }];
  }
  if (isFleetType(type)) return fleetServers(name, state, side);
  return [];
}

/** Every server of a resource, priced before and after its step. */
export function serverRows(step: ResourceStep, prices: PriceList): ServerRow[] {
  const before = new Map(serversIn(step.type, step.name, step.old, "old").map((s) => [s.name, s]));
  const after = new Map(serversIn(step.type, step.name, step.new, "new").map((s) => [s.name, s]));
  const names = [...new Set([...before.keys(), ...after.keys()])];
  return names.map((name) => {
    const b = before.get(name);
    const a = after.get(name);
    // An hourly price belongs to the plan it was quoted for: a server that changes plan loses it.
    const aHourly = a?.pricePerHour ?? (b && a && b.plan === a.plan ? b.pricePerHour : undefined);
    return {
      urn: step.urn,
      type: step.type,
      name,
      action: !b ? "create" : !a ? "delete" : step.op === "same" ? "unchanged" : step.op,
      before: b && { ...b, price: monthlyPrice(prices, b.plan, b.pricePerHour) },
      after: a && { ...a, pricePerHour: aHourly, price: monthlyPrice(prices, a.plan, aHourly) },
    };
  });
}
