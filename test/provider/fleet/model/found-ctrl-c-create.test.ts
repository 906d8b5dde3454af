// Found by the model: a create cancelled by Ctrl-C (a partial create, recorded), then a plain `up`
// of the same program. The n-th change of the table is another moment in each shape: shape A's
// creates carry their tags, so its third change is the first member becoming active; shape B's
// first change is the first POST, its tags not set yet.
import { SHAPES } from "../../../helpers/simulator";
import { UpStep } from "./commands";
import { describeFound, holds } from "./found";

for (const shape of SHAPES) {
  describeFound("found by the model: an up after a create cancelled by Ctrl-C while its members provision", shape, (sim) => {
    // Members the cancelled create recorded while they provisioned: the next up's plan waits for them.
    it("waits for the members the cancelled create recorded and records them as they are (Ctrl-C at change 3)", async () => {
      await holds(sim(), [new UpStep("main", null, { atChange: 3, mode: "ctrl-c" }), new UpStep("main", null, null)]);
    });
    // In shape B the cancelled create recorded no member; the update takes its untagged servers over.
    it("takes over the servers the cancelled create POSTed: never more than size + maxSurge servers (Ctrl-C at change 1)", async () => {
      await holds(sim(), [new UpStep("main", null, { atChange: 1, mode: "ctrl-c" }), new UpStep("main", null, null)]);
    });
  });
}
