// Shape B's pending labels (provider/fleet/identity.ts) and whose an untagged server is by its
// label (ownership.ts `whoseUntagged`): an update's names its instance, so two Fleets under one
// tag never take each other's; a create's names none. No release wrote an update's label without
// its instance (builds before 8d7047f did): nothing lists it, and it is nobody's own.
import { expect } from "chai";
import { fleetTagOf, instanceOfPendingLabel, pendingLabelOf, pendingLabelsOf } from "../../../provider/fleet/identity";
import { whoseUntagged } from "../../../provider/fleet/ownership";
import type { Server } from "../../../provider/api/wire/types";

const TAG = fleetTagOf("proj/dev", "web");
const MINE = "fleet-11111111-1111-4111-8111-111111111111";
const OTHER = "fleet-22222222-2222-4222-8222-222222222222";
const IMPORTED = "imported-0123456789abcdef0123456789abcdef";
const untagged = (label: string) => ({ id: "s1", label, tags: [] }) as unknown as Server;

describe("shape B's pending labels: an update's names its instance", () => {
  it("an update's label names the instance; a create's names none", () => {
    expect(pendingLabelOf(TAG, "update", MINE)).to.equal(`hosting-pending:proj/dev/web#${MINE}`);
    expect(pendingLabelOf(TAG, "create")).to.equal("hosting-pending-new:proj/dev/web");
    expect(instanceOfPendingLabel(pendingLabelOf(TAG, "update", MINE))).to.equal(MINE);
    expect(instanceOfPendingLabel(pendingLabelOf(TAG, "update", IMPORTED))).to.equal(IMPORTED);
    expect(instanceOfPendingLabel("hosting-pending:proj/dev/web")).to.equal(undefined);
    expect(instanceOfPendingLabel(pendingLabelOf(TAG, "create"))).to.equal(undefined);
  });

  it("a run lists its instances' update labels and the create's", () => {
    expect(pendingLabelsOf(TAG, [MINE, OTHER])).to.deep.equal([
      `hosting-pending:proj/dev/web#${MINE}`, `hosting-pending:proj/dev/web#${OTHER}`, "hosting-pending-new:proj/dev/web",
    ]);
  });

  it("whose: the named instance's or its import's own, any other instance's another's, a create's interrupted, one naming no instance another's", () => {
    expect(whoseUntagged(untagged(pendingLabelOf(TAG, "update", MINE)), { instance: MINE })).to.equal("own");
    expect(whoseUntagged(untagged(pendingLabelOf(TAG, "update", OTHER)), { instance: MINE })).to.equal("another");
    expect(whoseUntagged(untagged(pendingLabelOf(TAG, "update", OTHER)), { instance: IMPORTED, importedOwners: new Set([OTHER]) })).to.equal("own");
    expect(whoseUntagged(untagged(pendingLabelOf(TAG, "create")), { instance: MINE })).to.equal("interrupted");
    expect(whoseUntagged(untagged("hosting-pending:proj/dev/web"), { instance: MINE })).to.equal("another");
  });
});
