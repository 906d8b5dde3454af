// What a Fleet owns is its instance's, not its name's, against the simulator in both shapes:
// replacements, two Fleets of one name, a rename and reuse, and the three moves leave every
// recorded member existing and every server with one owner, and a killed roll keeps its live mark.
//
// What a Fleet owns is its resource instance's, not its name's: against the simulator, both
// shapes, a replacement (create-before-delete and delete-before-replace), two Fleets of one name,
// a rename followed by a new Fleet with the old name, and the moves Fleet -> Fleet, Fleet -> Server
// and Server -> Fleet each leave every recorded member existing and every server with one owner;
// a roll killed after its first batch deleted the member marked live leaves the instance marked
// live (sampled at every change of the simulator's table), so the other Fleet of the name leaves it.
// The engine's sequence of calls is played in the order it makes them (a create-before-delete
// replacement: the new Fleet's create, then the old Fleet's delete).
import { expect } from "chai";
import * as fleetTyped from "../../../provider/fleet/provider";
import * as serverTyped from "../../../provider/server/provider";
import { fleetTagOf, specMarkOf } from "../../../provider/fleet/identity";
import { countRequests, describeProviderShapes, FAST_WAITS, KEYS, rejection, serverNews } from "../harness";
import { ProviderProcess } from "../../../provider/core/provider-process";
import { loose } from "../../helpers/loose-provider";
import { recentWarnings, testContext, withApi } from "../../helpers/test-process";
import type { OperationContext } from "../../../provider/core/context";

const fleet = loose(fleetTyped);
const server = loose(serverTyped);
type Props = Record<string, any>;

const GROUPS = [{ name: "web", regions: ["ewr", "fra"], count: 1 }];
const news = (over: Props = {}): Props => ({
  __provider: "SHELL", defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04", tags: ["fleet"] }, groups: GROUPS, ...over,
});
/** The context of a call on the Fleet `name` of stack proj/dev (the dynamic face: no URN, no parent). */
const named = (name: string) => testContext({ name, project: "proj", stack: "dev" });
/** The context of the Fleet `name` under a parent of type my:index:Group (its URN differs from the root one's there). */
const underParent = (name: string) => testContext({ name, project: "proj", stack: "dev", parentType: "my:index:Group" });
/** A fleet id as a release before owner marks wrote it (created fleets always had a random id). */
const LEGACY = "fleet-0f8fad5b-d9cb-469f-a165-70867728950e";
const idsOf = (outs: Props): string[] => Object.values(outs.members).map((m: any) => m.id).sort();

/** `ctx` whose client lists every server of the account whatever the filter asks (an API that ignores `?tag=`). */
function ignoringTagFilter(ctx: OperationContext): OperationContext {
  return withApi(ctx, { listAllServers: (_filter, opts) => ctx.api.listAllServers({}, opts) });
}

describeProviderShapes((shape) => `Fleet ownership by resource instance against the simulator, shape ${shape}`, (sim, shape) => {
  async function checked(n: Props, name = "web", olds: Props = {}): Promise<Props> {
    const res = await fleet.check(olds, n, named(name));
    expect(res.failures ?? [], JSON.stringify(res.failures)).to.deep.equal([]);
    return res.inputs as Props;
  }
  const live = async (): Promise<string[]> => (await sim.liveServers()).map((s: any) => s.id).sort();
  const tagsOf = async (id: string): Promise<string[]> => (await sim.rawServers()).find((s: any) => s.id === id).tags.sort();

  it("a create-before-delete replacement: the new Fleet's create makes its own servers, the old one's delete leaves them", async () => {
    const inputs = await checked(news());
    const old = await fleet.create(inputs, named("web"));
    const fresh = await fleet.create(inputs, named("web"));
    expect(idsOf(fresh.outs).filter((id) => idsOf(old.outs).includes(id)), "no server of the live Fleet is taken").to.deep.equal([]);
    await fleet.delete(old.id, old.outs, named("web"));
    expect(await live()).to.deep.equal(idsOf(fresh.outs));
    expect(Object.values(fresh.outs.members).every((m: any) => m.status === "active")).to.equal(true);
  });

  it("an import by the owner mark of a Fleet whose labels are not its member keys: each server's member tag names its member", async () => {
    const made = await fleet.create(await checked(news({ defaults: { ...news().defaults, label: "{key}-v2" } })), named("web"));
    const read = await fleet.read(`tag:hosting-owner:${made.id}`, {}, named("web"));
    expect(read.id, "the import finds the fleet's servers").to.equal(`tag:hosting-owner:${made.id}`);
    const byKey = (members: Props) => Object.fromEntries(Object.entries(members).map(([k, m]: [string, any]) => [k, m.id]));
    expect(byKey(read.props.members)).to.deep.equal(byKey(made.outs.members));
    expect(read.inputs.groups.map((g: Props) => g.label)).to.deep.equal(["{key}-v2"]);
  });

  it("a delete-before-replace replacement: the old servers go, the new Fleet's are all there", async () => {
    const inputs = await checked(news());
    const old = await fleet.create(inputs, named("web"));
    await fleet.delete(old.id, old.outs, named("web"));
    const fresh = await fleet.create(inputs, named("web"));
    expect(await live()).to.deep.equal(idsOf(fresh.outs));
  });

  it("two Fleets of one name (two parents): disjoint members; a count change and a destroy of one leave the other's", async () => {
    const inputs = await checked(news());
    const a = await fleet.create(inputs, named("web"));
    const b = await fleet.create(inputs, underParent("web"));
    expect(idsOf(b.outs).filter((id) => idsOf(a.outs).includes(id))).to.deep.equal([]);
    const more = await checked(news({ groups: [{ name: "web", regions: ["ewr", "fra"], count: 2 }] }), "web", inputs);
    const grown = await fleet.update(b.id, b.outs, more, underParent("web"));
    expect(idsOf(grown.outs)).to.have.length(4);
    for (const id of idsOf(a.outs)) expect(idsOf(grown.outs)).to.not.include(id);
    await fleet.delete(a.id, a.outs, named("web"));
    expect(await live()).to.deep.equal(idsOf(grown.outs));
  });

  it("two Fleets of one name (two parents) created at once in one up (one process): disjoint members, all of them there", async () => {
    const inputs = await checked(news());
    // The second create lists the account while the first one's servers exist, not marked live yet.
    await sim.setConfig({ provisionMs: 1500 });
    try {
      const first = fleet.create(inputs, named("web"));
      while ((await sim.liveServers()).length < 2) await new Promise((r) => setImmediate(r));
      const [a, b] = await Promise.all([first, fleet.create(inputs, underParent("web"))]);
      expect(idsOf(b.outs).filter((id) => idsOf(a.outs).includes(id))).to.deep.equal([]);
      expect(await live()).to.deep.equal([...idsOf(a.outs), ...idsOf(b.outs)].sort());
    } finally {
      await sim.setConfig({ provisionMs: 150 });
    }
  });

  it("two Fleets of one name, one under a parent, on two explicit providers (two processes) created at once: disjoint members, all of them there", async () => {
    const inputs = await checked(news());
    // Each explicit provider is a process of its own: no memory is shared between the two creates.
    const other = new ProviderProcess({ waiterTimings: FAST_WAITS });
    other.configure({ get: (k: string) => ({ "hosting:apiKey": KEYS.full, "hosting:baseUrl": sim.url })[k] });
    const underParent = other.context({ resource: { name: "web", project: "proj", stack: "dev", parentType: "my:index:Group" } });
    await sim.setConfig({ provisionMs: 1500 });
    try {
      const first = fleet.create(inputs, named("web"));
      while ((await sim.liveServers()).length < 2) await new Promise((r) => setImmediate(r));
      const [a, b] = await Promise.all([first, fleet.create(inputs, underParent)]);
      expect(idsOf(b.outs).filter((id) => idsOf(a.outs).includes(id)), "no server recorded by both").to.deep.equal([]);
      expect(await live()).to.deep.equal([...idsOf(a.outs), ...idsOf(b.outs)].sort());
      // The parented Fleet's destroy leaves the root Fleet's servers.
      await fleet.delete(b.id, b.outs, underParent);
      expect(await live()).to.deep.equal(idsOf(a.outs));
    } finally {
      await sim.setConfig({ provisionMs: 150 });
    }
  });

  it("a Fleet renamed by alias keeps its servers when a new Fleet takes the old name", async () => {
    const inputs = await checked(news());
    const blue = await fleet.create(inputs, named("web"));
    const renamed = await fleet.update(blue.id, blue.outs, await checked(news(), "web-blue", inputs), named("web-blue"));
    const web = await fleet.create(inputs, named("web"));
    expect(idsOf(renamed.outs)).to.deep.equal(idsOf(blue.outs));
    expect(idsOf(web.outs).filter((id) => idsOf(blue.outs).includes(id))).to.deep.equal([]);
    expect(await live()).to.deep.equal([...idsOf(renamed.outs), ...idsOf(web.outs)].sort());
  });

  it("Fleet -> Fleet by adoptIds, the old Fleet deleted in the same up: the same servers, 0 POST, 0 DELETE", async () => {
    const old = await fleet.create(await checked(news(), "old"), named("old"));
    const adoptIds = Object.fromEntries(Object.entries(old.outs.members).map(([k, m]: [string, any]) => [k, m.id]));
    await sim.resetStats();
    const moved = await fleet.create(await checked(news({ adoptIds }), "new"), named("new"));
    await fleet.delete(old.id, old.outs, named("old"));
    const stats = await sim.stats();
    expect(idsOf(moved.outs)).to.deep.equal(idsOf(old.outs));
    expect(countRequests(stats, "POST /v1/servers")).to.equal(0);
    expect(countRequests(stats, "DELETE /v1/servers/:id")).to.equal(0);
    expect(await live()).to.deep.equal(idsOf(old.outs));
    const said = recentWarnings().filter((w) => /took over|adopted server/.test(w) && w.includes(idsOf(old.outs)[0]));
    expect(said, "one warning for the whole take-over, naming each member").to.have.length(1);
    expect(said[0]).to.include("member web-ewr-1: ").and.to.include("member web-fra-1: ");
    for (const [key, m] of Object.entries(moved.outs.members) as [string, any][]) {
      const tags = await tagsOf(m.id);
      expect(tags.filter((t) => t.startsWith("hosting-member:")), "one member tag").to.deep.equal([`hosting-member:${key}`]);
      expect(tags.filter((t) => t.startsWith("hosting-fleet:")), "the new fleet's tag alone").to.deep.equal([fleetTagOf("proj/dev", "new")]);
    }
  });

  it("Fleet -> Server by adoptId, the Fleet deleted in the same up: the same server, 0 POST, 0 DELETE", async () => {
    const old = await fleet.create(await checked(news()), named("web"));
    const id = old.outs.members["web-ewr-1"].id;
    await sim.resetStats();
    const ctx = testContext({ name: "srv", project: "proj", stack: "dev" });
    const res = await server.check({}, serverNews({ adoptId: id, label: "web-ewr-1", tags: ["fleet"] }), ctx);
    expect(res.failures ?? []).to.deep.equal([]);
    await server.create(res.inputs, ctx);
    await fleet.delete(old.id, old.outs, named("web"));
    const stats = await sim.stats();
    expect(countRequests(stats, "POST /v1/servers")).to.equal(0);
    expect(countRequests(stats, "DELETE /v1/servers/:id"), "only the member no Server took").to.equal(1);
    expect(await live()).to.deep.equal([id]);
  });

  it("Server -> Fleet by adoptIds, the Server deleted in the same up: the same server, 0 POST, 0 DELETE", async () => {
    const ctx = testContext({ name: "srv", project: "proj", stack: "dev" });
    const res = await server.check({}, serverNews({ label: "web-ewr-1", tags: ["fleet"] }), ctx);
    const made = await server.create(res.inputs, ctx);
    await sim.resetStats();
    const fl = await fleet.create(await checked(news({ groups: [{ name: "web", regions: ["ewr"] }], adoptIds: { "web-ewr-1": made.id } })), named("web"));
    await server.delete(made.id, made.outs, ctx);
    const stats = await sim.stats();
    expect(idsOf(fl.outs)).to.deep.equal([made.id]);
    expect(countRequests(stats, "POST /v1/servers")).to.equal(0);
    expect(countRequests(stats, "DELETE /v1/servers/:id")).to.equal(0);
  });

  it("a Fleet's delete reads each server's own tags: an API that ignores ?tag= costs no other server", async () => {
    const inputs = await checked(news());
    const other = await sim.seedServer({ label: "not-ours", tags: ["fleet"] });
    const a = await fleet.create(inputs, named("web"));
    const b = await fleet.create(inputs, named("web"));
    await fleet.delete(a.id, a.outs, ignoringTagFilter(named("web")));
    expect(await live()).to.deep.equal([other, ...idsOf(b.outs)].sort());
  });

  it("a create that ignores ?tag= takes nothing of another Fleet's nor any untagged server", async () => {
    const other = await sim.seedServer({ label: "web-ewr-1", tags: ["fleet"] });
    const a = await fleet.create(await checked(news()), named("web"));
    const b = await fleet.create(await checked(news()), ignoringTagFilter(named("db")));
    expect(idsOf(b.outs).filter((id) => [other, ...idsOf(a.outs)].includes(id))).to.deep.equal([]);
    expect(await live()).to.deep.equal([other, ...idsOf(a.outs), ...idsOf(b.outs)].sort());
  });

  it("a roll killed after its first batch deleted the member marked live leaves the instance marked live: the other Fleet of the name then leaves its servers", async () => {
    const x = await fleet.create(await checked(news()), named("web"));
    const y = await fleet.create(await checked(news()), named("web"));
    const s = sim.handle.admin.sim;
    const exists = (v: any) => !v.gone && v.status !== "terminated";
    const marked = () => s.store.servers.filter((v: any) => exists(v) && (v.tags ?? []).includes(`hosting-live:${x.id}`)).length;
    const anchor = x.outs.members["web-ewr-1"].id;
    expect(marked(), "the create marked one member live").to.equal(1);
    // The kill: the run stops, with no end-of-run marks, the moment the marked member's old server is gone.
    const kill = new AbortController();
    let least = Infinity;
    const changed = s.changed.bind(s);
    s.changed = () => {
      changed();
      least = Math.min(least, marked());
      if (!s.store.servers.some((v: any) => v.id === anchor && exists(v))) kill.abort();
    };
    try {
      const debian = news({ defaults: { plan: "vc2-1c-1gb", os: "debian-12", tags: ["fleet"] } });
      const killed = testContext({ name: "web", project: "proj", stack: "dev" }, { signal: kill.signal });
      await fleet.update(x.id, x.outs, await checked(debian, "web", x.outs), killed).catch(() => undefined);
    } finally {
      s.changed = changed;
    }
    expect(kill.signal.aborted, "the roll got as far as deleting the marked member's old server").to.equal(true);
    expect(least, "at every change of the account during the roll, a server of the instance is marked live").to.be.at.least(1);
    // The next `up` runs the other Fleet of the name first (a tag change): it takes and deletes none of x's servers.
    const xs = s.store.servers.filter((v: any) => exists(v) && (v.tags ?? []).includes(`hosting-owner:${x.id}`)).map((v: any) => v.id);
    expect(xs.length).to.be.at.least(2);
    const tagged = news({ defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04", tags: ["fleet", "b"] } });
    const moved = await fleet.update(y.id, y.outs, await checked(tagged, "web", y.outs), named("web"));
    expect(idsOf(moved.outs)).to.deep.equal(idsOf(y.outs));
    const after = await live();
    expect(xs.filter((id: string) => !after.includes(id)), "x's servers still exist").to.deep.equal([]);
  });

  it("a create after a killed create still takes over what the killed run made (its instance never finished)", async () => {
    const inputs = await checked(news());
    const first = await fleet.create(inputs, named("web"));
    // The killed run: the same servers, but the mark that says its run finished never set.
    for (const m of Object.values(first.outs.members) as any[]) {
      await sim.api("PATCH", `/v1/servers/${m.id}`, { body: { tags: (await tagsOf(m.id)).filter((t) => !t.startsWith("hosting-live:")) } });
    }
    await sim.resetStats();
    const again = await fleet.create(inputs, named("web"));
    expect(idsOf(again.outs)).to.deep.equal(idsOf(first.outs));
    expect(countRequests(await sim.stats(), "POST /v1/servers")).to.equal(0);
  });

  it("a refresh records a killed replacement's servers apart, not as its own; the next diff shows a change, and a create takes them from under it", async () => {
    const inputs = await checked(news());
    const x = await fleet.create(inputs, named("web"));
    // The killed replacement: its own servers, the mark that says its run finished never set.
    const y = await fleet.create(inputs, named("web"));
    for (const m of Object.values(y.outs.members) as any[]) {
      await sim.api("PATCH", `/v1/servers/${m.id}`, { body: { tags: (await tagsOf(m.id)).filter((t) => !t.startsWith("hosting-live:")) } });
    }
    const refreshed = await fleet.read(x.id, x.outs, named("web"));
    expect(refreshed.props.leftovers, "none of them is the old instance's").to.deep.equal({});
    expect(Object.keys(refreshed.props.interrupted).sort()).to.deep.equal(idsOf(y.outs));
    expect(Object.values(refreshed.props.interrupted).map((r: any) => r.owner)).to.deep.equal([y.id, y.id]);
    const d = await fleet.diff(x.id, refreshed.props, { ...inputs, ...refreshed.inputs, memberSpecs: inputs.memberSpecs }, named("web"));
    expect(d.changes, "the next up sees them").to.equal(true);
    // A replacement's create beside the live old instance takes them (no POST); the old instance's delete leaves them.
    await sim.resetStats();
    const z = await fleet.create(inputs, named("web"));
    expect(idsOf(z.outs)).to.deep.equal(idsOf(y.outs));
    expect(countRequests(await sim.stats(), "POST /v1/servers")).to.equal(0);
    await fleet.delete(x.id, refreshed.props, named("web"));
    expect(await live()).to.deep.equal(idsOf(z.outs));
  });

  for (const [what, identity] of [
    ["written before the owner mark existed (an upgrade, not a replace)", true],
    ["with no marks at all (a fleet from before tags, or a member recorded after its tag PATCH failed)", false],
  ] as const) {
    it(`an update marks a fleet's members ${what}`, async () => {
      const inputs = await checked(news());
      const TAG = fleetTagOf("proj/dev", "web");
      const ids: Record<string, string> = {};
      for (const key of ["web-ewr-1", "web-fra-1"]) {
        const region = key.split("-")[1];
        ids[key] = await sim.seedServer({ label: key, region, ...(shape === "A" ? { os_id: 2284 } : { os: "ubuntu-24.04" }), tags: ["fleet", ...(identity ? [TAG, `hosting-member:${key}`] : [])] });
      }
      const made = await fleet.create(inputs, named("web"));
      // The state of that older fleet: its members recorded, no instance mark on its servers.
      const olds = { ...made.outs, members: Object.fromEntries(Object.entries(made.outs.members).map(([k, m]: [string, any]) => [k, { ...m, id: ids[k] }])) };
      for (const m of Object.values(made.outs.members) as any[]) await sim.api("DELETE", `/v1/servers/${m.id}`);
      await sim.resetStats();
      const res = await fleet.update(LEGACY, olds, inputs, named("web"));
      expect(idsOf(res.outs)).to.deep.equal(Object.values(ids).sort());
      for (const [key, id] of Object.entries(ids)) {
        expect((await tagsOf(id)).filter((t) => t.startsWith("hosting-")), key).to.deep.equal(
          [TAG, `hosting-member:${key}`, `hosting-owner:${LEGACY}`, ...(key === "web-ewr-1" ? [`hosting-live:${LEGACY}`] : [])].sort(),
        );
      }
      expect(countRequests(await sim.stats(), "PATCH /v1/servers/:id"), "one PATCH per member, the live mark folded into the first").to.equal(2);
      expect(countRequests(await sim.stats(), "POST /v1/servers"), "no replacement").to.equal(0);
    });
  }
});

describeProviderShapes((shape) => `Fleet reclaim proves what it records, shape ${shape}`, (sim) => {
  it("a server left for a member with other user data (the API cannot show it) is a leftover, not the member", async () => {
    const inputs = (await fleet.check({}, news({ groups: [{ name: "web", regions: ["ewr"] }] }), named("web"))).inputs as Props;
    const first = await fleet.create(inputs, named("web"));
    const left = first.outs.members["web-ewr-1"].id;
    // The killed run's server, never marked live, made with another userData.
    const tags = ((await sim.rawServers()).find((s: any) => s.id === left).tags as string[])
      .filter((t) => !t.startsWith("hosting-live:") && !t.startsWith("hosting-spec:"))
      .concat(specMarkOf({ region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", userData: "#!/bin/sh\necho other" }));
    await sim.api("PATCH", `/v1/servers/${left}`, { body: { tags } });
    const again = await fleet.create(inputs, named("web"));
    expect(again.outs.members["web-ewr-1"].id).to.not.equal(left);
    expect((await sim.liveServers()).map((s: any) => s.id)).to.deep.equal([again.outs.members["web-ewr-1"].id]);
  });
});

describeProviderShapes((shape) => `Fleet adoption and import: one member is one server, shape ${shape}`, (sim) => {
  it("one server named for two members is refused at check, naming both keys", async () => {
    const res = await fleet.check({}, news({ adoptIds: { "web-ewr-1": "srv-1", "web-fra-1": "srv-1" } }), named("web"));
    expect(res.failures.map((f: Props) => f.property)).to.deep.equal(["adoptIds"]);
    expect(res.failures[0].reason).to.equal('adoptIds["web-ewr-1"] and adoptIds["web-fra-1"] both name server srv-1; give each member its own server');
  });

  /** A live Fleet `web` whose state was deleted (`pulumi state delete`), imported by ids as the engine does (read with no state). */
  async function importedAfterStateDelete(): Promise<{ id: string; props: Props; inputs: Props }> {
    const made = await fleet.create(await checked(news()), named("web"));
    const id = Object.entries(made.outs.members).map(([k, m]: [string, any]) => `${k}=${m.id}`).join(",");
    const imported = await fleet.read(id, {}, named("web"));
    expect(Object.keys(imported.props.members)).to.deep.equal(["web-ewr-1", "web-fra-1"]);
    return { id, props: imported.props, inputs: imported.inputs };
  }
  async function checked(n: Props, olds: Props = {}): Promise<Props> {
    const res = await fleet.check(olds, n, named("web"));
    expect(res.failures ?? [], JSON.stringify(res.failures)).to.deep.equal([]);
    return res.inputs as Props;
  }
  const live = async (): Promise<string[]> => (await sim.liveServers()).map((s: any) => s.id).sort();

  it("an imported fleet is the importing instance's: an OS roll replaces its servers and a destroy then leaves none", async () => {
    const imported = await importedAfterStateDelete();
    const rolled = await fleet.update(imported.id, imported.props, await checked(news({ defaults: { plan: "vc2-1c-1gb", os: "debian-12", tags: ["fleet"] } }), imported.inputs), named("web"));
    expect(Object.values(rolled.outs.members).map((m: any) => m.os)).to.deep.equal(["debian-12", "debian-12"]);
    expect(await live(), "the old servers went with the roll").to.deep.equal(idsOf(rolled.outs));
    await fleet.delete(imported.id, rolled.outs, named("web"));
    expect(await live()).to.deep.equal([]);
  });

  it("an import under another name lists by the tag its servers carry in this stack too, never another stack's", async () => {
    const made = await fleet.create(await checked(news()), named("web"));
    const ids = Object.entries(made.outs.members).map(([k, m]: [string, any]) => `${k}=${m.id}`).join(",");
    const renamed = await fleet.read(ids, {}, named("web-blue"));
    expect(renamed.props).to.include({ fleetTag: fleetTagOf("proj/dev", "web-blue") });
    expect(renamed.props.formerTags).to.deep.equal([fleetTagOf("proj/dev", "web")]);
    const moved = await fleet.read(ids, {}, testContext({ name: "web", project: "proj", stack: "prod" }));
    expect(moved.props).to.include({ fleetTag: fleetTagOf("proj/prod", "web") });
    expect(moved.props.formerTags, "proj/dev's Fleet may still be live").to.equal(undefined);
  });

  it("a destroy of an imported fleet before any update deletes its servers", async () => {
    const imported = await importedAfterStateDelete();
    await fleet.delete(imported.id, imported.props, named("web"));
    expect(await live()).to.deep.equal([]);
  });

  it("an import by tag with two servers of one label is refused, naming both", async () => {
    const a = await sim.seedServer({ label: "web-ewr-1", tags: ["legacy"] });
    const b = await sim.seedServer({ label: "web-ewr-1", tags: ["legacy"] });
    const err = await rejection(fleet.read("tag:legacy", {}, named("web")));
    const [first, second] = err.message.startsWith(`import id "tag:legacy": servers ${a}`) ? [a, b] : [b, a];
    expect(err.message).to.equal(`import id "tag:legacy": servers ${first} and ${second} both have the label "web-ewr-1"; import by ids instead (<key>=<server id>,...) to say which one is the member`);
  });
});
