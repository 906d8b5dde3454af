// Runs the Fleet's model: fast-check generates sequences of steps (commands.ts), each played from
// a reset simulator and ended by a recovery and a destroy of everything (`teardown`); the first
// sequence that breaks an invariant is shrunk to the shortest that still does and thrown with
// fast-check's report (its seed and path replay it). `replay` plays one given sequence, as the
// regression tests of what the model found do.

import * as fc from "fast-check";
import { startTestSimulator, KEYS, type TestShape, type TestSimulator } from "../../../helpers/simulator";
import { commandArbs, type Family } from "./arbitraries";
import { teardown, type Cmd } from "./commands";
import { MODEL_KEYS } from "./program";
import { World, type Figures } from "./world";

/** Servers active 60 ms after their create, gone 50 ms after their delete. */
export const MODEL_TIMINGS = { provisionMs: 60, transitionMs: 50 };

export async function startModelSimulator(shape: TestShape): Promise<TestSimulator> {
  return startTestSimulator({
    shape, ...MODEL_TIMINGS, seed: 7,
    keys: [
      { key: KEYS.full, permission: "full", tier: "enterprise" },
      { key: MODEL_KEYS.dev, permission: "full", tier: "enterprise" },
      { key: MODEL_KEYS.nested, permission: "full", tier: "enterprise" },
    ],
  });
}

export interface ModelOptions {
  seed: number;
  /** Sequences to generate. */
  numRuns: number;
  /** Steps per sequence at most. @default 8 */
  maxCommands?: number;
  /** Shrink a failing sequence. @default true */
  shrink?: boolean;
  /** Families of steps left out. @default none */
  without?: readonly Family[];
  /** Hears each finished sequence. */
  onSequence?: (w: World) => void;
}

/** Runs the model on `sim`; resolves with the figures, or rejects with fast-check's report of the shrunk counterexample. */
export async function runModel(sim: TestSimulator, opts: ModelOptions): Promise<Figures> {
  const w = new World(sim);
  w.observer.install();
  try {
    const property = fc.asyncProperty(fc.commands(commandArbs(opts.without), { maxCommands: opts.maxCommands ?? 8, size: "+1" }), async (cmds) => {
      await play(w, cmds);
      opts.onSequence?.(w);
    });
    await fc.assert(property, { seed: opts.seed, numRuns: opts.numRuns, endOnFailure: opts.shrink === false });
    return w.figures;
  } finally {
    w.observer.uninstall();
  }
}

async function play(w: World, cmds: Iterable<Cmd>): Promise<void> {
  await w.begin();
  await fc.asyncModelRun(() => ({ model: w, real: w }), cmds);
  await teardown(w);
}

/** Plays `steps` in order on a reset simulator, then the teardown; rejects with the first violation. */
export async function replay(sim: TestSimulator, steps: Cmd[]): Promise<World> {
  const w = new World(sim);
  w.observer.install();
  try {
    await w.begin();
    for (const step of steps) if (step.check(w)) await step.run(w, w);
    await teardown(w);
    return w;
  } finally {
    w.observer.uninstall();
  }
}
