// The health-gated roll (provider/fleet/health/rollout.ts over roll.ts) on virtual time: a model
// account whose servers are active `provisionMs` after their create, a prober that answers by
// the server's OS image, and the fake clock. Asserted: a canary batch and its pause, the order of
// creates, checks and deletes, a rollback that remakes a member whose old server was deleted
// first (maxUnavailable), a roll whose POSTs the API refused (rolled back, not held), and the
// engine's Cancel during a health wait, after which nothing is rolled back and every server is
// recorded.
import { expect } from "chai";
import { fakeClock, type FakeClock } from "../../../helpers/fake-clock";
import { rollOut, type RolloutOptions } from "../../../../provider/fleet/health/rollout";
import { progressReporter } from "../../../../provider/core/progress";
import { MemberFailure, type MemberOps } from "../../../../provider/fleet/member-ops";
import { planMembers } from "../../../../provider/fleet/plan";
import type { FleetState } from "../../../../provider/fleet/roll";
import type { Prober } from "../../../../provider/fleet/health/probe";
import type { CheckedHealthCheck } from "../../../../provider/fleet/health/types";
import type { MemberSpec, RecordedMember } from "../../../../provider/fleet/types";

const KEYS = ["web-ewr-1", "web-ewr-2", "web-ewr-3", "web-ewr-4"];
const CHECK: CheckedHealthCheck = { kind: "http", url: "http://{mainIp}/{id}", healthyStatusCodes: [200], intervalSeconds: 1, timeoutSeconds: 1, graceSeconds: 0, healthyThreshold: 2, deadlineSeconds: 5 };
const spec = (os: string, key: string): MemberSpec => ({ region: "ewr", plan: "vc2-1c-1gb", os, osId: os === "debian-12" ? 2136 : 2284, label: key, tags: [] } as MemberSpec);
const specs = (os: string) => Object.fromEntries(KEYS.map((k) => [k, spec(os, k)]));

class Model {
  servers = new Map<string, { key: string; os: string }>();
  /** Servers whose check fails whatever their image. */
  sick = new Set<string>();
  log: string[] = [];
  next = 1;
  constructor(private clock: FakeClock, private badOs: string) {}
  private at(what: string) {
    this.log.push(`${this.clock.elapsed()} ${what}`);
  }
  member(id: string, key: string, os: string): RecordedMember {
    return { id, label: key, region: "ewr", plan: "vc2-1c-1gb", os, osId: os === "debian-12" ? 2136 : 2284, mainIp: `203.0.113.${id.slice(1)}`, status: "active", tags: [] } as RecordedMember;
  }
  seed(): FleetState {
    const state: FleetState = { members: {}, leftovers: {} };
    for (const key of KEYS) {
      const id = `s${this.next++}`;
      this.servers.set(id, { key, os: "ubuntu-24.04" });
      state.members[key] = this.member(id, key, "ubuntu-24.04");
    }
    return state;
  }
  ops(): MemberOps {
    return {
      create: async (key, s) => {
        const id = `s${this.next++}`;
        this.servers.set(id, { key, os: s.os });
        this.at(`POST ${key} ${s.os} -> ${id}`);
        await this.clock.sleep(1000);
        return this.member(id, key, s.os);
      },
      update: async (_k, m) => m,
      sendDelete: async (key, m) => {
        this.at(`DELETE ${key} ${m.id}`);
        return this.servers.delete(m.id);
      },
      confirmDeleted: async () => undefined,
    };
  }
  prober(): Prober {
    return async (_c, target) => {
      const id = target.split("/").pop()!;
      const os = this.servers.get(id)?.os;
      return os === this.badOs || os === undefined || this.sick.has(id) ? { pass: false, seen: "status 503" } : { pass: true, seen: "status 200" };
    };
  }
}

function options(clock: FakeClock, model: Model, over: Partial<RolloutOptions> = {}): RolloutOptions {
  return {
    maxSurge: 2, maxUnavailable: 0, pauseMs: 0, clock,
    checks: Object.fromEntries(KEYS.map((k) => [k, CHECK])), rollback: true,
    gate: { clock, prober: model.prober() },
    specOf: (m) => spec(m.os, m.label),
    ...over,
  };
}

async function settle(clock: FakeClock, p: Promise<unknown>): Promise<void> {
  let done = false;
  void p.finally(() => (done = true)).catch(() => undefined);
  while (!done) await clock.tick(50);
}

describe("fleet health-gated roll on virtual time", () => {
  it("a canary of 1 goes alone, healthy after 2 passes in a row, then canaryPauseSeconds, then batches of maxSurge", async () => {
    const clock = fakeClock();
    const model = new Model(clock, "none");
    const state = model.seed();
    const p = rollOut(state, planMembers(state.members, specs("debian-12")), specs("debian-12"), model.ops(), options(clock, model, { canary: 1, canaryPauseMs: 10_000 }));
    await settle(clock, p);
    expect((await p).failures).to.deep.equal([]);
    // Active at +1 s, passes at +1 s and +2 s: healthy at +2 s after the POST, then its old server goes.
    expect(model.log).to.deep.equal([
      "0 POST web-ewr-1 debian-12 -> s5",
      "2000 DELETE web-ewr-1 s1",
      "12000 POST web-ewr-2 debian-12 -> s6", "12000 POST web-ewr-3 debian-12 -> s7",
      "14000 DELETE web-ewr-2 s2", "14000 DELETE web-ewr-3 s3",
      "14000 POST web-ewr-4 debian-12 -> s8",
      "16000 DELETE web-ewr-4 s4",
    ]);
  });

  it("reports each member healthy as n of the roll's members, after the batch's line, so the person watching sees the batch and the fleet's healthy count", async () => {
    const clock = fakeClock();
    const model = new Model(clock, "none");
    const state = model.seed();
    const lines: string[] = [];
    const progress = progressReporter((m) => void lines.push(`${clock.elapsed()} ${m}`), clock);
    const p = rollOut(state, planMembers(state.members, specs("debian-12")), specs("debian-12"), model.ops(), options(clock, model, { progress }));
    await settle(clock, p);
    expect((await p).failures).to.deep.equal([]);
    expect(lines).to.deep.equal([
      "0 rolling batch 1 of 2: web-ewr-1, web-ewr-2",
      "2000 1 of 4 members healthy", "2000 2 of 4 members healthy",
      "2000 rolling batch 2 of 2: web-ewr-3, web-ewr-4",
      "4000 3 of 4 members healthy", "4000 4 of 4 members healthy",
    ]);
  });

  it("a member failing its check when the roll starts counts as unavailable: maxUnavailable 1 then takes no serving old server out early", async () => {
    const clock = fakeClock();
    const model = new Model(clock, "none");
    const state = model.seed();
    model.sick.add(state.members["web-ewr-4"].id);
    const p = rollOut(state, planMembers(state.members, specs("debian-12")), specs("debian-12"), model.ops(), options(clock, model, { maxSurge: 1, maxUnavailable: 1 }));
    await settle(clock, p);
    expect((await p).failures).to.deep.equal([]);
    // Batches of maxSurge alone, each old server deleted only once its replacement is healthy.
    expect(model.log.slice(0, 2)).to.deep.equal(["0 POST web-ewr-1 debian-12 -> s5", "2000 DELETE web-ewr-1 s1"]);
    expect(model.log.filter((l) => / DELETE /.test(l))).to.have.length(4);
  });

  it("an old server whose delete does not finish leaves its healthy replacement the member: nothing rolled back, the old server a leftover", async () => {
    const clock = fakeClock();
    const model = new Model(clock, "none");
    const state = model.seed();
    const oldOne = state.members["web-ewr-1"].id;
    const base = model.ops();
    const ops: MemberOps = {
      ...base,
      // The delete of web-ewr-1's old server is sent but never seen done (the operation's time-out).
      confirmDeleted: async (key, m) => {
        if (m.id === oldOne) throw new MemberFailure(key, `server ${m.id} was not gone within the operation's time-out`);
      },
    };
    const p = rollOut(state, planMembers(state.members, specs("debian-12")), specs("debian-12"), ops, options(clock, model));
    await settle(clock, p);
    const result = await p;
    expect(result.failures.map((f) => f.key)).to.deep.equal(["web-ewr-1"]);
    expect(result.rolledBack, "a healthy replacement is not rolled back").to.equal(false);
    expect(state.members["web-ewr-1"].os).to.equal("debian-12");
    expect(model.servers.has(state.members["web-ewr-1"].id), "the healthy new server is kept").to.equal(true);
    expect(Object.keys(state.leftovers)).to.deep.equal([oldOne]);
  });

  it("maxUnavailable 1 to a bad image: the batch fails at its deadline, the new servers go, the member whose old server went is made again", async () => {
    const clock = fakeClock();
    const model = new Model(clock, "debian-12");
    const state = model.seed();
    const p = rollOut(state, planMembers(state.members, specs("debian-12")), specs("debian-12"), model.ops(), options(clock, model, { maxSurge: 1, maxUnavailable: 1 }));
    await settle(clock, p);
    const result = await p;
    expect(result.failures.map((f) => f.key)).to.deep.equal(["web-ewr-1", "web-ewr-2"]);
    expect(result.failures[0].message).to.contain("did not pass 2 times in a row within deadlineSeconds 5 of the server being active: 5 tries saw 5 × status 503");
    expect(model.log).to.deep.equal([
      "0 DELETE web-ewr-1 s1",
      "0 POST web-ewr-1 debian-12 -> s5", "0 POST web-ewr-2 debian-12 -> s6",
      // Deadline 5 s after active (+1 s): the rollback deletes both new servers, remakes web-ewr-1 on the old image.
      "6000 DELETE web-ewr-1 s5", "6000 DELETE web-ewr-2 s6",
      "6000 POST web-ewr-1 ubuntu-24.04 -> s7",
    ]);
    expect(result.rolledBack).to.equal(true);
    expect(result.heldBack?.members).to.deep.equal(["web-ewr-1", "web-ewr-2"]);
    expect(Object.fromEntries(Object.entries(state.members).map(([k, m]) => [k, `${m.id} ${m.os}`]))).to.deep.equal({
      "web-ewr-1": "s7 ubuntu-24.04", "web-ewr-2": "s2 ubuntu-24.04", "web-ewr-3": "s3 ubuntu-24.04", "web-ewr-4": "s4 ubuntu-24.04",
    });
    expect(state.leftovers).to.deep.equal({});
    expect([...model.servers.keys()].sort()).to.deep.equal(["s2", "s3", "s4", "s7"]);
  });

  it("a roll whose new servers the API never made (every POST refused) is rolled back but not held: nothing proved the image bad", async () => {
    const clock = fakeClock();
    const model = new Model(clock, "none");
    const state = model.seed();
    const ops = model.ops();
    const refusing: MemberOps = {
      ...ops,
      create: async (key, s) => {
        if (s.os !== "debian-12") return ops.create(key, s);
        await clock.sleep(1000);
        throw new MemberFailure(key, "POST /v1/servers failed: 503 Service Unavailable after 9 tries");
      },
    };
    const p = rollOut(state, planMembers(state.members, specs("debian-12")), specs("debian-12"), refusing, options(clock, model, { maxSurge: 1, maxUnavailable: 1 }));
    await settle(clock, p);
    const result = await p;
    expect(result.failures.map((f) => f.key)).to.deep.equal(["web-ewr-1", "web-ewr-2"]);
    // maxUnavailable 1 deleted web-ewr-1's old server first: the rollback makes it again on the old image.
    expect(model.log).to.deep.equal(["0 DELETE web-ewr-1 s1", "1000 POST web-ewr-1 ubuntu-24.04 -> s5"]);
    expect(result.rolledBack).to.equal(true);
    expect(result.heldBack, "no new server failed its check or its wait: the next up tries the roll again").to.equal(undefined);
    expect([...model.servers.keys()].sort()).to.deep.equal(["s2", "s3", "s4", "s5"]);
  });

  it("Cancel during a health wait ends the roll at once, rolls nothing back, and records every server", async () => {
    const clock = fakeClock();
    const model = new Model(clock, "debian-12");
    const state = model.seed();
    const cancel = new AbortController();
    const opts = options(clock, model, { signal: cancel.signal });
    opts.gate = { ...opts.gate, signal: cancel.signal };
    const p = rollOut(state, planMembers(state.members, specs("debian-12")), specs("debian-12"), model.ops(), opts);
    await clock.tick(2500);
    cancel.abort(new Error("cancelled"));
    await settle(clock, p);
    const result = await p;
    expect(clock.elapsed()).to.be.below(2600);
    expect(result.rolledBack).to.equal(false);
    expect(result.failures.every((f) => f instanceof MemberFailure && /the wait for its health check was cancelled/.test(f.reason))).to.equal(true);
    const recorded = [...Object.values(state.members), ...Object.values(state.leftovers)].map((m) => m.id).sort();
    expect(recorded).to.deep.equal([...model.servers.keys()].sort());
    expect(Object.keys(state.leftovers)).to.have.length(2);
  });
});
