// The Fleet provider against the simulator in both shapes: check, create, convergence by member
// key, the rolling OS change in the order the simulator saw it, refresh after an outside delete,
// adoption by tag and by id with no POST, import, and a replacement that fails mid-roll.
//
// The Fleet provider against the simulator, both shapes: check, create, convergence by member
// key (count up and down, reordering, a label change as PATCH only), the rolling OS change with
// maxSurge 2 in the order the simulator saw it, refresh after an outside delete, adoption by tag
// and by id with no POST, import, and a replacement that fails mid-roll.
import { expect } from "chai";
import * as fleetTyped from "../../../provider/fleet/provider";
import { serverMemberOps } from "../../../provider/fleet/server-member-ops";
import { UNKNOWN_VALUE } from "../../../provider/core/unknown";
import type { MemberOpsFactory } from "../../../provider/fleet/provider";
import { countRequests, describeProviderShapes, FAST_WAITS, KEYS, rejection } from "../harness";
import { loose } from "../../helpers/loose-provider";
import { testContext, useProcess } from "../../helpers/test-process";

const fleet = loose(fleetTyped);
type Props = Record<string, any>;

const GROUPS = [
  { name: "web", regions: ["ewr", "fra"], count: 1, tags: ["web"] },
  { name: "api", regions: ["ewr", "fra"], count: 1 },
  { name: "db", regions: ["ewr", "fra"], count: 1, plan: "vc2-2c-4gb" },
];
const news = (over: Props = {}): Props => ({ __provider: "SHELL", defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04", tags: ["fleet"] }, groups: GROUPS, ...over });

describeProviderShapes((shape) => `Fleet provider against the simulator, shape ${shape}`, (sim) => {
  async function checked(n: Props, olds: Props = {}): Promise<Props> {
    const res = await fleet.check(olds, n);
    expect(res.failures ?? [], JSON.stringify(res.failures)).to.deep.equal([]);
    return res.inputs as Props;
  }
  async function up(n: Props): Promise<{ id: string; outs: Props; inputs: Props }> {
    const inputs = await checked(n);
    const res = await fleet.create(inputs);
    return { id: res.id, outs: res.outs, inputs };
  }
  /** check, diff and update; the update's member operations are `memberOps` when given (the server core's otherwise). */
  async function change(id: string, olds: Props, n: Props, memberOps?: MemberOpsFactory): Promise<{ outs: Props; plan: Props }> {
    const inputs = await checked(n, olds);
    const plan = await fleet.diff(id, olds, inputs);
    const res = await fleet.update(id, olds, inputs, undefined, memberOps);
    return { outs: res.outs, plan };
  }
  const live = async () => (await sim.liveServers()).sort((a: any, b: any) => (a.label < b.label ? -1 : 1));

  it("check names the group and field of a bad definition, and refuses maxSurge 0 with maxUnavailable 0", async () => {
    const res = await fleet.check({}, news({ groups: [{ name: "Web", regions: ["ewr"] }, { name: "db", regions: ["xyz"], count: 1001 }], maxSurge: 0 }));
    expect(res.failures.map((f: Props) => f.property)).to.deep.equal(["maxSurge", "groups[0].name", "groups[1].count"]);
    const region = await fleet.check({}, news({ groups: [{ name: "db", regions: ["xyz"] }] }));
    expect(region.failures[0].property).to.equal("groups[0].regions");
    expect(region.failures[0].reason).to.match(/^groups\[0\] \(db\): region "xyz" does not exist/);
  });

  it("creates 3 groups × 2 regions, members keyed <group>-<region>-<n> with id, label, region, plan, os, mainIp and status", async () => {
    const { outs } = await up(news());
    expect(outs, "the specs are inputs only: the members say what each server is").to.not.have.property("memberSpecs");
    expect(Object.keys(outs.members)).to.deep.equal(["api-ewr-1", "api-fra-1", "db-ewr-1", "db-fra-1", "web-ewr-1", "web-fra-1"]);
    const m = outs.members["db-fra-1"];
    expect(m).to.include({ label: "db-fra-1", region: "fra", plan: "vc2-2c-4gb", os: "ubuntu-24.04", status: "active" });
    expect(m.mainIp).to.match(/^\d+\.\d+\.\d+\.\d+$/);
    const servers = await live();
    expect(servers.map((s: any) => s.label)).to.deep.equal(Object.keys(outs.members));
    expect(servers.map((s: any) => s.id).sort()).to.deep.equal(Object.values(outs.members).map((x: any) => x.id).sort());
    expect(outs.members["web-ewr-1"].tags).to.deep.equal(["fleet", "web"]);
  });

  it("converges by key: reordering is no change, a count up creates only new members, a count down deletes the highest numbers", async () => {
    const { id, outs } = await up(news());
    const reordered = news({ groups: [...GROUPS].reverse().map((g) => ({ ...g, regions: [...g.regions].reverse() })) });
    const same = await fleet.diff(id, outs, await checked(reordered, outs));
    expect(same.changes).to.equal(false);

    await sim.resetStats();
    const more = news({ groups: GROUPS.map((g) => (g.name === "db" ? { ...g, regions: ["ewr"], count: 3 } : g)) });
    const grown = await change(id, outs, more);
    expect(grown.plan.plannedChanges).to.deep.equal(["create 2: db-ewr-2, db-ewr-3", "delete 1: db-fra-1"]);
    const add = { kind: "add", replace: false };
    expect(grown.plan.detailedDiff).to.deep.equal({ 'memberSpecs["db-ewr-2"]': add, 'memberSpecs["db-ewr-3"]': add, 'memberSpecs["db-fra-1"]': { kind: "delete", replace: false } });
    const stats = await sim.stats();
    expect(countRequests(stats, "POST /v1/servers 20")).to.equal(2);
    expect(countRequests(stats, "DELETE /v1/servers/:id")).to.equal(1);
    expect(countRequests(stats, "PATCH /v1/servers/:id")).to.equal(sim.shape === "B" ? 2 : 0); // shape B: the tags after create
    for (const k of ["api-ewr-1", "web-fra-1", "db-ewr-1"]) expect(grown.outs.members[k].id).to.equal(outs.members[k].id);

    const fewer = news({ groups: GROUPS.map((g) => (g.name === "db" ? { ...g, regions: ["ewr"], count: 1 } : g)) });
    const shrunk = await change(id, grown.outs, fewer);
    expect(shrunk.plan.plannedChanges).to.deep.equal(["delete 2: db-ewr-2, db-ewr-3"]);
    expect(Object.keys(shrunk.outs.members)).to.deep.equal(["api-ewr-1", "api-fra-1", "db-ewr-1", "web-ewr-1", "web-fra-1"]);
    expect((await live()).length).to.equal(5);
  });

  it("counts raises one region's count: only that region's new member is created", async () => {
    const { id, outs } = await up(news());
    await sim.resetStats();
    const res = await change(id, outs, news({ groups: GROUPS.map((g) => (g.name === "web" ? { ...g, counts: { ewr: 2 } } : g)) }));
    expect(res.plan.plannedChanges).to.deep.equal(["create 1: web-ewr-2"]);
    expect(countRequests(await sim.stats(), "POST /v1/servers 20")).to.equal(1);
    expect(countRequests(await sim.stats(), "DELETE")).to.equal(0);
    const bad = await fleet.check({}, news({ groups: [{ name: "web", regions: ["ewr"], counts: { fra: 2 } }] }));
    expect(bad.failures.map((f: Props) => f.property)).to.deep.equal(["groups[0].counts"]);
  });

  it("a label change is one PATCH per member and nothing else", async () => {
    const { id, outs } = await up(news());
    await sim.resetStats();
    const relabelled = news({ defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04", tags: ["fleet"], label: "{key}-v2" } });
    const res = await change(id, outs, relabelled);
    expect(res.plan.plannedChanges).to.deep.equal(["update in place 6: api-ewr-1, api-fra-1, db-ewr-1, db-fra-1, web-ewr-1, web-fra-1"]);
    expect(res.plan.detailedDiff['memberSpecs["web-ewr-1"].label']).to.deep.equal({ kind: "update", replace: false });
    const stats = await sim.stats();
    expect(countRequests(stats, "PATCH /v1/servers/:id")).to.equal(6);
    expect(countRequests(stats, "GET /v1/servers/:id"), "no member read by id: the lists by the fleet's tag show them").to.equal(0);
    expect(countRequests(stats, "POST")).to.equal(0);
    expect(countRequests(stats, "DELETE")).to.equal(0);
    expect((await live()).map((s: any) => s.label)).to.deep.equal(Object.keys(outs.members).map((k) => `${k}-v2`));
    const after = await fleet.diff(id, res.outs, await checked(relabelled, res.outs));
    expect(after.changes).to.equal(false);
  });

  it("an OS change with maxSurge 2 rolls in 3 batches: each batch's 2 POSTs, both active, their 2 DELETEs, then the next", async () => {
    const { id, outs } = await up(news({ maxSurge: 2 }));
    const oldIds = Object.fromEntries(Object.entries(outs.members).map(([k, m]: [string, any]) => [m.id, k]));
    const res = await change(id, outs, news({ maxSurge: 2, defaults: { plan: "vc2-1c-1gb", os: "debian-12", tags: ["fleet"] } }));
    expect(res.plan.plannedChanges).to.deep.equal(["replace 6 (os) in 3 batches of at most 2: api-ewr-1, api-fra-1, db-ewr-1, db-fra-1, web-ewr-1, web-fra-1"]);
    expect(Object.values(res.outs.members).every((m: any) => m.os === "debian-12" && m.status === "active")).to.equal(true);
    const raw = await sim.rawServers();
    const t = (iso: string | null) => (iso ? Date.parse(iso) : Infinity);
    const keys = Object.keys(res.outs.members);
    const batches = [keys.slice(0, 2), keys.slice(2, 4), keys.slice(4, 6)];
    const fresh = (k: string) => raw.find((s: any) => s.id === res.outs.members[k].id);
    const old = (k: string) => raw.find((s: any) => oldIds[s.id] === k);
    let previousDeleted = 0;
    for (const batch of batches) {
      const created = batch.map((k) => t(fresh(k).created_at));
      const deleted = batch.map((k) => t(old(k).deleted_at));
      expect(Math.min(...created), `batch ${batch} starts after the previous batch's deletes`).to.be.at.least(previousDeleted);
      expect(Math.max(...created)).to.be.at.most(Math.min(...deleted));
      previousDeleted = Math.max(...deleted);
    }
    // The account's size at every create and delete the simulator recorded: at most 6 + 2.
    const events = raw.flatMap((s: any) => [[t(s.created_at), 1], ...(s.deleted_at ? [[t(s.deleted_at), -1]] : [])]).sort((a: number[], b: number[]) => a[0] - b[0] || a[1] - b[1]);
    let size = 0;
    let most = 0;
    for (const [, d] of events) most = Math.max(most, (size += d));
    expect(most).to.equal(8);
    expect(res.outs.leftovers).to.deep.equal({});
  });

  it("refresh drops a member deleted outside Pulumi; the next diff creates it again", async () => {
    const { id, outs } = await up(news());
    await sim.deleteServer(outs.members["api-fra-1"].id);
    const read = await fleet.read(id, { ...outs, __provider: "SHELL" });
    expect(Object.keys(read.props.members)).to.not.include("api-fra-1");
    expect(Object.keys(read.inputs.memberSpecs)).to.not.include("api-fra-1");
    const inputs = await checked(news(), read.inputs);
    const plan = await fleet.diff(id, { ...read.props, __provider: "SHELL" }, inputs);
    expect(plan.plannedChanges).to.deep.equal(["create 1: api-fra-1"]);
  });

  it("an update with no refresh makes again a member deleted outside Pulumi, warns naming it, and reads no other member by id", async () => {
    // The stack's facts give the fleet its tag, which the update lists by.
    const facts = { name: "web", project: "proj", stack: "dev" };
    const { id, outs } = await fleet.create(await checked(news()), testContext(facts));
    const gone = outs.members["api-fra-1"].id;
    await sim.deleteServer(gone);
    await sim.resetStats();
    const warnings: string[] = [];
    const relabelled = news({ defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04", tags: ["fleet"], label: "{key}-v2" } });
    const inputs = await checked(relabelled, outs);
    const res = await fleet.update(id, outs, inputs, testContext(facts, { log: { warn: (m: string) => void warnings.push(m) } }));
    expect(res.outs.members["api-fra-1"].id).to.not.equal(gone);
    expect((await live()).map((s: any) => s.label)).to.deep.equal(Object.keys(outs.members).map((k) => `${k}-v2`));
    expect(warnings.filter((w) => w.includes("no longer exists"))).to.have.length(1);
    expect(warnings.join("\n")).to.include("member api-fra-1 no longer exists");
    const stats = await sim.stats();
    expect(countRequests(stats, "POST /v1/servers 20")).to.equal(1);
    expect(countRequests(stats, "GET /v1/servers/:id"), "at most the member the lists by its tag did not show").to.be.at.most(1);
  });

  it("adopts servers by tag (label = member key) and by id: no POST, then no change", async () => {
    const keys = ["web-ewr-1", "web-fra-1"];
    const ids: string[] = [];
    for (const k of keys) ids.push(await sim.seedServer({ label: k, region: k.split("-")[1], tags: ["old-fleet"] }));
    await sim.waitForStatus(ids[1], "active");
    await sim.resetStats();
    const groups = [{ name: "web", regions: ["ewr", "fra"], count: 1 }];
    const byTag = { __provider: "SHELL", defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04", tags: ["old-fleet"] }, groups, adoptTag: "old-fleet", ownerTag: "" };
    const { id, outs } = await up(byTag);
    expect(Object.values(outs.members).map((m: any) => m.id)).to.deep.equal(ids);
    expect(countRequests(await sim.stats(), "POST /v1/servers ")).to.equal(0);
    const after = await fleet.diff(id, outs, await checked(byTag, outs));
    expect(after.changes).to.equal(false);
    // By id: the same servers again, in a fresh fleet of its own (a second stack, say).
    const byId = { ...byTag, adoptTag: undefined, adoptIds: { "web-ewr-1": ids[0], "web-fra-1": ids[1] } };
    const again = await up(byId);
    expect(Object.values(again.outs.members).map((m: any) => m.id)).to.deep.equal(ids);
    expect(countRequests(await sim.stats(), "POST /v1/servers ")).to.equal(0);
  });

  it("imports by tag: the groups are rebuilt from the member keys, and check plus diff show no change", async () => {
    await up(news({ ownerTag: "pulumi-stack:p/s" }));
    const read = await fleet.read("tag:pulumi-stack:p/s", {});
    expect(read.inputs.groups.map((g: Props) => [g.name, g.regions, g.count, g.plan])).to.deep.equal([
      ["api", ["ewr", "fra"], 1, "vc2-1c-1gb"], ["db", ["ewr", "fra"], 1, "vc2-2c-4gb"], ["web", ["ewr", "fra"], 1, "vc2-1c-1gb"],
    ]);
    const inputs = await checked(read.inputs, read.inputs);
    const plan = await fleet.diff(read.id, read.props, inputs);
    expect(plan.changes, JSON.stringify(plan.plannedChanges)).to.equal(false);
  });

  it("a replacement that fails mid-roll stops the roll, names the member, records every server, and the next update finishes", async () => {
    // Five members, so that web-fra-1 is alone in the last batch of 2 + 2 + 1.
    const five = GROUPS.map((g) => (g.name === "db" ? { ...g, regions: ["ewr"] } : g));
    const { id, outs } = await up(news({ maxSurge: 2, groups: five }));
    // The simulator's fault: the create of web-fra-1's replacement (batch 3) ends in `error`.
    const failing: MemberOpsFactory = (member) => {
      const real = serverMemberOps(member);
      return {
        ...real,
        create: async (key, s, adoptId) => {
          if (key !== "web-fra-1") return real.create(key, s, adoptId);
          await sim.setConfig({ errorRate: 1 });
          try {
            return await real.create(key, s, adoptId);
          } finally {
            await sim.setConfig({ errorRate: 0 });
          }
        },
      };
    };
    const debian = news({ maxSurge: 2, groups: five, defaults: { plan: "vc2-1c-1gb", os: "debian-12", tags: ["fleet"] } });
    const err: any = await rejection(change(id, outs, debian, failing));
    expect(err.name).to.equal("ResourceInitFailedError");
    expect(err.message).to.match(/member web-fra-1: server \S+ was created but is not ready/);
    expect(err.message).to.match(/4 of 5 replacements done, the roll stopped there/);
    const recorded = err.properties as Props;
    const held = [...Object.values(recorded.members), ...Object.values(recorded.leftovers)].map((m: any) => m.id).sort();
    expect(held, "every live server is recorded: none orphaned, none lost").to.deep.equal((await live()).map((s: any) => s.id).sort());
    expect(recorded.members["web-fra-1"].id).to.equal(outs.members["web-fra-1"].id);
    expect(Object.values(recorded.members).filter((m: any) => m.os === "debian-12")).to.have.length(4);
    expect(Object.keys(recorded.leftovers)).to.have.length(1);

    const olds = { ...recorded, __provider: "SHELL" };
    const resumed = await change(id, olds, debian);
    expect(resumed.plan.plannedChanges).to.deep.equal([
      "replace 1 (os) in 1 batch of at most 2: web-fra-1",
      `delete 1 leftover server(s) of a failed roll: ${Object.keys(recorded.leftovers)[0]}`,
    ]);
    expect(Object.values(resumed.outs.members).every((m: any) => m.os === "debian-12")).to.equal(true);
    expect(resumed.outs.leftovers).to.deep.equal({});
    expect((await live()).length).to.equal(5);
  });

  it("a group unknown at preview keeps the recorded specs and plans a change (the honest worst case)", async () => {
    const { id, outs, inputs: recorded } = await up(news());
    // The engine's check gets the recorded inputs as its olds.
    const inputs = await checked(news({ groups: [GROUPS[0], UNKNOWN_VALUE] }), recorded);
    expect(inputs.memberSpecs).to.deep.equal(recorded.memberSpecs);
    const plan = await fleet.diff(id, outs, inputs);
    expect(plan).to.deep.include({ changes: true, replaces: [] });
  });

  it("delete sends every DELETE, then one list confirms them all at once, with the waiter's first poll a minute away", async () => {
    const { id, outs } = await up(news());
    await sim.resetStats();
    // A provider process whose waiter polls first a minute after a wait starts (describeProviderShapes makes a fast one again for the next test).
    useProcess({ "hosting:apiKey": KEYS.full, "hosting:baseUrl": sim.url }, { waiterTimings: { ...FAST_WAITS, initialPollMs: 60_000 } });
    await fleet.delete(id, outs);
    expect(await live()).to.deep.equal([]);
    const stats = await sim.stats();
    expect(countRequests(stats, "DELETE /v1/servers/:id 204")).to.equal(6);
    expect(countRequests(stats, "GET /v1/servers 200")).to.equal(1);
  });
});
