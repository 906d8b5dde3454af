// What fast-check draws a sequence's steps from: the slot (mostly the root Fleet `main`), the
// program change before an `up`, the moment of a kill or Ctrl-C, and each family of steps with its
// weight (`up`s after a change dominate; the soak's --without leaves families out).

import * as fc from "fast-check";
import {
  DestroyStep, FaultStep, HealthStep, RecoverStep, ReimportStep, RenameStep, ReplaceStep, TogetherStep, UpStep,
  type Cmd, type FaultKind, type HealthMode,
} from "./commands";
import type { Edit } from "./edits";
import { IMAGES, PLANS, REGIONS, type Slot } from "./program";
import type { Interrupt } from "./world";

const slotArb = fc.oneof({ arbitrary: fc.constant<Slot>("main"), weight: 6 }, { arbitrary: fc.constantFrom<Slot>("nested", "prod", "reuse"), weight: 2 });
const groupArb = fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.constant(1), weight: 1 });
const regionArb = fc.constantFrom(...REGIONS);
const interruptArb: fc.Arbitrary<Interrupt> = fc.record({
  atChange: fc.integer({ min: 1, max: 14 }),
  mode: fc.constantFrom<Interrupt["mode"]>("kill", "kill", "ctrl-c"),
  // Half the interrupted runs send their requests in a drawn order (shrinks to "as made").
  order: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 0x7fffffff })),
});
const rolling = fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 1 })).filter(([s, u]) => s + u >= 1);

export const editArb: fc.Arbitrary<Edit> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("count" as const), group: groupArb, region: regionArb, n: fc.integer({ min: 0, max: 3 }) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant("region" as const), group: groupArb, region: regionArb, add: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("in-place" as const), group: groupArb, variant: fc.integer({ min: 0, max: 2 }) }), weight: 2 },
  {
    arbitrary: fc.tuple(groupArb, fc.boolean(), fc.constantFrom(...IMAGES), fc.constantFrom(...PLANS), rolling).map(([group, os, image, plan, [s, u]]) =>
      ({ kind: "replace" as const, group, field: os ? ("os" as const) : ("plan" as const), value: os ? image : plan, maxSurge: s, maxUnavailable: u })),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant("check" as const), on: fc.boolean() }), weight: 1 },
);

/** The families of steps, by name (the soak's --without leaves some out). */
export const FAMILIES = ["up", "kill", "destroy", "replace", "rename", "import", "together", "faults", "health", "recover"] as const;
export type Family = (typeof FAMILIES)[number];

/** Every step, weighted: mostly `up`s after a change, with the rarer actions among them. */
export function commandArbs(without: readonly Family[] = []): fc.Arbitrary<Cmd>[] {
  const upArb = fc.tuple(slotArb, fc.option(editArb, { nil: null, freq: 5 })).map(([s, e]) => new UpStep(s, e, null));
  const all: Array<[Family, fc.Arbitrary<Cmd>]> = [
    ["up", upArb],
    ["up", upArb],
    ["up", upArb],
    ["up", upArb],
    ["kill", fc.tuple(slotArb, fc.option(editArb, { nil: null, freq: 2 }), interruptArb).map(([s, e, i]) => new UpStep(s, e, i))],
    ["destroy", fc.tuple(slotArb, fc.option(interruptArb, { nil: null, freq: 2 })).map(([s, i]) => new DestroyStep(s, i))],
    ["replace", fc.tuple(slotArb, fc.constantFrom<"cbd" | "dbc">("cbd", "dbc"), fc.option(interruptArb, { nil: null, freq: 2 })).map(([s, o, i]) => new ReplaceStep(s, o, i))],
    ["rename", fc.constant(new RenameStep())],
    ["import", slotArb.map((s) => new ReimportStep(s))],
    ["together", fc.constantFrom<Slot>("main", "prod").map((s) => new TogetherStep(s))],
    ["faults", fc.tuple(fc.constantFrom<FaultKind>("none", "5xx", "reset", "delay", "lost"), fc.constantFrom(0.1, 0.25)).map(([f, r]) => new FaultStep(f, r))],
    ["health", fc.tuple(fc.constantFrom(...IMAGES), fc.constantFrom<HealthMode>("healthy", "never", "after", "flapping")).map(([i, m]) => new HealthStep(i, m))],
    ["recover", fc.constant(new RecoverStep())],
  ];
  return all.filter(([family]) => !without.includes(family)).map(([, arb]) => arb);
}
