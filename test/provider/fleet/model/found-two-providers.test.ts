// Found by the model: two Fleets `web` of one stack, one at the root and one under another parent
// on an explicit provider of its own (another process), created in the same `up`.
import { SHAPES } from "../../../helpers/simulator";
import { TogetherStep } from "./commands";
import { describeFound, holds } from "./found";

for (const shape of SHAPES) {
  describeFound("found by the model: two same-named Fleets on two providers created at once", shape, (sim) => {
    it("each records servers of its own, and neither re-marks the other's", async () => {
      await holds(sim(), [new TogetherStep("main")]);
    });
  });
}
