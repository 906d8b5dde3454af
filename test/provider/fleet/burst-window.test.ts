// The window between a member's POST and the PATCH that tags it (shape B: the create takes no
// tags), against the simulator, both shapes. What a run killed in that window leaves is a server
// with no tags at all; the label its POST carried (identity.ts, the pending label) is what the
// next run finds it by. A killed run is played by seeding the servers it would have left; the
// e2e suite (fleet-burst) kills the real CLI in that window under the default rate limit.
// An update's member creates carry a deterministic Idempotency-Key; a key whose answer names a
// server deleted since (the next run deletes what a killed run left) is met with the next attempt's key.
import { expect } from "chai";
import * as fleetTyped from "../../../provider/fleet/provider";
import { fleetTagOf, instanceOf, memberIdempotencyKey, pendingLabelOf } from "../../../provider/fleet/identity";
import { countRequests, describeProviderShapes, testApi } from "../harness";
import { loose } from "../../helpers/loose-provider";
import { testContext } from "../../helpers/test-process";

const fleet = loose(fleetTyped);
type Props = Record<string, any>;

const TAG = fleetTagOf("proj/dev", "web");
/** The labels a member's POST carries until its tags are set (identity.ts), spelled out: a create's, and an update's of `id`. */
const CREATE_LABEL = "hosting-pending-new:proj/dev/web";
const updateLabel = (id: string) => `hosting-pending:proj/dev/web#${instanceOf(id)}`;
const news = (count: number): Props => ({
  __provider: "SHELL", defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04" }, groups: [{ name: "web", regions: ["ewr"], count }],
});
const web = () => testContext({ name: "web", project: "proj", stack: "dev" });

describeProviderShapes((shape) => `Fleet: the window between a member's POST and its tags, shape ${shape}`, (sim, shape) => {
  const checked = async (n: Props, olds: Props = {}): Promise<Props> => (await fleet.check(olds, n, web())).inputs as Props;
  /** A server a killed run POSTed and never tagged: its pending label (a create's unless `label`), no tags. */
  const untagged = (label = CREATE_LABEL) => sim.seedServer({ label, region: "ewr", ...(shape === "A" ? { os_id: 2284 } : { os: "ubuntu-24.04" }), tags: [] });
  const live = async () => (await sim.liveServers()).map((s: any) => s.id).sort();

  // Shape A's create takes tags: no run leaves a server untagged there, and no run looks for one,
  // so these cases exist in shape B alone (not registered in shape A rather than reported pending).
  const shapeB = (title: string, body: () => Promise<void>): void => {
    if (shape === "B") it(title, body);
  };

  shapeB("a create after a create killed before any member was tagged takes over every untagged server it left: no POST, no DELETE", async () => {
    const left = [await untagged(), await untagged(), await untagged()];
    await sim.resetStats();
    const { outs } = await fleet.create(await checked(news(3)), web());
    const members = Object.values(outs.members).map((m: any) => m.id).sort();
    expect(members, "the killed run's servers are the members").to.deep.equal([...left].sort());
    expect(await live()).to.deep.equal(members);
    expect(countRequests(await sim.stats(), "POST /v1/servers")).to.equal(0);
    expect(countRequests(await sim.stats(), "DELETE /v1/servers/:id")).to.equal(0);
    expect(Object.values(outs.members).map((m: any) => m.label).sort()).to.deep.equal(["web-ewr-1", "web-ewr-2", "web-ewr-3"]);
    for (const id of members) expect((await testApi().getServer(id))!.tags, "each taken over is marked as the member").to.include(TAG);
  });

  shapeB("an untagged server is not taken for a member whose spec sets a field the API never shows (DDoS protection): deleted, the member made anew", async () => {
    const left = await untagged();
    const protectedOnes = { ...news(1), defaults: { ...news(1).defaults, ddosProtection: true } };
    const { outs } = await fleet.create(await checked(protectedOnes), web());
    expect(Object.values(outs.members).map((m: any) => m.id)).to.not.include(left);
    expect(await live()).to.deep.equal(Object.values(outs.members).map((m: any) => m.id).sort());
  });

  shapeB("an update after an update killed in that window takes the untagged server over as the new member: no second server", async () => {
    const inputs = await checked(news(1));
    const { id, outs } = await fleet.create(inputs, web());
    const left = await untagged(updateLabel(id));
    await sim.resetStats();
    const { outs: after } = await fleet.update(id, outs, await checked(news(2), inputs), web());
    expect(after.members["web-ewr-2"].id).to.equal(left);
    expect(await live()).to.deep.equal(Object.values(after.members).map((m: any) => m.id).sort());
    expect(countRequests(await sim.stats(), "POST /v1/servers")).to.equal(0);
  });

  shapeB("an update after an update killed in that window takes the untagged server its member's repeated POST is answered with: no second server", async () => {
    const inputs = await checked(news(1));
    const { id, outs } = await fleet.create(inputs, web());
    const two = await checked(news(2), inputs);
    // The killed update: web-ewr-2's POST went out (its key: this fleet, member, generation and
    // spec) and its tags never did; played by that update run to the end, then its server put
    // back as it was before the PATCH.
    const made = (await fleet.update(id, outs, two, web())).outs.members["web-ewr-2"].id;
    await testApi().updateServer(made, { label: updateLabel(id), tags: [] });
    const { outs: again } = await fleet.update(id, outs, two, web());
    expect(again.members["web-ewr-2"].id).to.equal(made);
    expect(again.members["web-ewr-2"].label).to.equal("web-ewr-2");
    expect(await live()).to.deep.equal(Object.values(again.members).map((m: any) => m.id).sort());
    expect((await sim.rawServers()).length, "no server made twice").to.equal(2);
  });

  shapeB("a repeated POST answered with an untagged server this update took over for another member makes its member anew: no server recorded twice", async () => {
    const inputs = await checked(news(1));
    const { id, outs } = await fleet.create(inputs, web());
    const three = await checked(news(3), inputs);
    // The killed update sent web-ewr-3's POST and not web-ewr-2's (POSTs in flight reach the API in
    // any order), and tagged neither: played by that update run to the end, web-ewr-2's server
    // deleted and web-ewr-3's put back as it was before its PATCH. The next update pairs that
    // untagged server with web-ewr-2 (the first member in need), then web-ewr-3's POST repeats its key.
    const made = (await fleet.update(id, outs, three, web())).outs.members;
    await sim.deleteServer(made["web-ewr-2"].id);
    await testApi().updateServer(made["web-ewr-3"].id, { label: updateLabel(id), tags: [] });
    const { outs: again } = await fleet.update(id, outs, three, web());
    const ids = Object.values(again.members).map((m: any) => m.id);
    expect(new Set(ids).size, "one server per member").to.equal(3);
    expect(ids, "the untagged server is a member").to.include(made["web-ewr-3"].id);
    expect(await live()).to.deep.equal([...ids].sort());
    for (const [key, m] of Object.entries(again.members) as Array<[string, Props]>) {
      expect((await testApi().getServer(m.id))!.tags, `${key}'s server is marked as ${key}`).to.include(`hosting-member:${key}`);
    }
  });

  shapeB("a server that carries the pending label and another instance's owner mark is not the create's to delete", async () => {
    const held = await sim.seedServer({ label: CREATE_LABEL, region: "ewr", ...(shape === "A" ? { os_id: 2284 } : { os: "ubuntu-24.04" }), tags: ["hosting-owner:server"] });
    await fleet.create(await checked(news(1)), web());
    expect(await live()).to.include(held);
  });

  shapeB("a Fleet of the same name under another parent POSTs with a label of its own: its untagged servers are never this Fleet's, in any process", async () => {
    const under = { name: "web", project: "proj", stack: "dev", parentType: "my:index:Group" };
    const otherLabel = (await (async () => {
      // The other Fleet's POST label, read from what its create sends (identity.ts builds it from its fleet tag).
      const { outs } = await fleet.create(await checked(news(1)), testContext(under));
      return pendingLabelOf(outs.fleetTag, "create");
    })());
    expect(otherLabel).to.not.equal(CREATE_LABEL);
    // What a killed run of the other Fleet left: its POST's label, no tags.
    const theirs = await sim.seedServer({ label: otherLabel, region: "ewr", os: "ubuntu-24.04", tags: [] });
    const { id, outs } = await fleet.create(await checked(news(1)), web());
    await fleet.update(id, outs, await checked(news(2), await checked(news(1))), web());
    expect(await live()).to.include(theirs);
  });

  it("an update whose member's Idempotency-Key was answered before with a server deleted since creates the member with the next attempt's key", async () => {
    const inputs = await checked(news(1));
    const { id, outs } = await fleet.create(inputs, web());
    const two = await checked(news(2), inputs);
    // The killed update's POST for web-ewr-2 (its key: this fleet, member, generation and spec),
    // then that server deleted (as the next run deletes what the killed one left untagged).
    const first = await fleet.update(id, outs, two, web());
    const made = first.outs.members["web-ewr-2"].id;
    await sim.deleteServer(made);
    expect(memberIdempotencyKey(id, "web-ewr-2", outs.generation, two.memberSpecs["web-ewr-2"])).to.be.a("string");
    // The same update again from the state before it (the killed run wrote none).
    const { outs: again } = await fleet.update(id, outs, two, web());
    const member = again.members["web-ewr-2"];
    expect(member.id).to.not.equal(made);
    expect(member.status).to.equal("active");
    expect(await live()).to.deep.equal(Object.values(again.members).map((m: any) => m.id).sort());
  });

  it("the server's tags name the fleet; the label is the member's once its tags are set", async () => {
    const { outs } = await fleet.create(await checked(news(2)), web());
    for (const m of Object.values(outs.members) as Props[]) {
      const s = (await testApi().getServer(m.id))!;
      expect(s.label).to.match(/^web-ewr-\d$/);
      expect(s.tags).to.include(TAG);
    }
  });
});
