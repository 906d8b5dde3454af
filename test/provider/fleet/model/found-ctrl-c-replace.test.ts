// Found by the model: `pulumi up --replace` (create before delete) whose create Ctrl-C cancels at
// its first change of the table (a partial create, recorded; the old instance left for the next
// `up` to delete), then the recovery: a refresh of both instances, then an `up`.
import { SHAPES } from "../../../helpers/simulator";
import { HealthStep, ReplaceStep, TogetherStep } from "./commands";
import { describeFound, holds } from "./found";

for (const shape of SHAPES) {
  describeFound("found by the model: a replacement cancelled by Ctrl-C, then the recovery", shape, (sim) => {
    // The old instance's refresh must not take the cancelled replacement's servers for an
    // interrupted run's: the engine recorded them, so the old instance's delete would delete them.
    it("the old instance's refresh and delete leave the servers of the recorded, cancelled replacement", async () => {
      await holds(sim(), [new TogetherStep("main"), new ReplaceStep("main", "cbd", { atChange: 1, mode: "ctrl-c" }), new HealthStep("ubuntu-24.04", "healthy")]);
    });
  });
}
