// A Fleet converges on what exists, not on what its state remembers, against the simulator in both
// shapes: members carry the fleet's identity tags, and a create, roll or delete after a killed run
// takes over what that run made, with no POST for a member that exists.
//
// A Fleet converges on what exists, not on what its state remembers, against the simulator, both shapes: every member
// carries the fleet's identity tags (shape B by the PATCH right after its POST), `tags` shows the
// user's alone and an update keeps them; a create, an update (a roll) and a delete after a killed
// run take over what that run made, with no POST for a member that exists, and delete the rest;
// each member's wait is bounded by the engine's time-out (customTimeouts).
// A killed run is played by seeding the servers it would have made (the same tags, no state),
// since a process cannot be killed inside this one; the e2e suite kills the real CLI.
import { expect } from "chai";
import * as fleetTyped from "../../../provider/fleet/provider";
import { serverMemberOps, type MemberContext } from "../../../provider/fleet/server-member-ops";
import { fleetTagOf, identityTags, specMarkOf } from "../../../provider/fleet/identity";
import { countRequests, describeProviderShapes, rejection } from "../harness";
import { loose } from "../../helpers/loose-provider";
import { testContext } from "../../helpers/test-process";
import type { OperationOverrides } from "../../../provider/core/context";

const fleet = loose(fleetTyped);
type Props = Record<string, any>;

const TAG = fleetTagOf("proj/dev", "web");
const GROUPS = [{ name: "web", regions: ["ewr", "fra"], count: 2 }];
const news = (over: Props = {}): Props => ({
  __provider: "SHELL", defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04", tags: ["fleet"] }, groups: GROUPS, ...over,
});
const KEYS4 = ["web-ewr-1", "web-ewr-2", "web-fra-1", "web-fra-2"];
/** The context of every call on the fleet "web" of stack proj/dev: the engine's facts give its tag. */
const web = (overrides: OperationOverrides = {}) => testContext({ name: "web", project: "proj", stack: "dev" }, overrides);
/** The keys of checked inputs that the user did not write, beside the engine's `__provider`. */
const hiddenKeys = (inputs: unknown): string[] => Object.keys(inputs as object).filter((k) => k.startsWith("__") && k !== "__provider");

describeProviderShapes((shape) => `Fleet crash safety against the simulator, shape ${shape}`, (sim, shape) => {
  async function checked(n: Props, olds: Props = {}): Promise<Props> {
    const res = await fleet.check(olds, n, web());
    expect(res.failures ?? [], JSON.stringify(res.failures)).to.deep.equal([]);
    expect(hiddenKeys(res.inputs), "the fleet's name and stack stay in the context").to.deep.equal([]);
    return res.inputs as Props;
  }
  const apiTagsOf = async (id: string) => (await sim.rawServers()).find((s: any) => s.id === id).tags.sort();
  /**
   * What a killed run made for `key`: a server with the member's label, region, plan, OS and
   * identity tags, its owner an instance whose run never finished (no server marks it live).
   */
  const made = (key: string, os = "ubuntu-24.04") => {
    const region = key.split("-")[1];
    return sim.seedServer({ label: key, region, ...(shape === "A" ? { os_id: os === "debian-12" ? 2136 : 2284 } : { os }), tags: ["fleet", ...identityTags(TAG, key, "fleet-killed-run"), specMarkOf({ region, plan: "vc2-1c-1gb", os })] });
  };

  it("every member carries the fleet's tag and its member tag; `tags` shows the user's alone; a label update keeps them", async () => {
    // The stack's ownership tag too, in shape A, where it is the default (the same facts give it: proj/dev).
    const owner = shape === "A" ? ["pulumi-stack:proj/dev"] : [];
    const inputs = await checked(news());
    const { id, outs } = await fleet.create(inputs, web());
    expect(outs.fleetTag).to.equal(TAG);
    expect(outs.generation).to.equal(1);
    // Every member names the instance that holds it; the first by key also says its run finished.
    const marks = (key: string) => [
      `hosting-owner:${id}`, specMarkOf({ region: key.split("-")[1], plan: "vc2-1c-1gb", os: "ubuntu-24.04" }), ...(key === "web-ewr-1" ? [`hosting-live:${id}`] : []),
    ];
    for (const key of KEYS4) {
      expect(outs.members[key].tags, key).to.deep.equal(["fleet"]);
      expect(await apiTagsOf(outs.members[key].id)).to.deep.equal(["fleet", TAG, `hosting-member:${key}`, ...marks(key), ...owner].sort());
    }
    const relabel = await checked(news({ defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04", tags: ["fleet", "v2"] } }), inputs);
    const updated = await fleet.update(id, outs, relabel, web());
    expect(updated.outs.generation).to.equal(2);
    expect(await apiTagsOf(outs.members["web-ewr-1"].id)).to.deep.equal(["fleet", TAG, "hosting-member:web-ewr-1", "v2", ...marks("web-ewr-1"), ...owner].sort());
  });

  it("a user's tag that starts like the provider's own is refused at check, naming the group", async () => {
    const res = await fleet.check({}, news({ groups: [{ name: "web", regions: ["ewr"], tags: ["hosting-member:x"] }] }), web());
    expect(res.failures.map((f: Props) => f.property)).to.deep.equal(["groups[0].tags"]);
    expect(res.failures[0].reason).to.match(/hosting-member:x.*keeps for a fleet member's identity/);
  });

  it("a create after a killed create takes over the killed run's servers with no POST, creates the rest, and deletes a second server made for one member", async () => {
    const ewr1 = await made("web-ewr-1");
    const fra2 = await made("web-fra-2");
    // The twin is a second younger on the simulator's clock: made in the same millisecond, the
    // two would tie on their creation time and the lower (random) id would choose.
    await sim.admin("POST", "/clock", { advanceMs: 1000 });
    const twin = await made("web-fra-2");
    const stray = await made("web-sgp-1");
    await sim.resetStats();
    const { outs } = await fleet.create(await checked(news()), web());
    const stats = await sim.stats();
    expect(outs.members["web-ewr-1"].id).to.equal(ewr1);
    expect(outs.members["web-fra-2"].id, "the older of the two made for web-fra-2").to.equal(fra2);
    expect(countRequests(stats, "POST /v1/servers"), "only web-ewr-2 and web-fra-1 are new").to.equal(2);
    const live = (await sim.liveServers()).map((s: any) => s.id).sort();
    expect(live).to.deep.equal(Object.values(outs.members).map((m: any) => m.id).sort());
    expect(live).to.not.include(twin);
    expect(live).to.not.include(stray);
    expect(outs.leftovers).to.deep.equal({});
  });

  it("an update after a roll killed past its first batch takes the new servers over, deletes the old ones, and POSTs only the rest", async () => {
    const inputs = await checked(news({ maxSurge: 2 }));
    const { id, outs } = await fleet.create(inputs, web());
    const debian = await checked(news({ maxSurge: 2, defaults: { plan: "vc2-1c-1gb", os: "debian-12", tags: ["fleet"] } }), inputs);
    // The killed roll's first batch: web-ewr-1 and web-ewr-2 on debian-12, the old servers still there.
    const fresh = { "web-ewr-1": await made("web-ewr-1", "debian-12"), "web-ewr-2": await made("web-ewr-2", "debian-12") };
    await sim.resetStats();
    const res = await fleet.update(id, outs, debian, web());
    const stats = await sim.stats();
    expect(res.outs.members["web-ewr-1"].id).to.equal(fresh["web-ewr-1"]);
    expect(res.outs.members["web-ewr-2"].id).to.equal(fresh["web-ewr-2"]);
    expect(countRequests(stats, "POST /v1/servers"), "web-fra-1 and web-fra-2 only").to.equal(2);
    expect(countRequests(stats, "DELETE /v1/servers/:id")).to.equal(4);
    expect((await sim.liveServers()).map((s: any) => s.id).sort()).to.deep.equal(Object.values(res.outs.members).map((m: any) => m.id).sort());
    expect(Object.values(res.outs.members).every((m: any) => m.os === "debian-12")).to.equal(true);
  });

  it("a fleet destroyed and made again with the same members creates them anew (no create key repeats a deleted server's)", async () => {
    const inputs = await checked(news());
    const first = await fleet.create(inputs, web());
    await fleet.delete(first.id, first.outs, web());
    const again = await fleet.create(inputs, web());
    expect(Object.values(again.outs.members).every((m: any) => m.status === "active")).to.equal(true);
    const firstIds = Object.values(first.outs.members).map((m: any) => m.id);
    expect(Object.values(again.outs.members).map((m: any) => m.id).some((id) => firstIds.includes(id))).to.equal(false);
  });

  it("delete removes every recorded server and every unrecorded one with the fleet's tag, and nothing else", async () => {
    const { id, outs } = await fleet.create(await checked(news()), web());
    const unrecorded = await made("web-ewr-3");
    const other = await sim.seedServer({ label: "not-ours", tags: ["fleet"] });
    await sim.resetStats();
    await fleet.delete(id, outs, web());
    expect((await sim.liveServers()).map((s: any) => s.id)).to.deep.equal([other]);
    // One DELETE for each of the four recorded members and one for the unrecorded server; none for the other.
    expect(countRequests(await sim.stats(), "DELETE /v1/servers/:id")).to.equal(5);
    const deleted = (await sim.rawServers()).filter((s: any) => s.deleted_at !== null).map((s: any) => s.id).sort();
    expect(deleted).to.deep.equal([...Object.values(outs.members).map((m: any) => m.id), unrecorded].sort());
  });

  it("each member's create carries the engine's operation: a customTimeouts of 0.3 s ends the wait of a server that takes 5 s, naming it", async () => {
    const seen: MemberContext[] = [];
    // The fleet's implementation with the server core's member operations, recording what each is given.
    const watched = loose(fleetTyped.fleetImpl((member) => (seen.push(member), serverMemberOps(member))));
    await sim.setConfig({ provisionMs: 5000 });
    try {
      const err = await rejection(watched.create(await checked(news({ groups: [{ name: "web", regions: ["ewr"] }] })), web({ timeout: { seconds: 0.3, source: "customTimeouts.create" } })));
      expect(err.name).to.equal("ResourceInitFailedError");
      expect(err.message).to.match(/member web-ewr-1: .*customTimeouts\.create of 0\.3s, which overrides waitTimeoutSeconds/);
      expect(Object.keys(err.properties.members), "the server is recorded").to.deep.equal(["web-ewr-1"]);
      expect(seen.map((c) => c.ctx.timeout?.source)).to.deep.equal(["customTimeouts.create"]);
      expect(seen.map((c) => c.fleetTag)).to.deep.equal([TAG]);
    } finally {
      await sim.setConfig({ provisionMs: 150 });
    }
  });
});
