// Found by the model: an update whose first change of the table is a DELETE (a count-down, or a
// roll's old server), cancelled by Ctrl-C right then: the API did the DELETE before the engine's
// Cancel ended the wait for the server to be gone, or before the retry of a DELETE whose answer
// was lost.
import { SHAPES } from "../../../helpers/simulator";
import { FaultStep, UpStep } from "./commands";
import { describeFound, holds } from "./found";

for (const shape of SHAPES) {
  describeFound("found by the model: a DELETE the API accepted, then Ctrl-C", shape, (sim) => {
    // A server whose DELETE the API accepted is gone from the state, not recorded as existing.
    it("a count-down cancelled at its DELETE records no deleted server", async () => {
      await holds(sim(), [new UpStep("main", { kind: "count", group: 0, region: "ewr", n: 1 }, null), new UpStep("main", { kind: "count", group: 0, region: "ewr", n: 0 }, { atChange: 1, mode: "ctrl-c" })]);
    });
    // Seed 7802 of the soak (shape B, after 1,646 sequences, at 3738fd4): the API did the DELETE
    // and held its answer past the client's time-out (the delay fault); the Ctrl-C came before the
    // retry, so the state recorded web-ewr-1 as a server that no longer existed. Fails in both shapes.
    it("a count-down cancelled after its DELETE's answer was lost records no deleted server", async () => {
      await holds(sim(), [new FaultStep("delay", 0.25), new UpStep("main", null, null), new UpStep("main", { kind: "count", group: 0, region: "ewr", n: 0 }, { atChange: 1, mode: "ctrl-c" })]);
    });
    it("a roll cancelled at an old server's DELETE records no deleted server", async () => {
      await holds(sim(), [new UpStep("main", null, null), new UpStep("main", { kind: "replace", group: 0, field: "plan", value: "vc2-1c-2gb", maxSurge: 1, maxUnavailable: 0 }, { atChange: 7, mode: "ctrl-c" })]);
    });
  });
}
