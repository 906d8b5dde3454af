// Found by the model: a create cancelled by Ctrl-C (a partial create, recorded), then a plain `up`
// of the same program. Where the Ctrl-C lands differs by shape: shape A's at the first member
// becoming active (the other still pending), shape B's right after the first POST (no tags yet).
import { UpStep } from "./commands";
import { describeFound, holds } from "./found";

describeFound("found by the model: an up after a create cancelled by Ctrl-C while its members provision", (sim) => {
  // fails today: the next up's diff finds no change, so nothing waits for the members: the state keeps web-ewr-2 `pending` while it is active (and never re-probes health); the lead fixes it
  it.skip("waits for the members the cancelled create recorded and records them as they are", async () => {
    await holds(sim(), [new UpStep("main", null, { atChange: 3, mode: "ctrl-c" }), new UpStep("main", null, null)]);
  });
}, ["A"]);

describeFound("found by the model: an up after a create cancelled by Ctrl-C after its first POST", (sim) => {
  // fails today: the cancelled create recorded no member; the update POSTs 2 new servers while the 2 untagged ones exist (4 servers, size 2 + maxSurge 1), then deletes those; the lead fixes it
  it.skip("takes over the servers the cancelled create POSTed: never more than size + maxSurge servers", async () => {
    await holds(sim(), [new UpStep("main", null, { atChange: 1, mode: "ctrl-c" }), new UpStep("main", null, null)]);
  });
}, ["B"]);
