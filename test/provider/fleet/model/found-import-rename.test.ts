// Found by the model: a Fleet imported after a state delete, then renamed by alias. Its label
// template changed in the same `up`, then an `up` of it beside a create of the Fleet `web`
// under another parent, then the teardown's destroy; or, imported over a replacement killed in
// its create, renamed, then recovered.
import { SHAPES } from "../../../helpers/simulator";
import { RenameStep, ReimportStep, ReplaceStep, TogetherStep, UpStep } from "./commands";
import { describeFound, holds } from "./found";

for (const shape of SHAPES) {
  describeFound("found by the model: an imported Fleet renamed by alias", shape, (sim) => {
    it("its destroy deletes the servers it imported", async () => {
      await holds(sim(), [new UpStep("main", null, null), new ReimportStep("main"), new RenameStep(), new TogetherStep("main")]);
    });
    // Seed 7002, shape B: the killed create's untagged servers carry the pending label of the
    // first name; the imported instance recorded no tag, so after the rename it listed by the
    // new name's only, and the recovery left them live in no state.
    it("its recovery records a killed replacement's servers made under its first name", async () => {
      await holds(sim(), [
        new UpStep("main", null, null), new ReplaceStep("main", "cbd", { atChange: 1, mode: "kill" }),
        new ReimportStep("main"), new RenameStep(),
      ]);
    });
  });
}
