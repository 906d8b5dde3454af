// The support of the regression tests of what the model found (found-*.test.ts): each replays
// one shrunk sequence of steps, as fast-check printed it, against a model simulator of each shape
// (started once per file), then the teardown; `replay` rejects with the first violation.
import { SHAPES, type TestShape, type TestSimulator } from "../../../helpers/simulator";
import type { Cmd } from "./commands";
import { replay, startModelSimulator } from "./run";

export function describeFound(title: string, body: (sim: () => TestSimulator, shape: TestShape) => void, shapes: readonly TestShape[] = SHAPES): void {
  for (const shape of shapes) {
    describe(`${title}, shape ${shape}`, function () {
      this.timeout(60_000);
      let sim: TestSimulator | undefined;
      before(async () => {
        sim = await startModelSimulator(shape);
      });
      after(() => sim?.close());
      body(() => sim!, shape);
    });
  }
}

/** Plays `steps` and the teardown; every invariant must hold. */
export async function holds(sim: TestSimulator, steps: Cmd[]): Promise<void> {
  await replay(sim, steps);
}
