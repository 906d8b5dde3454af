// Found by the model: a create whose members never pass their health check, then a roll to another
// image with maxSurge 0, killed at its first change of the table: the fleet may hold no more than
// its size.
import { SHAPES } from "../../../helpers/simulator";
import { HealthStep, UpStep } from "./commands";
import { describeFound, holds } from "./found";

for (const shape of SHAPES) {
  describeFound("found by the model: a roll with maxSurge 0 after a create that failed its checks", shape, (sim) => {
    // Seed 7151 of the soak (shape A, after 534 sequences, at 40ffa93): both members fail their
    // check, so they count against maxUnavailable 1 and the roll took no old server out first; with
    // maxSurge 0 it created a third server. Fails before 40ffa93 too.
    it("never holds more servers than the fleet's size", async () => {
      await holds(sim(), [
        new HealthStep("ubuntu-24.04", "never"),
        new UpStep("main", { kind: "check", on: true }, null),
        new UpStep("main", { kind: "replace", group: 0, field: "os", value: "debian-12", maxSurge: 0, maxUnavailable: 1 }, { atChange: 1, mode: "kill" }),
      ]);
    });
  });
}
