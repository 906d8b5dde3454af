// The pending labels a Fleet's create and update list, against the simulator: in shape B an update
// lists its own instance's label and the create's, and a create lists the create's only (no
// update of its new instance has run to POST under one); in shape A, none.
import { expect } from "chai";
import * as fleetTyped from "../../../provider/fleet/provider";
import { fleetTagOf, instanceOf, instanceOfPendingLabel, pendingLabelOf } from "../../../provider/fleet/identity";
import type { OperationContext } from "../../../provider/core/context";
import type { HostingApi } from "../../../provider/api/wire/types";
import { loose } from "../../helpers/loose-provider";
import { recentWarnings, testContext, withApi } from "../../helpers/test-process";
import { recordUnanswered } from "../../../provider/fleet/untagged";
import { describeProviderShapes } from "../harness";

const fleet = loose(fleetTyped);
type Props = Record<string, any>;

const TAG = fleetTagOf("proj/dev", "web");
const NEWS: Props = {
  __provider: "SHELL", defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04" }, groups: [{ name: "web", regions: ["ewr"], count: 1 }],
};

/** The context of the Fleet `web` of stack proj/dev, and the label of each list call it makes (`fail`: each such call fails). */
function listing(fail = false): { ctx: OperationContext; labels: string[] } {
  const ctx = testContext({ name: "web", project: "proj", stack: "dev" });
  const labels: string[] = [];
  const listAllServers: HostingApi["listAllServers"] = (filter, opts) => {
    if (filter?.label) labels.push(filter.label);
    if (filter?.label && fail) return Promise.reject(new Error("HTTP 503"));
    return ctx.api.listAllServers(filter, opts);
  };
  return { ctx: withApi(ctx, { listAllServers }), labels };
}

describeProviderShapes((shape) => `the pending labels a Fleet's runs list, shape ${shape}`, (_sim, shape) => {
  /** What `labels` should be in shape B: none in shape A, whose servers are tagged when created. */
  const inShape = (labels: string[]) => (shape === "B" ? labels.sort() : []);

  it("a create lists (shape B) the create's label, no instance's", async () => {
    const { ctx, labels } = listing();
    const inputs = (await fleet.check({}, NEWS, ctx)).inputs as Props;
    await fleet.create(inputs, ctx);
    expect(labels.filter((l) => instanceOfPendingLabel(l) !== undefined), "an instance's update label").to.deep.equal([]);
    expect([...new Set(labels)].sort()).to.deep.equal(inShape([pendingLabelOf(TAG, "create")]));
  });

  it("an update lists (shape B) its own instance's label and the create's", async () => {
    const first = listing();
    const inputs = (await fleet.check({}, NEWS, first.ctx)).inputs as Props;
    const made = await fleet.create(inputs, first.ctx);
    const { ctx, labels } = listing();
    const grown = (await fleet.check(inputs, { ...NEWS, groups: [{ name: "web", regions: ["ewr"], count: 2 }] }, ctx)).inputs as Props;
    await fleet.update(made.id, made.outs, grown, ctx);
    expect([...new Set(labels)].sort()).to.deep.equal(
      inShape([pendingLabelOf(TAG, "update", instanceOf(made.id)), pendingLabelOf(TAG, "create")]),
    );
  });

  it("a failed create whose list of its label fails warns naming the label (shape B)", async () => {
    const { ctx, labels } = listing(true);
    const before = recentWarnings().length;
    await recordUnanswered(ctx, TAG, { members: {}, leftovers: {} }, undefined);
    const warned = recentWarnings().slice(before);
    expect(labels).to.deep.equal(inShape([pendingLabelOf(TAG, "create")]));
    if (shape === "B") expect(warned.join("\n")).to.include(`"${pendingLabelOf(TAG, "create")}"`).and.include("HTTP 503");
    else expect(warned).to.deep.equal([]);
  });
});
