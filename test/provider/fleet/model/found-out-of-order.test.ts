// The model: an update that adds members, killed in shape B after one POST that was not its first
// member's (the process sends in a drawn order, processes.ts), then the same update again. A
// member's repeated POST answered with the untagged server another member took over is refused,
// and each member holds its own server. CI's fleet-burst met this under load; these replay it.
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
