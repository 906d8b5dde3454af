// A Fleet's health-gated roll against the simulator in both shapes: a roll to a never-healthy image
// is rolled back to exactly the 8 old servers (or recorded without rollback), a healthy roll never
// drops below 8 healthy members, and a canary of 1 makes exactly one server.
//
// The health-gated roll of a Fleet against the simulator, both shapes: 8 members rolled with
// maxSurge 2 to an OS image whose servers never pass their health check (the simulator's
// health route and its per-image rule), with rollback (exactly the 8 old servers are left, and
// only the first batch was ever made) and without (the failed batch recorded); a roll to a
// healthy image that never has fewer than 8 healthy members nor more than 10 servers; and a
// canary of 1 that makes exactly one new server. The samples of the account are taken in the
// simulator's process, on every change of its table, so no moment between two polls is missed.
import { expect } from "chai";
import * as fleetTyped from "../../../provider/fleet/provider";
import { describeProviderShapes, rejection } from "../harness";
import { loose } from "../../helpers/loose-provider";

const fleet = loose(fleetTyped);
type Props = Record<string, any>;

describeProviderShapes((shape) => `Fleet health-gated roll against the simulator, shape ${shape}`, (sim) => {
  const healthCheck = () => ({ url: `${sim.url}/_health/{id}`, intervalSeconds: 0.05, timeoutSeconds: 0.5, deadlineSeconds: 1.5 });
  const news = (os: string, over: Props = {}): Props => ({
    __provider: "SHELL", defaults: { plan: "vc2-1c-1gb", os }, groups: [{ name: "web", regions: ["ewr"], count: 8 }], maxSurge: 2, healthCheck: healthCheck(), ...over,
  });
  async function checked(n: Props, olds: Props = {}): Promise<Props> {
    const res = await fleet.check(olds, n);
    expect(res.failures ?? [], JSON.stringify(res.failures)).to.deep.equal([]);
    return res.inputs as Props;
  }
  const inner = () => sim.handle.admin.sim;
  const liveIds = () => inner().store.servers.filter((s) => !s.gone && s.status !== "terminated").map((s) => s.id).sort();
  const osId = (slug: string) => (slug === "debian-12" ? 2136 : 2284);
  const everMade = (slug: string) => inner().store.servers.filter((s) => s.os_id === osId(slug));
  const setHealth = (rules: unknown[]) => sim.admin("PUT", "/health", { rules });

  async function eightOnUbuntu(over: Props = {}) {
    const inputs = await checked(news("ubuntu-24.04", over));
    const res = await fleet.create(inputs);
    expect(Object.keys(res.outs.members)).to.have.length(8);
    return { id: res.id as string, outs: { ...res.outs, __provider: "SHELL" } as Props };
  }

  it("a roll of 8 (maxSurge 2) to a never-healthy image fails after the first batch; rollback leaves exactly the 8 old servers", async () => {
    const { id, outs } = await eightOnUbuntu();
    const before = liveIds();
    await setHealth([{ image: "debian-12", mode: "never" }]);
    const inputs = await checked(news("debian-12"), outs);
    const err: any = await rejection(fleet.update(id, outs, inputs));
    expect(err.name).to.equal("ResourceInitFailedError");
    // The members, the check and what it saw are named.
    expect(err.message).to.match(/member web-ewr-1: server \S+ is active but not healthy: health check \(GET http:\/\/127\.0\.0\.1:\d+\/_health\/\S+\) did not pass within deadlineSeconds 1.5 of the server being active: \d+ tries saw \d+ × status 503/);
    expect(err.message).to.contain("member web-ewr-2:");
    expect(err.message).to.contain("rolled back: deleted the failed batch's new servers");
    expect(err.message).to.contain("web-ewr-1, web-ewr-2 are on the old spec again");
    // The error says what the next `up` does: it holds the roll, and how to try it again.
    expect(err.message).to.contain("the roll is held: the next `pulumi up` tries it again only when the program changes those members' spec or health check, or sets a new retryRoll");
    expect(err.message).to.not.contain("the next `pulumi up` tries the roll again");
    expect(everMade("debian-12"), "only the first batch was ever made").to.have.length(2);
    expect(liveIds(), "exactly the 8 old servers, no new one").to.deep.equal(before);
    const recorded = err.properties as Props;
    expect(Object.values(recorded.members).map((m: any) => m.id).sort()).to.deep.equal(before);
    expect(recorded.leftovers).to.deep.equal({});
    expect(Object.values(recorded.members).every((m: any) => m.os === "ubuntu-24.04")).to.equal(true);
    expect(recorded.heldRoll).to.deep.include({ members: ["web-ewr-1", "web-ewr-2"] });

    // The next `up` of the same program holds the roll; a new retryRoll or health check tries it again.
    const olds = { ...recorded, __provider: "SHELL" };
    const same = await fleet.diff(id, olds, await checked(news("debian-12"), olds));
    expect(same.changes, JSON.stringify(same.plannedChanges)).to.equal(false);
    const retry = await fleet.diff(id, olds, await checked(news("debian-12", { retryRoll: "again" }), olds));
    expect(retry.plannedChanges[0]).to.match(/^replace 8 \(os\) /);
    const fixed = await fleet.diff(id, olds, await checked(news("debian-12", { healthCheck: { ...healthCheck(), deadlineSeconds: 30 } }), olds));
    expect(fixed.plannedChanges[0]).to.match(/^replace 8 /);
    // An update that runs for another reason keeps the hold, and rolls nothing.
    await sim.resetStats();
    const other = await fleet.update(id, olds, await checked(news("debian-12", { pauseSeconds: 1 }), olds));
    expect(other.outs.heldRoll).to.deep.equal(recorded.heldRoll);
    expect(everMade("debian-12")).to.have.length(2);
  });

  it("while a roll is held, a higher count makes its new members from the spec the fleet was rolled back to, not the failing one", async () => {
    const { id, outs } = await eightOnUbuntu();
    await setHealth([{ image: "debian-12", mode: "never" }]);
    const err: any = await rejection(fleet.update(id, outs, await checked(news("debian-12"), outs)));
    const olds = { ...err.properties, __provider: "SHELL" } as Props;
    const ten = (over: Props = {}) => news("debian-12", { groups: [{ name: "web", regions: ["ewr"], count: 10 }], ...over });
    const preview = await fleet.diff(id, olds, await checked(ten(), olds));
    expect(preview.plannedChanges).to.deep.equal(["create 2: web-ewr-9, web-ewr-10"]);
    expect(preview.changes).to.equal(true);

    const res = await fleet.update(id, olds, await checked(ten(), olds));
    const members = res.outs.members as Props;
    expect(Object.keys(members)).to.have.length(10);
    expect(members["web-ewr-9"].os, "made like the members the roll was rolled back to").to.equal("ubuntu-24.04");
    expect(members["web-ewr-10"].os).to.equal("ubuntu-24.04");
    expect(everMade("debian-12"), "no server of the failing image since the rollback").to.have.length(2);
    expect(liveIds()).to.have.length(10);
    expect(res.outs.heldRoll).to.deep.equal(olds.heldRoll);

    // The same program again is no change; a new retryRoll rolls all 10, the new members too.
    const after = { ...res.outs, __provider: "SHELL" } as Props;
    const same = await fleet.diff(id, after, await checked(ten(), after));
    expect(same.changes, JSON.stringify(same.plannedChanges)).to.equal(false);
    const retry = await fleet.diff(id, after, await checked(ten({ retryRoll: "again" }), after));
    expect(retry.plannedChanges[0]).to.match(/^replace 10 \(os\) /);
  });

  it("with maxUnavailable 1, a member whose old server was deleted is made again from its old spec", async () => {
    const { id, outs } = await eightOnUbuntu({ maxSurge: 1, maxUnavailable: 1 });
    await setHealth([{ image: "debian-12", mode: "never" }]);
    const err: any = await rejection(fleet.update(id, outs, await checked(news("debian-12", { maxSurge: 1, maxUnavailable: 1 }), outs)));
    expect(err.message).to.contain("made web-ewr-1 again from the old spec (the old server was already deleted)");
    const recorded = err.properties as Props;
    expect(Object.values(recorded.members).map((m: any) => m.id).sort()).to.deep.equal(liveIds());
    expect(Object.values(recorded.members).every((m: any) => m.os === "ubuntu-24.04")).to.equal(true);
    expect(liveIds()).to.have.length(8);
    expect(recorded.members["web-ewr-1"].id).to.not.equal(outs.members["web-ewr-1"].id);
  });

  it("without rollback the roll stops after the failed batch and records it: 8 old members, the 2 new servers as leftovers", async () => {
    const { id, outs } = await eightOnUbuntu({ rollback: false });
    const before = liveIds();
    await setHealth([{ image: "debian-12", mode: "never" }]);
    const err: any = await rejection(fleet.update(id, outs, await checked(news("debian-12", { rollback: false }), outs)));
    expect(err.message).to.contain("0 of 8 replacements done, the roll stopped there");
    expect(err.message).to.not.contain("rolled back");
    const recorded = err.properties as Props;
    expect(Object.values(recorded.members).map((m: any) => m.id).sort()).to.deep.equal(before);
    const made = everMade("debian-12").map((s) => s.id).sort();
    expect(made).to.have.length(2);
    expect(Object.keys(recorded.leftovers).sort()).to.deep.equal(made);
    expect(liveIds()).to.deep.equal([...before, ...made].sort());
  });

  it("a roll to a healthy image never has fewer than 8 healthy members nor more than 10 servers", async () => {
    const { id, outs } = await eightOnUbuntu();
    // The new image's service answers 0.3 s after the server is active: the roll must wait for it.
    await setHealth([{ image: "debian-12", mode: "after", afterSeconds: 0.3 }]);
    const s = inner();
    let minHealthy = Infinity;
    let maxServers = 0;
    let samples = 0;
    const sample = () => {
      const live = s.store.servers.filter((x) => !x.gone && x.status !== "terminated");
      const now = s.clock.now();
      const healthy = live.filter((x) => x.status === "active" && x.active_at != null && (x.os_id === 2284 || now >= x.active_at + 300)).length;
      minHealthy = Math.min(minHealthy, healthy);
      maxServers = Math.max(maxServers, live.length);
      samples++;
    };
    // Every change of the simulator's table is a moment to sample; a timer catches the health rule's time passing.
    const changed = s.changed.bind(s);
    s.changed = () => (changed(), sample());
    const timer = setInterval(sample, 5);
    try {
      const res = await fleet.update(id, outs, await checked(news("debian-12"), outs));
      expect(Object.values(res.outs.members).every((m: any) => m.os === "debian-12")).to.equal(true);
    } finally {
      clearInterval(timer);
      s.changed = changed;
    }
    expect(samples).to.be.above(20);
    expect(minHealthy).to.equal(8);
    expect(maxServers).to.equal(10);
    expect(everMade("debian-12")).to.have.length(8);
  });

  it("a canary of 1 to a bad image makes exactly one new server,", async () => {
    const { id, outs } = await eightOnUbuntu({ canary: 1, canaryPauseSeconds: 1 });
    await setHealth([{ image: "debian-12", mode: "never" }]);
    const err: any = await rejection(fleet.update(id, outs, await checked(news("debian-12", { canary: 1, canaryPauseSeconds: 1 }), outs)));
    expect(err.message).to.contain("member web-ewr-1:");
    expect(err.message).to.not.contain("member web-ewr-2:");
    expect(everMade("debian-12"), "exactly one new server was ever made").to.have.length(1);
    expect(liveIds()).to.have.length(8);
  });

  it("a health check recorded with its keys in another order (the plugin face's state) is no change", async () => {
    const { id, outs } = await eightOnUbuntu();
    const reordered = { ...outs, healthCheck: Object.fromEntries(Object.entries(outs.healthCheck).reverse()) };
    const plan = await fleet.diff(id, reordered, await checked(news("ubuntu-24.04"), reordered));
    expect(plan.changes, JSON.stringify(plan.plannedChanges)).to.equal(false);
  });

  it("a create waits for health too: a member that never passes fails the create, recorded", async () => {
    await setHealth([{ image: "debian-12", mode: "never" }]);
    const inputs = await checked(news("debian-12", { groups: [{ name: "web", regions: ["ewr"], count: 2 }] }));
    const err: any = await rejection(fleet.create(inputs));
    expect(err.message).to.match(/member web-ewr-1: server \S+ is active but not healthy: .* × status 503/);
    expect(Object.keys(err.properties.members)).to.deep.equal(["web-ewr-1", "web-ewr-2"]);
    expect(Object.values(err.properties.members).map((m: any) => m.id).sort()).to.deep.equal(liveIds());
  });

  it("health is proved, not remembered: the up after a create whose members failed their check probes them again and fails until they pass", async () => {
    await setHealth([{ image: "debian-12", mode: "never" }]);
    const inputs = await checked(news("debian-12", { groups: [{ name: "web", regions: ["ewr"], count: 2 }] }));
    const err: any = await rejection(fleet.create(inputs));
    const olds = { ...err.properties, __provider: "SHELL" };
    const made = liveIds();
    // The engine retries a partial create with an update of the same program: the members are
    // active, but nothing has proved them healthy; the update must not succeed on that.
    const again: any = await rejection(fleet.update(err.id, olds, await checked(news("debian-12", { groups: [{ name: "web", regions: ["ewr"], count: 2 }] }), olds)));
    expect(again.message).to.match(/member web-ewr-1: server \S+ is active but not healthy: .* × status 503/);
    expect(liveIds(), "no server made or deleted by the probe").to.deep.equal(made);
    // Once the image serves, the next update proves them and succeeds, and the one after it probes nothing.
    await setHealth([]);
    const recorded = { ...again.properties, __provider: "SHELL" };
    const proved = await fleet.update(err.id, recorded, await checked(news("debian-12", { groups: [{ name: "web", regions: ["ewr"], count: 2 }] }), recorded));
    expect(Object.values(proved.outs.members).map((m: any) => m.id).sort()).to.deep.equal(made);
    await setHealth([{ image: "debian-12", mode: "never" }]);
    const steady = { ...proved.outs, __provider: "SHELL" };
    await fleet.update(err.id, steady, await checked(news("debian-12", { groups: [{ name: "web", regions: ["ewr"], count: 2 }] }), steady));
  });

  it("check refuses a health check URL on loopback only when the API is not loopback, and takes the simulator's", async () => {
    const res = await fleet.check({}, news("ubuntu-24.04", { healthCheck: { url: "http://10.1.2.3/{id}" } }));
    expect(res.failures.map((f: Props) => f.property)).to.deep.equal(["healthCheck.url"]);
    const group = await fleet.check({}, news("ubuntu-24.04", { groups: [{ name: "web", regions: ["ewr"], healthCheck: { kind: "tcp" } }] }));
    expect(group.failures.map((f: Props) => f.property)).to.deep.equal(["groups[0].healthCheck.port"]);
    const ok = await checked(news("ubuntu-24.04"));
    expect(ok.healthCheck).to.deep.include({ kind: "http", url: `${sim.url}/_health/{id}` });
  });
});
