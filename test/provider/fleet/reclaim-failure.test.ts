// A server an interrupted run left and a member's create takes over is recorded as a leftover until
// the take-over succeeds, so a failed take-over never records it as the member.
//
// A server an interrupted run left, taken over by a member's create (a reclaim, roll.ts's
// `adopt`), is recorded as a leftover until its take-over succeeds (provider.ts records it so):
// a take-over that fails leaves it a leftover and never records it as the member, or the next
// `up` would delete the member's server as a leftover. Model member operations, no API.
import { expect } from "chai";
import { fakeClock } from "../../helpers/fake-clock";
import { applyPlan, type FleetState } from "../../../provider/fleet/roll";
import { MemberFailure, type MemberOps } from "../../../provider/fleet/member-ops";
import { planMembers } from "../../../provider/fleet/plan";
import type { MemberSpec, RecordedMember } from "../../../provider/fleet/types";

const rec = (id: string, os = "ubuntu-24.04"): RecordedMember =>
  ({ id, label: id, region: "ewr", plan: "vc2-1c-1gb", os, osId: 0, mainIp: "", status: "pending", tags: [] }) as RecordedMember;
const spec = (os: string): MemberSpec => ({ region: "ewr", plan: "vc2-1c-1gb", os, label: "web-ewr-1" });

/** Member operations whose take-over of `failing` fails with the server it was given (not ready). */
function ops(failing: string, log: string[]): MemberOps {
  let next = 1;
  return {
    create: async (key, s, adoptId) => {
      if (adoptId === failing) throw new MemberFailure(key, `server ${adoptId} did not become active`, rec(adoptId, s.os));
      const id = adoptId ?? `new-${next++}`;
      log.push(`${adoptId ? "adopt" : "POST"} ${key} ${id}`);
      return { ...rec(id, s.os), status: "active" };
    },
    update: async (_k, m) => m,
    sendDelete: async (key, m) => (log.push(`DELETE ${key} ${m.id}`), true),
    confirmDeleted: async () => undefined,
  };
}

describe("a reclaimed leftover whose take-over fails", () => {
  it("a new member's create: the leftover stays a leftover, the member is not recorded", async () => {
    const state: FleetState = { members: {}, leftovers: { left: rec("left") } };
    const plan = planMembers({}, { "web-ewr-1": spec("ubuntu-24.04") });
    plan.leftovers = [];
    const log: string[] = [];
    const res = await applyPlan(state, plan, { "web-ewr-1": spec("ubuntu-24.04") }, ops("left", log), {
      maxSurge: 1, maxUnavailable: 0, pauseMs: 0, clock: fakeClock(), adopt: { "web-ewr-1": "left" },
    });
    expect(res.failures.map((f) => f.key)).to.deep.equal(["web-ewr-1"]);
    expect(state.members).to.deep.equal({});
    expect(Object.keys(state.leftovers)).to.deep.equal(["left"]);
  });

  it("a replacement whose old server went first (maxUnavailable 1): the leftover stays a leftover, not the member", async () => {
    const state: FleetState = { members: { "web-ewr-1": { ...rec("old"), status: "active" } }, leftovers: { left: rec("left", "debian-12") } };
    const specs = { "web-ewr-1": spec("debian-12") };
    const plan = planMembers(state.members, specs);
    expect(plan.replace.map((r) => r.key)).to.deep.equal(["web-ewr-1"]);
    const log: string[] = [];
    const res = await applyPlan(state, plan, specs, ops("left", log), {
      maxSurge: 0, maxUnavailable: 1, pauseMs: 0, clock: fakeClock(), adopt: { "web-ewr-1": "left" },
    });
    expect(log).to.deep.equal(["DELETE web-ewr-1 old"]);
    expect(res.failures.map((f) => f.key)).to.deep.equal(["web-ewr-1"]);
    expect(state.members, "the member has no server: the next up creates or reclaims one").to.deep.equal({});
    expect(Object.keys(state.leftovers)).to.deep.equal(["left"]);
  });

  it("a replacement with its old server still there: the leftover stays as recorded, the old server stays the member", async () => {
    const state: FleetState = { members: { "web-ewr-1": { ...rec("old"), status: "active" } }, leftovers: { left: { ...rec("left", "debian-12"), owner: "fleet-killed" } } };
    const specs = { "web-ewr-1": spec("debian-12") };
    const plan = planMembers(state.members, specs);
    const res = await applyPlan(state, plan, specs, ops("left", []), {
      maxSurge: 1, maxUnavailable: 0, pauseMs: 0, clock: fakeClock(), adopt: { "web-ewr-1": "left" },
    });
    expect(res.failures.map((f) => f.key)).to.deep.equal(["web-ewr-1"]);
    expect(state.members["web-ewr-1"].id).to.equal("old");
    expect(state.leftovers.left.owner, "the owner it was recorded with, which its delete checks").to.equal("fleet-killed");
  });
});
