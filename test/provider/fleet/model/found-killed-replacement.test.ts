// A Fleet create killed (kill -9) after its end-of-run mark while the stack holds an instance of
// the Fleet, then the recovery. The create is a create-before-delete replacement's (`pulumi up
// --replace`; shape A at the create's fifth change of the table, shape B, a PATCH more per
// member, at its seventh), or a create followed by an `up` before any recovery (seed 9201 of the
// soak). The killed instance's servers mark it live, so the Fleet's own rule cannot tell them from
// a live Fleet's, and the stack holds the Fleet, so no import can take them: hosting-orphans names
// them as a killed create (provider/orphans/killed-creates.ts) that only `--delete` clears, and the
// guide's recovery deletes them after its `up`.
import { SHAPES } from "../../../helpers/simulator";
import { ReplaceStep, UpStep } from "./commands";
import { describeFound, holds } from "./found";

for (const shape of SHAPES) {
  describeFound("a Fleet create killed at its end-of-run mark beside a recorded instance", shape, (sim) => {
    it("a replacement's: the recovery leaves no server of the killed create in no state", async () => {
      await holds(sim(), [new UpStep("main", null, null), new ReplaceStep("main", "cbd", { atChange: shape === "A" ? 5 : 7, mode: "kill" })]);
    });
    it("a create's, then an up before the recovery: the recovery leaves no server of the killed create in no state", async () => {
      await holds(sim(), [new UpStep("main", { kind: "count", group: 0, region: "ewr", n: 1 }, { atChange: shape === "A" ? 3 : 4, mode: "kill" }), new UpStep("main", null, null)]);
    });
  });
}
