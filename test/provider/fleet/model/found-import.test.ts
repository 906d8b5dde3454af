// Found by the model: `pulumi state delete` of a Fleet, then `pulumi import` of its members by id
// (`web-ewr-1=<id>,web-ewr-2=<id>`), then an `up` that changes it (or at once the recovery's
// refresh and `up`), then the teardown's destroy.
import { SHAPES } from "../../../helpers/simulator";
import { DestroyStep, RecoverStep, ReimportStep, RenameStep, ReplaceStep, UpStep } from "./commands";
import { describeFound, holds } from "./found";

for (const shape of SHAPES) {
  describeFound("found by the model: a Fleet imported after a state delete", shape, (sim) => {
    it("an update that adds a member, then a destroy, deletes the servers it imported", async () => {
      await holds(sim(), [new UpStep("main", null, null), new ReimportStep("main"), new UpStep("main", { kind: "count", group: 1, region: "fra", n: 1 }, null)]);
    });
    it("a roll with maxSurge 0 replaces the servers it imported, never holding more than its size", async () => {
      await holds(sim(), [
        new UpStep("main", null, null), new ReimportStep("main"),
        new UpStep("main", { kind: "replace", group: 0, field: "os", value: "debian-12", maxSurge: 0, maxUnavailable: 1 }, null),
      ]);
    });
    it("a refresh right after the import keeps each member's recorded owner: the next up (new rollout options) and the destroy act on the servers", async () => {
      await holds(sim(), [new UpStep("main", { kind: "replace", group: 0, field: "plan", value: "vc2-1c-1gb", maxSurge: 0, maxUnavailable: 1 }, null), new ReimportStep("main")]);
    });
    // An imported instance records no fleet tag until an update finishes: a killed update's
    // servers carry the tag its URN gives, and the destroy finds them by it.
    it("a destroy after an update killed at its first create leaves no server", async () => {
      await holds(sim(), [new UpStep("main", null, null), new ReimportStep("main"), new UpStep("main", { kind: "count", group: 0, region: "fra", n: 1 }, { atChange: 1, mode: "kill" }), new DestroyStep("main", null)]);
    });
    // Seed 7101 of the soak (shape A): the imported instance's roll, killed after it deleted the
    // member that marked the first instance live, left its other member with the first instance's
    // owner mark, which no server marks live any more; a replacement's create took it for a killed
    // create's and deleted it while the imported instance recorded it.
    it("a replacement after the imported Fleet's killed roll leaves the member it recorded alone", async () => {
      await holds(sim(), [
        new UpStep("main", null, null), new ReimportStep("main"),
        new UpStep("main", { kind: "replace", group: 0, field: "plan", value: "vc2-1c-2gb", maxSurge: 1, maxUnavailable: 0 }, { atChange: 3, mode: "kill" }),
        new ReplaceStep("main", "cbd", null),
      ]);
    });
    // Its first update re-marks the imported members, those marking the first instance live last,
    // before its roll deletes any: killed at any change of either, no member looks like a killed
    // create's to the replacement (ownership.ts no longer compares creation dates).
    for (const [atChange, order] of [[1, 0], [1, 1], [1, 2], [1, 3], [1, 4], [2, 0], [4, 0], [5, 0]]) {
      it(`a replacement after the imported Fleet's update was killed at change ${atChange} (order ${order}) leaves the members it recorded alone`, async () => {
        await holds(sim(), [
          new UpStep("main", null, null), new ReimportStep("main"),
          new UpStep("main", { kind: "replace", group: 0, field: "plan", value: "vc2-1c-2gb", maxSurge: 1, maxUnavailable: 0 }, { atChange, mode: "kill", order }),
          new ReplaceStep("main", "cbd", null),
        ]);
      });
    }
    // Seed 7502 of the soak (shape B, after 2,592 sequences, at ecca530; shape A fails too): a
    // Fleet renamed by alias keeps its first name's tag, and its killed update made a server under
    // it (shape B: that name's pending label) with the owner mark the import then holds. The import
    // after a state delete listed by the tag of the name it is imported under only, so its recovery
    // left that server in no state.
    it("the recovery of an import of a renamed Fleet after its killed update records the update's server", async () => {
      await holds(sim(), [
        new UpStep("main", null, null), new RenameStep(),
        new UpStep("main", { kind: "replace", group: 1, field: "plan", value: "vc2-1c-1gb", maxSurge: 1, maxUnavailable: 0 }, { atChange: 1, mode: "kill" }),
        new ReimportStep("main"), new RecoverStep(),
      ]);
    });
    // The killed update's new server carries the owner mark the import recorded its members with:
    // the imported instance's, as theirs is.
    it("an import after a killed count-up: the recovery takes the killed update's server", async () => {
      await holds(sim(), [new UpStep("main", null, null), new UpStep("main", { kind: "count", group: 0, region: "sgp", n: 1 }, { atChange: 1, mode: "kill" }), new ReimportStep("main")]);
    });
  });
}
