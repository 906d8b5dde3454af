// Found by the model: a create of the Fleet `web` killed right after its POSTs (or after its
// members are made), then a create of the Fleet `web` under another parent (another resource,
// same stack), before or after the recovery's `up` of the first.
import { SHAPES } from "../../../helpers/simulator";
import { RecoverStep, UpStep } from "./commands";
import { describeFound, holds } from "./found";

for (const shape of SHAPES) {
  describeFound("found by the model: a killed create, then a same-named Fleet under another parent", shape, (sim) => {
    it("the other Fleet leaves the killed create's servers to the resource that made them", async () => {
      await holds(sim(), [new UpStep("main", null, { atChange: 1, mode: "kill" }), new UpStep("nested", null, null)]);
    });
    it("the other Fleet leaves the servers of a recovered Fleet (its create took over the killed create's) alone", async () => {
      await holds(sim(), [new UpStep("main", null, { atChange: 3, mode: "kill" }), new RecoverStep(), new UpStep("nested", null, null)]);
    });
  });
}
