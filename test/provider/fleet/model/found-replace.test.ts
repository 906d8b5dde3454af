// Found by the model: `pulumi up --replace` (create-before-delete) around a killed run.
import { SHAPES } from "../../../helpers/simulator";
import { DestroyStep, RecoverStep, ReimportStep, RenameStep, ReplaceStep, TogetherStep, UpStep } from "./commands";
import { describeFound, holds } from "./found";

for (const shape of SHAPES) {
  describeFound("found by the model: up --replace around a killed run", shape, (sim) => {
    // The recovery's create takes over both servers of the killed create; its end-of-run mark must
    // land on them as they are after the take-over, so the replacement sees a live instance.
    it("a replacement of a Fleet whose create took over a killed create's tagged servers leaves the old instance's servers alone", async () => {
      await holds(sim(), [new UpStep("main", null, { atChange: 3, mode: "kill" }), new RecoverStep(), new ReplaceStep("main", "cbd", null)]);
    });
    // The recovery's refresh reads the old instance, which still holds the state: the killed
    // replacement's servers carry the resource's fleet tag and an instance mark no server marks live.
    it("a replacement killed in its create leaves no server in no state after the recovery", async () => {
      await holds(sim(), [new UpStep("main", null, null), new ReplaceStep("main", "cbd", { atChange: 1, mode: "kill" })]);
    });
    // An imported instance's refresh lists by the tag its import recorded (its URN's then), as
    // its update does.
    it("a replacement of an imported Fleet killed in its create leaves no server in no state after the recovery", async () => {
      await holds(sim(), [new UpStep("main", null, null), new ReimportStep("main"), new ReplaceStep("main", "cbd", { atChange: 1, mode: "kill" })]);
    });
    // A Fleet renamed by alias keeps its fleet tag; its replacement's create tags by the new name,
    // so the old instance's refresh lists both.
    it("a replacement of a renamed Fleet killed in its create leaves no server in no state after the recovery", async () => {
      await holds(sim(), [new UpStep("main", null, null), new RenameStep(), new ReplaceStep("main", "cbd", { atChange: 1, mode: "kill" })]);
    });
    // Shape B: the killed replacement's first server is untagged; the old instance's destroy
    // deletes the servers with the resource's pending label too.
    it("a destroy after a replacement killed in its create leaves no server", async () => {
      await holds(sim(), [new UpStep("main", null, null), new ReplaceStep("main", "cbd", { atChange: 1, mode: "kill" }), new DestroyStep("main", null)]);
    });
    // Shape B: the old instance's next roll kept the killed replacement's untagged servers until
    // after its members' POSTs (their keys may be answered with them), so with them it held more
    // than size + maxSurge for a while; one that fits no spec the roll POSTs now goes first.
    it("a roll after a replacement killed in its create holds at most size + maxSurge", async () => {
      await holds(sim(), [
        new UpStep("main", null, null), new ReplaceStep("main", "cbd", { atChange: 1, mode: "kill" }),
        new UpStep("main", { kind: "replace", group: 0, field: "plan", value: "vc2-1c-2gb", maxSurge: 1, maxUnavailable: 0 }, null),
      ]);
    });
    // Seeds 7012 and 7022 of the soak (shape B): the same with maxSurge 0, a roll of the group
    // the killed replacement made servers for, or a new group beside them.
    it("a roll with maxSurge 0 after a replacement killed in its create holds at most the size", async () => {
      await holds(sim(), [
        new UpStep("main", null, null), new ReplaceStep("main", "cbd", { atChange: 1, mode: "kill" }),
        new UpStep("main", { kind: "replace", group: 0, field: "plan", value: "vc2-1c-2gb", maxSurge: 0, maxUnavailable: 1 }, null),
      ]);
    });
    it("a new group with maxSurge 0 after a replacement killed in its create holds at most the size", async () => {
      await holds(sim(), [
        new UpStep("main", { kind: "count", group: 0, region: "ewr", n: 1 }, null), new ReplaceStep("main", "cbd", { atChange: 1, mode: "kill" }),
        new UpStep("main", { kind: "replace", group: 1, field: "plan", value: "vc2-1c-1gb", maxSurge: 0, maxUnavailable: 1 }, null),
      ]);
    });
    // Seed 7052 of the soak (shape B): an update killed at its first POST (a new group, maxSurge 0)
    // left an untagged server that the old instance's refresh records as a leftover; the
    // replacement's create took it as its own killed run's while the old instance held it.
    it("a replacement after an update killed at its first POST leaves the old instance's untagged server alone", async () => {
      await holds(sim(), [
        new UpStep("main", null, null),
        new UpStep("main", { kind: "replace", group: 1, field: "plan", value: "vc2-1c-1gb", maxSurge: 0, maxUnavailable: 1 }, { atChange: 1, mode: "kill" }),
        new ReplaceStep("main", "cbd", null),
      ]);
    });
    // Seeds 7081 (shape A) and 7082 (shape B) of the soak: a replacement killed at its first POST,
    // then another replacement: its create left the killed one's servers to the live old instance
    // and held them beside its own, more than its size + maxSurge, until the old instance's delete.
    // A create now takes a killed create's servers (shape B: by the create's own pending label),
    // and a refresh records them apart from its leftovers, so no two states record one.
    it("a replacement after a replacement killed at its first POST holds at most size + maxSurge", async () => {
      await holds(sim(), [new UpStep("main", null, null), new ReplaceStep("main", "cbd", { atChange: 1, mode: "kill" }), new ReplaceStep("main", "cbd", null)]);
    });
    // Seed 7072 of the soak (shape B; shape A too): a replacement cancelled (Ctrl-C) in its create,
    // then one delete-before-create killed in its create; the first instance's refresh recorded the
    // killed create's servers as its leftovers and the recovery's create took them as an
    // interrupted run's: two states recorded them. A refresh now records them apart, so the
    // create takes them and the first instance's delete leaves them.
    it("a recovery after a cancelled, then a killed, replacement records no server in two states", async () => {
      await holds(sim(), [
        new TogetherStep("main"), new ReplaceStep("main", "cbd", { atChange: 1, mode: "ctrl-c" }), new ReplaceStep("main", "dbc", { atChange: 3, mode: "kill" }),
      ]);
    });
    // Seed 6001 of the soak (shape A): the old instance's refresh records the killed create's
    // server as a leftover with that create's owner mark (a refresh writes nothing: a Read key
    // refreshes), and the next create took it for an interrupted run's before the old instance's
    // delete ran: two states recorded it. Fixed as the case above.
    it("a create after a cancelled, then a killed, replacement (one region fewer) records no server in two states", async () => {
      await holds(sim(), [
        new UpStep("main", { kind: "region", group: 0, region: "sgp", add: false }, null),
        new ReplaceStep("main", "cbd", { atChange: 1, mode: "ctrl-c" }), new ReplaceStep("main", "dbc", { atChange: 1, mode: "kill" }),
      ]);
    });
  });
}
