// Found by the model: `pulumi up --replace` (create before delete) whose create Ctrl-C cancels at
// its first change of the table (a partial create, recorded; the old instance left for the next
// `up` to delete), then the recovery: a refresh of both instances, then an `up`.
import { SHAPES } from "../../../helpers/simulator";
import { FaultStep, HealthStep, ReplaceStep, TogetherStep, UpStep } from "./commands";
import { describeFound, holds } from "./found";

for (const shape of SHAPES) {
  describeFound("found by the model: a replacement cancelled by Ctrl-C, then the recovery", shape, (sim) => {
    // The old instance's refresh must not take the cancelled replacement's servers for an
    // interrupted run's: the engine recorded them, so the old instance's delete would delete them.
    it("the old instance's refresh and delete leave the servers of the recorded, cancelled replacement", async () => {
      await holds(sim(), [new TogetherStep("main"), new ReplaceStep("main", "cbd", { atChange: 1, mode: "ctrl-c" }), new HealthStep("ubuntu-24.04", "healthy")]);
    });
    // The cancelled create took over a killed run's server (a reclaim, recorded as a leftover
    // until the take-over finishes): its live mark goes on that leftover, so the next
    // replacement's create leaves it to the recorded instance.
    it("a create cancelled in a reclaim marks itself live on the leftover it holds", async () => {
      await holds(sim(), [new UpStep("main", null, null), new ReplaceStep("main", "dbc", { atChange: 1, mode: "kill" }), new UpStep("main", null, { atChange: 1, mode: "ctrl-c" }), new ReplaceStep("main", "cbd", null)]);
    });
    // Shape B: the cancelled create recorded members whose tag PATCH it never sent; it tags them
    // before it returns, so the replacement's create does not take them for an interrupted run's.
    it("a create cancelled at its first POST tags the members it recorded untagged", async () => {
      await holds(sim(), [new UpStep("main", null, { atChange: 1, mode: "ctrl-c" }), new ReplaceStep("main", "cbd", null)]);
    });
    // Seed 7532 of the soak (shape B): with 10% of answers lost, the cancelled create's POST of a
    // member is answered with nothing, so the create never learns of that server, which keeps only
    // the create's pending label; the replacement's create must not take it for a killed create's.
    it("a create cancelled with answers lost, then a cancelled replacement, leaves the first create's servers to it", async () => {
      await holds(sim(), [new FaultStep("lost", 0.1), new UpStep("main", null, { atChange: 2, mode: "ctrl-c" }), new ReplaceStep("main", "cbd", { atChange: 1, mode: "ctrl-c" })]);
    });
  });
}
