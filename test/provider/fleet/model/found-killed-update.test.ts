// Found by the model: an update that adds members, killed (kill -9) after it made them, then a
// roll with maxSurge 0: the servers the killed update made count as the fleet's members in service,
// and the roll may take out at most maxUnavailable of them at a time.
import { SHAPES } from "../../../helpers/simulator";
import { ReimportStep, TogetherStep, UpStep } from "./commands";
import { describeFound, holds } from "./found";

for (const shape of SHAPES) {
  describeFound("found by the model: a roll after a killed update that added members", shape, (sim) => {
    // Seed 7132 of the soak (shape B, after 9,271 sequences): the killed update made web-sgp-2 and
    // web-sgp-3; the roll to rocky-9 (maxSurge 0, maxUnavailable 1) found them, on the old image,
    // and deleted both at once as servers that fit no member's spec: 3 of 5 in service. Shape A's
    // seventh change comes before both servers are in service.
    it("a roll with maxSurge 0 takes out at most maxUnavailable of the killed update's servers at a time", async () => {
      await holds(sim(), [
        new UpStep("main", null, null),
        new UpStep("main", { kind: "count", group: 0, region: "sgp", n: 3 }, { atChange: 7, mode: "kill" }),
        new UpStep("main", { kind: "replace", group: 0, field: "os", value: "rocky-9", maxSurge: 0, maxUnavailable: 1 }, null),
      ]);
    });
    // Seed 7522 of the soak: a killed update that adds a group, then a state delete and an import
    // of the members the state held, then a roll of that group with maxSurge 0. The killed update's
    // servers carry the former owner's mark, which the import holds: the roll takes them out in its
    // batches, not all at once before them. Shape A's update makes no tag PATCHes: at change 5 it is done.
    for (const atChange of [3, 5]) {
      it(`after an import, a roll with maxSurge 0 takes out at most maxUnavailable of the killed update's servers (killed at change ${atChange})`, async () => {
        await holds(sim(), [
          new TogetherStep("main"), new UpStep("main", { kind: "count", group: 1, region: "ewr", n: 2 }, { atChange, mode: "kill" }),
          new ReimportStep("main"), new UpStep("main", { kind: "replace", group: 1, field: "os", value: "debian-12", maxSurge: 0, maxUnavailable: 1 }, null),
        ]);
      });
    }
  });
}
