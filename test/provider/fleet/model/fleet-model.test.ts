// The Fleet's model-based test in the unit lane: a fixed seed's sequences (commands.ts) against
// the simulator of each shape, every invariant of observer.ts and invariants.ts checked after
// each step and at every change of the simulator's table. `npm run soak:fleet-model` runs
// many more sequences with any seed.
import { expect } from "chai";
import { SHAPES } from "../../../helpers/simulator";
import { runModel, startModelSimulator } from "./run";

/** The fixed run: seed and sequences per shape. */
export const FIXED = { seed: 20261129, numRuns: 6, maxCommands: 8 };

for (const shape of SHAPES) {
  describe(`Fleet model-based test, shape ${shape}`, function () {
    this.timeout(150_000);
    it(`${FIXED.numRuns} sequences of seed ${FIXED.seed} keep every invariant`, async () => {
      const sim = await startModelSimulator(shape);
      try {
        const figures = await runModel(sim, FIXED);
        expect(figures.sequences).to.be.at.least(FIXED.numRuns);
      } finally {
        await sim.close();
      }
    });
  });
}
