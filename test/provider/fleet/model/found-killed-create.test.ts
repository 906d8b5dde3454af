// Found by the model: a create killed (kill -9) at its seventh change of the table, then the
// recovery. With 3 members in shape A and 2 in shape B that change is the run's first end-of-run
// mark (every member made, one marked live): its servers look like a live instance's, so the
// recovery's create alone would make every member again and leave them in no state. The guide's
// recovery imports them first, by the instance hosting-orphans names as a killed create
// (provider/orphans/killed-creates.ts), and its `up` makes nothing. The soak's seeds 9301 (shape A)
// and 9302 (shape B) found the same with an `up` of the slot as the next step: the model runs the
// guide's import before the next `up` after a killed create, as the CLI sends a user to the recovery.
import { SHAPES } from "../../../helpers/simulator";
import { UpStep } from "./commands";
import type { Edit } from "./edits";
import { describeFound, holds } from "./found";

for (const shape of SHAPES) {
  describeFound("found by the model: a create killed at its end-of-run marks", shape, (sim) => {
    it("the recovery keeps what the killed create made: the import hosting-orphans names, then the up (3 members)", async () => {
      await holds(sim(), [new UpStep("main", { kind: "count", group: 0, region: "fra", n: 1 }, { atChange: 7, mode: "kill" })]);
    });
    it("the recovery keeps what the killed create made: the import hosting-orphans names, then the up (2 members)", async () => {
      await holds(sim(), [new UpStep("main", null, { atChange: 7, mode: "kill" })]);
    });
    it("the next up after a create killed at its last mark imports what it made first, and stays within size + maxSurge", async () => {
      const edit: Edit | null = shape === "A" ? null : { kind: "replace", group: 1, field: "plan", value: "vc2-1c-1gb", maxSurge: 0, maxUnavailable: 1 };
      await holds(sim(), [new UpStep("main", edit, { atChange: shape === "A" ? 5 : 10, mode: "kill" }), new UpStep("main", null, null)]);
    });
  });
}
