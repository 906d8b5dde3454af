// Found by the model: a roll killed (kill -9) at its first change of the table, then an `up` or
// an import. The killed roll leaves one server more than the fleet's members: its first
// replacement (or, with maxUnavailable 1, one member's old server already deleted).
import { SHAPES } from "../../../helpers/simulator";
import { ReimportStep, UpStep } from "./commands";
import { describeFound, holds } from "./found";

for (const shape of SHAPES) {
  describeFound("found by the model: an up or an import after a killed roll", shape, (sim) => {
    // The next update takes the killed roll's server over for its member's replacement; it
    // created its new members first, and held one more than max(size before, size after) +
    // maxSurge 0 until the roll reached that member.
    it("the next update with a new member and maxSurge 0 never holds more than the fleet's size", async () => {
      await holds(sim(), [
        new UpStep("main", null, null),
        new UpStep("main", { kind: "replace", group: 0, field: "plan", value: "vc2-1c-2gb", maxSurge: 1, maxUnavailable: 0 }, { atChange: 1, mode: "kill" }),
        new UpStep("main", { kind: "replace", group: 1, field: "plan", value: "vc2-1c-1gb", maxSurge: 0, maxUnavailable: 1 }, null),
      ]);
    });
    // A member's old server the killed roll deleted is still in the old state's outputs: an
    // import by those ids names it as gone instead of recording it.
    it("an import of the members by id after the killed roll records only servers that exist", async () => {
      await holds(sim(), [
        new UpStep("main", null, null),
        new UpStep("main", { kind: "replace", group: 0, field: "plan", value: "vc2-1c-2gb", maxSurge: 0, maxUnavailable: 1 }, { atChange: 1, mode: "kill" }),
        new ReimportStep("main"),
      ]);
    });
    // Seed 7131 of the soak (shape A, after 6,390 sequences): the roll's new server was POSTed when
    // the kill came; the next `up`'s program is the one the state records, so it shows no change
    // and runs no operation of the Fleet, and the server stays in no state until the guide's
    // recovery (a refresh, then an `up`), which the sequence's end runs.
    it("an up of the program the state records after a killed roll changes nothing; the recovery removes the roll's server", async () => {
      await holds(sim(), [
        new UpStep("main", null, null),
        new UpStep("main", { kind: "replace", group: 0, field: "plan", value: "vc2-1c-2gb", maxSurge: 1, maxUnavailable: 0 }, { atChange: 1, mode: "kill" }),
        new UpStep("main", { kind: "replace", group: 0, field: "plan", value: "vc2-1c-1gb", maxSurge: 1, maxUnavailable: 0 }, null),
      ]);
    });
    // Seed 7181 of the soak (shape A, after 9,822 sequences; its first `up`'s kill came after the
    // create ended): a roll killed after it deleted a member's old server, then an `up` of the
    // program the state records (its kill never lands): it shows no change and runs no operation,
    // so the state still names the deleted server until the guide's recovery, which the
    // sequence's end runs.
    it("an up of the program the state records after a roll killed past a delete changes nothing; the recovery records what exists", async () => {
      await holds(sim(), [
        new UpStep("main", null, null),
        new UpStep("main", { kind: "replace", group: 0, field: "os", value: "debian-12", maxSurge: 1, maxUnavailable: 0 }, { atChange: 3, mode: "kill" }),
        new UpStep("main", { kind: "replace", group: 0, field: "os", value: "ubuntu-24.04", maxSurge: 1, maxUnavailable: 0 }, { atChange: 1, mode: "kill" }),
      ]);
    });
    // Seed 7712 of the soak (shape B, after 3,517 sequences, at d20bfcf): a roll killed at its
    // first change, then an `up` of the same program killed at its third, then the recovery: its
    // update deleted a member's server in service and left 1 of 2 members in service
    // (maxUnavailable 0). The second update had taken the first's untagged server over for
    // web-ewr-1 with no spec mark (a take-over kept the server's own, and it had none), and the
    // recovery's reclaim and in-service.ts need one; a take-over now writes the member's.
    it("the recovery after two killed rolls to one image never holds fewer members in service than size - maxUnavailable", async () => {
      await holds(sim(), [
        new UpStep("main", null, null),
        new UpStep("main", { kind: "replace", group: 0, field: "os", value: "debian-12", maxSurge: 1, maxUnavailable: 0 }, { atChange: 1, mode: "kill" }),
        new UpStep("main", null, { atChange: 3, mode: "kill" }),
      ]);
    });
    // Seed 7062 of the soak (shape B): a roll to another image killed at its fourth change, then a
    // roll back with maxSurge 0: the state recorded a member by a server that did not exist.
    it("a roll back with maxSurge 0 after a killed roll records only servers that exist", async () => {
      await holds(sim(), [
        new UpStep("prod", null, null),
        new UpStep("prod", { kind: "replace", group: 0, field: "os", value: "debian-12", maxSurge: 1, maxUnavailable: 0 }, { atChange: 4, mode: "kill" }),
        new UpStep("prod", { kind: "replace", group: 0, field: "os", value: "ubuntu-24.04", maxSurge: 0, maxUnavailable: 1 }, null),
      ]);
    });
  });
}
