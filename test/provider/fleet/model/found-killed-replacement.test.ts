// A create-before-delete replacement (`pulumi up --replace`) whose create is killed (kill -9)
// after its end-of-run mark, then the recovery: shape A at the create's fifth change of the table,
// shape B (a PATCH more per member) at its seventh. The killed instance's servers mark it live, so
// the Fleet's own rule cannot tell them from a live Fleet's, and the stack holds the old instance,
// so no import can take them: hosting-orphans names them as a killed create
// (provider/orphans/killed-creates.ts) that only `--delete` clears, and the guide's recovery
// deletes them after its `up`.
import { SHAPES } from "../../../helpers/simulator";
import { RenameStep, ReplaceStep, TogetherStep, UpStep } from "./commands";
import { describeFound, holds } from "./found";

for (const shape of SHAPES) {
  describeFound("a create-before-delete replacement killed at its end-of-run mark", shape, (sim) => {
    it("the recovery leaves no server of the killed create in no state", async () => {
      await holds(sim(), [new UpStep("main", null, null), new ReplaceStep("main", "cbd", { atChange: shape === "A" ? 5 : 7, mode: "kill" })]);
    });
    // Seed 9401 of the soak (shape A): a roll with maxSurge 0 after the killed replacement (itself
    // killed, then run again by the recovery) made its new servers while the killed create's were
    // still there, 4 servers of the Fleet for a size of 2 + maxSurge 0.
    it("a roll after it stays within size + maxSurge: the killed create's servers go first", async () => {
      await holds(sim(), [
        new TogetherStep("main"), new ReplaceStep("main", "cbd", { atChange: shape === "A" ? 5 : 7, mode: "kill" }),
        new UpStep("main", { kind: "replace", group: 0, field: "plan", value: "vc2-1c-2gb", maxSurge: 0, maxUnavailable: 1 }, { atChange: 1, mode: "kill" }),
      ]);
    });
    it("the next up after it stays within size + maxSurge", async () => {
      await holds(sim(), [
        new UpStep("main", null, null), new ReplaceStep("main", "cbd", { atChange: shape === "A" ? 5 : 7, mode: "kill" }),
        new UpStep("main", { kind: "replace", group: 0, field: "plan", value: "vc2-1c-2gb", maxSurge: 0, maxUnavailable: 1 }, null),
      ]);
    });
    // Seed 9502 of the soak (shape B): the recovery step that ran before the rename's up looked
    // under the new name's tag only, and the killed create's servers, under the first name's,
    // stayed beside the renamed Fleet's next roll.
    it("a rename by alias after it: the killed create's servers under the first name go first too", async () => {
      await holds(sim(), [
        new UpStep("main", null, null), new ReplaceStep("main", "cbd", { atChange: shape === "A" ? 5 : 7, mode: "kill" }), new RenameStep(),
        new UpStep("main", { kind: "count", group: 0, region: "fra", n: 1 }, { atChange: 1, mode: "kill" }),
      ]);
    });
  });
}
