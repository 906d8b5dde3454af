// Found by the model: a Fleet imported after a state delete, renamed by alias (its label
// template changed in the same `up`), then an `up` of it beside a create of the Fleet `web`
// under another parent, then the teardown's destroy.
import { SHAPES } from "../../../helpers/simulator";
import { RenameStep, ReimportStep, TogetherStep, UpStep } from "./commands";
import { describeFound, holds } from "./found";

for (const shape of SHAPES) {
  describeFound("found by the model: an imported Fleet renamed by alias", shape, (sim) => {
    it("its destroy deletes the servers it imported", async () => {
      await holds(sim(), [new UpStep("main", null, null), new ReimportStep("main"), new RenameStep(), new TogetherStep("main")]);
    });
  });
}
