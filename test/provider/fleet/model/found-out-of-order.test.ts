// The model's replay of CI's fleet-burst failure at dfa5fd6: an update that adds members, killed
// in shape B after one POST that was not its first member's (the process sends in a drawn order,
// processes.ts), then the same update again. Before ee43adc the untagged server went to the first
// member in need, by fit, and the member it was made for repeated its POST's key and was answered
// with it: one server recorded twice (order seeds 1, 2, 3, 5, 7 and 8 in shape B). Written from
// the CI failure, not found by a soak: the model's runs sent every request at once until then.
import { SHAPES } from "../../../helpers/simulator";
import { UpStep } from "./commands";
import { describeFound, holds } from "./found";

for (const shape of SHAPES) {
  describeFound("the model: a killed update whose POSTs reached the API out of order", shape, (sim) => {
    for (const order of [1, 2, 3, 4, 5, 6, 7, 8]) {
      it(`order seed ${order}: the next up holds one server per member`, async () => {
        await holds(sim(), [
          new UpStep("main", null, null),
          new UpStep("main", { kind: "count", group: 0, region: "sgp", n: 3 }, { atChange: 1, mode: "kill", order }),
          new UpStep("main", null, null),
        ]);
      });
    }
  });
}
