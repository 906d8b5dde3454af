// The support of the regression tests of what the model found (found-*.test.ts): each replays
// one shrunk sequence of steps, as fast-check printed it, against a model simulator of one shape
// (started once per describe), then the teardown; `holds` rejects with the first violation.
import type { TestShape, TestSimulator } from "../../../helpers/simulator";
import type { Cmd } from "./commands";
import { replay, startModelSimulator } from "./run";

export function describeFound(title: string, shape: TestShape, body: (sim: () => TestSimulator) => void): void {
  describe(`${title}, shape ${shape}`, function () {
    this.timeout(60_000);
    let sim: TestSimulator | undefined;
    before(async () => {
      sim = await startModelSimulator(shape);
    });
    after(() => sim?.close());
    body(() => sim!);
  });
}

/** Plays `steps` and the teardown; every invariant must hold. */
export async function holds(sim: TestSimulator, steps: Cmd[]): Promise<void> {
  await replay(sim, steps);
}
