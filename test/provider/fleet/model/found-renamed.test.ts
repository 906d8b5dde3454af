// Found by the model: a Fleet renamed by alias (`web` -> `web-blue`) keeps the fleet tag of its
// first name, and a new Fleet `web` (the reuse slot) carries the same tag; a killed create of
// either leaves servers that only one of them may take. The renamed Fleet takes a killed create's
// servers only under the names it runs under and last ran under (unrecorded.ts `interruptedTags`).
import { SHAPES } from "../../../helpers/simulator";
import { DestroyStep, FaultStep, RecoverStep, RenameStep, ReplaceStep, TogetherStep, UpStep } from "./commands";
import { describeFound, holds } from "./found";

for (const shape of SHAPES) {
  describeFound("found by the model: a renamed Fleet and the reuse of its first name", shape, (sim) => {
    // The servers of a killed create of the new `web` carry the old tag, and nothing on them
    // tells them from the renamed Fleet's own killed run's (the cases below): the renamed
    // Fleet's delete (the engine's, after its replacement) took them, and `web`'s recovery made
    // its members again. Its update under the new name took what its own runs had left there.
    it("the renamed Fleet's delete leaves a killed create of the new `web` alone", async () => {
      await holds(sim(), [new UpStep("main", null, null), new RenameStep(), new UpStep("reuse", null, { atChange: 1, mode: "kill" }), new ReplaceStep("main", "cbd", null)]);
    });
    // Seed 7092 of the soak (shape B; shape A fails too): the same, found by the guide's recovery:
    // the renamed Fleet's refresh finds the killed create's servers under its kept tag and its
    // update deleted them; `web`'s recovery made its members again.
    it("the renamed Fleet's recovery leaves a killed create of the new `web` alone", async () => {
      await holds(sim(), [new UpStep("main", null, null), new RenameStep(), new UpStep("reuse", null, { atChange: 1, mode: "kill" }), new RecoverStep()]);
    });
    // Seed 7102 of the soak (shape B): the new `web`'s create, cancelled by Ctrl-C (answers delayed),
    // records a member it could not tag; the renamed Fleet's recovery found it by the create's
    // pending label under its kept tag and deleted it. The renamed Fleet's update after its rename
    // has taken what its own runs left under the name it left: nothing else there is its own.
    it("the renamed Fleet's recovery leaves the untagged member a cancelled create of the new `web` recorded", async () => {
      await holds(sim(), [new FaultStep("delay", 0.25), new TogetherStep("main"), new RenameStep(), new UpStep("reuse", null, { atChange: 1, mode: "ctrl-c" })]);
    });
    // Seed 7032 (shape B; shape A failed too): renamed back to its first name after a replacement
    // killed under the second, the Fleet listed by its kept tag and its current name's, both the
    // first name's, and the killed create's servers, marked by the second name, stayed in no
    // state. The state now keeps the tags of the other names it was updated under.
    it("a rename back after a replacement killed under the second name leaves no server in no state", async () => {
      await holds(sim(), [new UpStep("main", null, null), new RenameStep(), new ReplaceStep("main", "cbd", { atChange: 1, mode: "kill" }), new RenameStep()]);
    });
    // Its replacement's create tags by the new name: a destroy after that create was killed finds them.
    it("a destroy of the renamed Fleet after its replacement was killed leaves no server", async () => {
      await holds(sim(), [new UpStep("main", null, null), new RenameStep(), new ReplaceStep("main", "cbd", { atChange: 1, mode: "kill" }), new DestroyStep("main", null)]);
    });
    // The renamed Fleet's update lists by its new name's tag too: the killed replacement's
    // servers count against the surge bound and are taken or deleted before it creates.
    it("an update of the renamed Fleet after its replacement was killed holds at most size + maxSurge", async () => {
      await holds(sim(), [
        new UpStep("main", null, null), new RenameStep(), new ReplaceStep("main", "cbd", { atChange: 1, mode: "kill" }),
        new UpStep("main", { kind: "count", group: 1, region: "ewr", n: 1 }, null),
      ]);
    });
    // Shape B: a killed update's untagged server carries the kept tag's pending label and no owner;
    // the rename's update takes it: its label names the instance.
    it("the rename's update takes what a killed count-up left untagged", async () => {
      await holds(sim(), [new UpStep("main", null, null), new UpStep("main", { kind: "count", group: 0, region: "ewr", n: 3 }, { atChange: 1, mode: "kill" }), new RenameStep()]);
    });
    // Seed 7171 of the soak (shape A; shape B too): after a killed create of the new `web`, the
    // renamed Fleet's update adds a group, whose server carries the kept tag and the renamed Fleet's
    // live mark. The recovery's create of `web` takes the killed create's servers by their marks
    // (ownership.ts `createMayTake`): it holds its 2 members, not 4 above size 2 + maxSurge 1.
    it("the new `web`'s recovery after the renamed Fleet added a group holds at most size + maxSurge", async () => {
      await holds(sim(), [
        new UpStep("main", null, null), new RenameStep(), new UpStep("reuse", null, { atChange: 1, mode: "kill" }),
        new UpStep("main", { kind: "in-place", group: 1, variant: 0 }, null),
      ]);
    });
    it("a rename after a replacement killed in its create: the recovery takes what the replacement left", async () => {
      await holds(sim(), [new UpStep("main", null, null), new ReplaceStep("main", "cbd", { atChange: 1, mode: "kill" }), new RenameStep()]);
    });
    // Shape B: the renamed Fleet's killed count-up leaves a server untagged with an update's pending
    // label, and the new `web` runs under the same tag (or the other way round): each one's update
    // takes only what its own instance's runs left.
    for (const [killed, other] of [["main", "reuse"], ["reuse", "main"]] as const) {
      it(`an update of ${other} leaves the untagged server of ${killed}'s killed count-up to ${killed}`, async () => {
        await holds(sim(), [
          new UpStep("main", null, null), new RenameStep(), new UpStep("reuse", null, null),
          new UpStep(killed, { kind: "count", group: 0, region: "ewr", n: 3 }, { atChange: 1, mode: "kill" }),
          new UpStep(other, { kind: "count", group: 0, region: "ewr", n: 3 }, null), new RecoverStep(),
        ]);
      });
    }
  });
}
