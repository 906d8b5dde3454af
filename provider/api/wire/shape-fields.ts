// Which create inputs a deployment's shape can take (protocol/shapes.ts CREATE_FIELDS, from
// the spec's create table). Shape A has no `user_data` or
// `ddos_protection`; shape B has no `hostname` and no `tags` (B's tags go by PATCH right after
// the create: client.ts). An input that cannot be sent is an error, never dropped in silence:
// `check` reports it at preview (provider/server/validate.ts), the client refuses to send it.
import { CREATE_FIELDS, type ApiShape } from "../../../protocol/shapes";

export interface ShapeFieldInputs {
  hostname?: unknown;
  userData?: unknown;
  ddosProtection?: unknown;
}

/** [model input, wire field]; `ddosProtection: false` is what shape A does anyway, so it passes. */
const SHAPE_BOUND: [keyof ShapeFieldInputs, string, (v: unknown) => boolean][] = [
  ["hostname", "hostname", (v) => v !== undefined && v !== ""],
  ["userData", "user_data", (v) => v !== undefined],
  ["ddosProtection", "ddos_protection", (v) => v === true],
];

/** The inputs of `req` that `shape`'s create table cannot carry, each with the sentence to show. */
export function unsendableInputs(req: ShapeFieldInputs, shape: ApiShape): { input: string; reason: string }[] {
  const allowed: readonly string[] = CREATE_FIELDS[shape];
  const other: ApiShape = shape === "A" ? "B" : "A";
  return SHAPE_BOUND.filter(([input, wire, given]) => given(req[input]) && !allowed.includes(wire)).map(([input, wire]) => ({
    input,
    reason:
      `${input} cannot be sent to this deployment: it speaks API shape ${shape}, whose create request has no ${wire} ` +
      `(only shape ${other} takes it); remove ${input}, or point hosting:baseUrl at a shape ${other} deployment`,
  }));
}
