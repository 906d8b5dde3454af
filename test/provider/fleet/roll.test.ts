// The rolling replacement (provider/fleet/roll.ts) on virtual time: a model account whose servers
// take `provisionMs` to become active and `deleteMs` to go, the fake clock, and member operations
// that record each call. The tests assert the exact order of creates and deletes per batch, the
// account's size and the members in service at every step, the pause between batches, and a
// failed replacement that stops the roll with every server recorded.
import { expect } from "chai";
import { fakeClock, type FakeClock } from "../../helpers/fake-clock";
import { applyPlan, type FleetState } from "../../../provider/fleet/roll";
import { MemberFailure, type MemberOps } from "../../../provider/fleet/member-ops";
import { planMembers } from "../../../provider/fleet/plan";
import type { MemberSpec, RecordedMember } from "../../../provider/fleet/types";

interface ModelServer { id: string; key: string; status: "pending" | "active" | "error"; os: string }

class ModelAccount {
  servers = new Map<string, ModelServer>();
  log: string[] = [];
  maxServers = 0;
  minActive = Infinity;
  next = 1;
  failOn = new Set<string>();
  constructor(private clock: FakeClock, private provisionMs = 1000, private deleteMs = 200) {}

  private observe(): void {
    this.maxServers = Math.max(this.maxServers, this.servers.size);
    const active = new Set([...this.servers.values()].filter((s) => s.status === "active").map((s) => s.key));
    this.minActive = Math.min(this.minActive, active.size);
  }
  private at(what: string): void {
    this.log.push(`${this.clock.elapsed()} ${what}`);
  }

  ops(): MemberOps {
    return {
      create: async (key, spec) => {
        const id = `s${this.next++}`;
        const server: ModelServer = { id, key, status: "pending", os: spec.os };
        this.servers.set(id, server);
        this.at(`POST ${key} ${spec.os} -> ${id}`);
        this.observe();
        await this.clock.sleep(this.provisionMs);
        const fails = this.failOn.has(`${key} ${spec.os}`);
        server.status = fails ? "error" : "active";
        this.observe();
        const member = { id, label: key, region: "ewr", plan: "vc2-1c-1gb", os: spec.os, osId: 0, mainIp: "", status: server.status, tags: [] } as RecordedMember;
        if (fails) throw new MemberFailure(key, `server ${id} was created but is not ready: it ended in error`, member);
        this.at(`active ${key} ${id}`);
        return member;
      },
      update: async (key, member, spec) => {
        this.at(`PATCH ${key}`);
        return { ...member, label: spec.label };
      },
      sendDelete: async (key, member) => {
        this.at(`DELETE ${key} ${member.id}`);
        return this.servers.has(member.id);
      },
      confirmDeleted: async (_key, member) => {
        await this.clock.sleep(this.deleteMs);
        this.servers.delete(member.id);
        this.observe();
      },
    };
  }

  /** A fleet of `keys` already running `os`. */
  seed(keys: string[], os: string): FleetState {
    const state: FleetState = { members: {}, leftovers: {} };
    for (const key of keys) {
      const id = `s${this.next++}`;
      this.servers.set(id, { id, key, status: "active", os });
      state.members[key] = { id, label: key, region: "ewr", plan: "vc2-1c-1gb", os, osId: os === "debian-12" ? 2136 : 2284, mainIp: "", status: "active", tags: [] } as RecordedMember;
    }
    this.observe();
    return state;
  }
}

const KEYS = ["web-ewr-1", "web-ewr-2", "web-ewr-3", "web-fra-1", "web-fra-2", "web-fra-3"];
const specs = (os: string, keys = KEYS): Record<string, MemberSpec> =>
  Object.fromEntries(keys.map((k) => [k, { region: "ewr", plan: "vc2-1c-1gb", os, osId: os === "debian-12" ? 2136 : 2284, label: k, tags: [] } as MemberSpec]));

async function run(clock: FakeClock, p: Promise<unknown>): Promise<void> {
  let done = false;
  void p.finally(() => (done = true)).catch(() => undefined);
  while (!done) await clock.tick(50);
}

describe("fleet rolling replacement on virtual time", () => {
  it("maxSurge 2: each batch creates 2, waits until both are active, deletes their 2 old servers, then starts the next", async () => {
    const clock = fakeClock();
    const account = new ModelAccount(clock);
    const state = account.seed(KEYS, "ubuntu-24.04");
    const plan = planMembers(state.members, specs("debian-12"));
    expect(plan.replace.map((r) => r.key)).to.deep.equal(["web-ewr-1", "web-ewr-2", "web-ewr-3", "web-fra-1", "web-fra-2", "web-fra-3"]);
    const result = applyPlan(state, plan, specs("debian-12"), account.ops(), { maxSurge: 2, maxUnavailable: 0, pauseMs: 0, clock });
    await run(clock, result);
    expect((await result).failures).to.deep.equal([]);
    expect(account.log).to.deep.equal([
      "0 POST web-ewr-1 debian-12 -> s7", "0 POST web-ewr-2 debian-12 -> s8",
      "1000 active web-ewr-1 s7", "1000 active web-ewr-2 s8",
      "1000 DELETE web-ewr-1 s1", "1000 DELETE web-ewr-2 s2",
      "1200 POST web-ewr-3 debian-12 -> s9", "1200 POST web-fra-1 debian-12 -> s10",
      "2200 active web-ewr-3 s9", "2200 active web-fra-1 s10",
      "2200 DELETE web-ewr-3 s3", "2200 DELETE web-fra-1 s4",
      "2400 POST web-fra-2 debian-12 -> s11", "2400 POST web-fra-3 debian-12 -> s12",
      "3400 active web-fra-2 s11", "3400 active web-fra-3 s12",
      "3400 DELETE web-fra-2 s5", "3400 DELETE web-fra-3 s6",
    ]);
    expect(account.maxServers, "never more than size + maxSurge").to.equal(6 + 2);
    expect(account.minActive, "never fewer than size - maxUnavailable in service").to.equal(6);
    expect(Object.values(state.members).map((m) => m.id)).to.deep.equal(["s7", "s8", "s9", "s10", "s11", "s12"]);
    expect(state.leftovers).to.deep.equal({});
  });

  it("maxSurge 1, maxUnavailable 1: batches of 2, one old server deleted first, the account at most size + 1, at least size - 1 in service", async () => {
    const clock = fakeClock();
    const account = new ModelAccount(clock);
    const keys = KEYS.slice(0, 4);
    const state = account.seed(keys, "ubuntu-24.04");
    const result = applyPlan(state, planMembers(state.members, specs("debian-12", keys)), specs("debian-12", keys), account.ops(), { maxSurge: 1, maxUnavailable: 1, pauseMs: 0, clock });
    await run(clock, result);
    expect(account.log).to.deep.equal([
      "0 DELETE web-ewr-1 s1",
      "200 POST web-ewr-1 debian-12 -> s5", "200 POST web-ewr-2 debian-12 -> s6",
      "1200 active web-ewr-1 s5", "1200 active web-ewr-2 s6",
      "1200 DELETE web-ewr-2 s2",
      "1400 DELETE web-ewr-3 s3",
      "1600 POST web-ewr-3 debian-12 -> s7", "1600 POST web-fra-1 debian-12 -> s8",
      "2600 active web-ewr-3 s7", "2600 active web-fra-1 s8",
      "2600 DELETE web-fra-1 s4",
    ]);
    expect(account.maxServers).to.equal(4 + 1);
    expect(account.minActive).to.equal(4 - 1);
  });

  it("pauseSeconds waits between batches on the injected clock, not after the last", async () => {
    const clock = fakeClock();
    const account = new ModelAccount(clock);
    const keys = KEYS.slice(0, 2);
    const state = account.seed(keys, "ubuntu-24.04");
    const result = applyPlan(state, planMembers(state.members, specs("debian-12", keys)), specs("debian-12", keys), account.ops(), { maxSurge: 1, maxUnavailable: 0, pauseMs: 5000, clock });
    await run(clock, result);
    expect(account.log).to.deep.equal([
      "0 POST web-ewr-1 debian-12 -> s3", "1000 active web-ewr-1 s3", "1000 DELETE web-ewr-1 s1",
      "6200 POST web-ewr-2 debian-12 -> s4", "7200 active web-ewr-2 s4", "7200 DELETE web-ewr-2 s2",
    ]);
    expect(clock.elapsed()).to.be.below(7200 + 200 + 100);
  });

  it("the engine's Cancel ends a pause between batches at once: the roll stops there with every server of the account recorded", async () => {
    const clock = fakeClock();
    const account = new ModelAccount(clock);
    const keys = KEYS.slice(0, 3);
    const state = account.seed(keys, "ubuntu-24.04");
    const cancel = new AbortController();
    const opts = { maxSurge: 1, maxUnavailable: 0, pauseMs: 60_000, clock, signal: cancel.signal };
    const result = applyPlan(state, planMembers(state.members, specs("debian-12", keys)), specs("debian-12", keys), account.ops(), opts);
    // Ctrl-C 2 s into the first pause (the first batch ends at 1,200 ms).
    clock.setTimeout(() => cancel.abort(new Error("cancelled by the engine")), 3200);
    await run(clock, result);
    const res = await result;
    expect(clock.elapsed(), "ended with the Cancel, not after the 60 s pause").to.be.below(3200 + 100);
    expect(res.failures.map((f) => f.message)).to.deep.equal(["member web-ewr-2: the roll stopped in its pause (pauseSeconds) before this member's batch: cancelled by the engine"]);
    expect(res.replaced).to.equal(1);
    expect(account.log).to.deep.equal(["0 POST web-ewr-1 debian-12 -> s4", "1000 active web-ewr-1 s4", "1000 DELETE web-ewr-1 s1"]);
    expect(Object.values(state.members).map((m) => m.id).sort(), "the state holds every server of the account").to.deep.equal([...account.servers.keys()].sort());
  });

  it("a replacement whose server an interrupted run made is taken over (adopt), not created again", async () => {
    const clock = fakeClock();
    const account = new ModelAccount(clock);
    const keys = KEYS.slice(0, 2);
    const state = account.seed(keys, "ubuntu-24.04");
    const taken: string[] = [];
    const ops = { ...account.ops(), create: async (key: string, spec: MemberSpec, adoptId?: string) => {
      if (!adoptId) return account.ops().create(key, spec);
      taken.push(`${key} ${adoptId}`);
      return { id: adoptId, label: key, region: "ewr", plan: "vc2-1c-1gb", os: spec.os, mainIp: "", status: "active" } as RecordedMember;
    } };
    state.leftovers.s9 = { id: "s9", label: "web-ewr-1", region: "ewr", plan: "vc2-1c-1gb", os: "debian-12", mainIp: "", status: "pending" } as RecordedMember;
    const plan = planMembers(state.members, specs("debian-12", keys));
    const result = applyPlan(state, plan, specs("debian-12", keys), ops, { maxSurge: 1, maxUnavailable: 0, pauseMs: 0, clock, adopt: { "web-ewr-1": "s9" } });
    await run(clock, result);
    expect((await result).failures).to.deep.equal([]);
    expect(taken).to.deep.equal(["web-ewr-1 s9"]);
    expect(account.log.filter((l) => l.includes("POST"))).to.deep.equal(["200 POST web-ewr-2 debian-12 -> s3"]);
    expect(state.members["web-ewr-1"].id).to.equal("s9");
    expect(state.leftovers, "the leftover taken over is a member now").to.deep.equal({});
  });

  it("a failed replacement stops the roll after its batch; the failed server is a leftover, the old one stays the member; the next run resumes", async () => {
    const clock = fakeClock();
    const account = new ModelAccount(clock);
    const state = account.seed(KEYS, "ubuntu-24.04");
    account.failOn.add("web-ewr-3 debian-12");
    const first = applyPlan(state, planMembers(state.members, specs("debian-12")), specs("debian-12"), account.ops(), { maxSurge: 2, maxUnavailable: 0, pauseMs: 0, clock });
    await run(clock, first);
    const res = await first;
    expect(res.failures.map((f) => f.message)).to.deep.equal(["member web-ewr-3: server s9 was created but is not ready: it ended in error"]);
    expect(res.replaced).to.equal(3);
    expect(account.log.slice(6)).to.deep.equal([
      "1200 POST web-ewr-3 debian-12 -> s9", "1200 POST web-fra-1 debian-12 -> s10",
      "2200 active web-fra-1 s10",
      "2200 DELETE web-fra-1 s4",
    ]);
    // Every server in the account is recorded: six members and one leftover; none orphaned.
    const recorded = [...Object.values(state.members), ...Object.values(state.leftovers)].map((m) => m.id).sort();
    expect(recorded).to.deep.equal([...account.servers.keys()].sort());
    expect(state.members["web-ewr-3"].id).to.equal("s3");
    expect(Object.keys(state.leftovers)).to.deep.equal(["s9"]);

    account.failOn.clear();
    account.log = [];
    const plan = planMembers(state.members, specs("debian-12"), state.leftovers);
    expect(plan.leftovers).to.deep.equal(["s9"]);
    expect(plan.replace.map((r) => r.key)).to.deep.equal(["web-ewr-3", "web-fra-2", "web-fra-3"]);
    const again = applyPlan(state, plan, specs("debian-12"), account.ops(), { maxSurge: 2, maxUnavailable: 0, pauseMs: 0, clock });
    await run(clock, again);
    expect((await again).failures).to.deep.equal([]);
    expect(account.log.map((l) => l.replace(/^\d+ /, ""))).to.deep.equal([
      "DELETE s9 s9",
      "POST web-ewr-3 debian-12 -> s11", "POST web-fra-2 debian-12 -> s12",
      "active web-ewr-3 s11", "active web-fra-2 s12",
      "DELETE web-ewr-3 s3", "DELETE web-fra-2 s5",
      "POST web-fra-3 debian-12 -> s13", "active web-fra-3 s13", "DELETE web-fra-3 s6",
    ]);
    expect(Object.values(state.members).every((m) => m.os === "debian-12")).to.equal(true);
    expect(state.leftovers).to.deep.equal({});
  });

  it("a label change is one update per member, and nothing is created or deleted", async () => {
    const clock = fakeClock();
    const account = new ModelAccount(clock);
    const state = account.seed(KEYS.slice(0, 3), "ubuntu-24.04");
    const wanted = specs("ubuntu-24.04", KEYS.slice(0, 3));
    for (const s of Object.values(wanted)) s.label = `${s.label}-renamed`;
    const plan = planMembers(state.members, wanted);
    expect(plan).to.deep.include({ create: [], replace: [], delete: [], update: ["web-ewr-1", "web-ewr-2", "web-ewr-3"] });
    const result = applyPlan(state, plan, wanted, account.ops(), { maxSurge: 1, maxUnavailable: 0, pauseMs: 0, clock });
    await run(clock, result);
    expect(account.log).to.deep.equal(["0 PATCH web-ewr-1", "0 PATCH web-ewr-2", "0 PATCH web-ewr-3"]);
  });
});
