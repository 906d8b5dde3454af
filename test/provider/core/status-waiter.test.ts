// The waiter's timing rules on a fake clock (test/helpers/fake-clock.ts), observed through a
// scripted stand-in for the client's `listAllServers`: each case asserts the virtual
// millisecond of every list call and of every outcome (the simulator tests prove the same
// sharing against the real API).
import { expect } from "chai";
import type { HostingApi, Server } from "../../../provider/api/wire/types";
import { reach } from "../../../provider/server/power";
import { StatusWaiter, type WaitOutcome } from "../../../provider/core/status-waiter";
import { fakeClock, type FakeClock } from "../../helpers/fake-clock";

function srv(id: string, status: Server["status"]): Server {
  return { id, status, label: "", region: "ewr", plan: "p", mainIp: "", vcpus: 1, ramGb: 1, diskGb: 1, tags: [], backups: false, ddosProtection: false, sshKeyIds: [], createdAt: "" };
}

/** A client whose n-th list call answers `script(n)`, and which records its virtual time. */
function scripted(clock: FakeClock, script: (call: number) => Server[] | Error) {
  const calls: number[] = [];
  const client = {
    async listAllServers() {
      calls.push(clock.elapsed());
      const answer = script(calls.length);
      if (answer instanceof Error) throw answer;
      return answer;
    },
    async getServer() {
      throw new Error("the waiter must not GET single servers");
    },
  } as unknown as HostingApi;
  return { client, calls };
}

const goalActive = (s: Server | undefined) => (s?.status === "active" ? "done" : s?.status === "error" ? "failed" : "wait");

/** The outcome and the virtual millisecond it came at. */
function timed(clock: FakeClock, p: Promise<WaitOutcome>) {
  const seen: { at?: number; outcome?: WaitOutcome; error?: Error } = {};
  p.then(
    (outcome) => Object.assign(seen, { at: clock.elapsed(), outcome }),
    (error: Error) => Object.assign(seen, { at: clock.elapsed(), error }),
  );
  return seen;
}

describe("status waiter timing (virtual time)", () => {
  let clock: FakeClock;
  beforeEach(() => (clock = fakeClock()));

  it("gathers the first polls of servers due within a quarter of their estimate into one list, and no more", async () => {
    const timings = { initialPollMs: 1000, backoff: 1.5, maxPollMs: 10_000, batchSlackMs: 250 };
    const { client, calls } = scripted(clock, (n) => ["a", "b", "c", "d"].map((id) => srv(id, id === "d" && n < 2 ? "pending" : "active")));
    const waiter = new StatusWaiter(client, { clock, timings });
    const seen: Record<string, ReturnType<typeof timed>> = {};
    // Created one per second or so, as a fleet paced by the rate limit is; each estimated at 20 s.
    for (const [id, at] of [["a", 0], ["b", 1000], ["c", 4000], ["d", 6000]] as const) {
      await clock.tick(at - clock.elapsed());
      seen[id] = timed(clock, waiter.wait({ id, goal: goalActive, timeoutMs: 60_000, firstPollMs: 20_000 }));
    }
    await clock.runAll();
    // a is due at 20 s and may wait 5 s (a quarter of 20 s): b (21 s) and c (24 s) share its list
    // at 24 s; d (26 s) is beyond a's 25 s and gets its own.
    expect(calls).to.deep.equal([24_000, 26_000]);
    expect(Object.fromEntries(Object.entries(seen).map(([id, s]) => [id, s.at]))).to.deep.equal({ a: 24_000, b: 24_000, c: 24_000, d: 26_000 });
    expect(clock.pending(), "no timer left behind").to.equal(0);
  });

  it("while other processes spend the key (keyShared), gathers for up to the whole estimate: one list at 26 s for all four", async () => {
    const timings = { initialPollMs: 1000, backoff: 1.5, maxPollMs: 10_000, batchSlackMs: 250 };
    const { client, calls } = scripted(clock, () => ["a", "b", "c", "d"].map((id) => srv(id, "active")));
    const waiter = new StatusWaiter(Object.assign(client, { keyShared: () => true }), { clock, timings });
    const seen: Record<string, ReturnType<typeof timed>> = {};
    for (const [id, at] of [["a", 0], ["b", 1000], ["c", 4000], ["d", 6000]] as const) {
      await clock.tick(at - clock.elapsed());
      seen[id] = timed(clock, waiter.wait({ id, goal: goalActive, timeoutMs: 60_000, firstPollMs: 20_000 }));
    }
    await clock.runAll();
    expect(calls).to.deep.equal([26_000]);
    expect(Object.values(seen).map((s) => s.at)).to.deep.equal([26_000, 26_000, 26_000, 26_000]);
  });

  it("does not hold a poll with no estimate (a power action's, at once) for the servers due after it", async () => {
    const timings = { initialPollMs: 1000, backoff: 1.5, maxPollMs: 10_000, batchSlackMs: 250 };
    const { client, calls } = scripted(clock, (n) => [srv("new", n >= 2 ? "active" : "pending"), srv("stopping", "stopped")]);
    const waiter = new StatusWaiter(client, { clock, timings });
    const created = timed(clock, waiter.wait({ id: "new", goal: goalActive, timeoutMs: 60_000, firstPollMs: 2000 }));
    const stopped = timed(clock, waiter.wait({ id: "stopping", goal: reach("stopped", 0), timeoutMs: 60_000, firstPollMs: 0 }));
    await clock.runAll();
    expect(calls).to.deep.equal([0, 2000]);
    expect([stopped.at, created.at]).to.deep.equal([0, 2000]);
  });

  it("does not hold a poll with no estimate that falls inside another server's gathering: the list goes at its due time", async () => {
    const timings = { initialPollMs: 1000, backoff: 1.5, maxPollMs: 10_000, batchSlackMs: 250 };
    const { client, calls } = scripted(clock, (n) => [srv("a", "active"), srv("b", n >= 2 ? "active" : "pending"), srv("stopping", "stopped")]);
    const waiter = new StatusWaiter(client, { clock, timings });
    // a is due at 20 s and could wait until 25 s for b (24 s); a stop's waiter is due at 20.5 s.
    const a = timed(clock, waiter.wait({ id: "a", goal: goalActive, timeoutMs: 60_000, firstPollMs: 20_000 }));
    await clock.tick(4000);
    const b = timed(clock, waiter.wait({ id: "b", goal: goalActive, timeoutMs: 60_000, firstPollMs: 20_000 }));
    await clock.tick(20_500 - clock.elapsed());
    const stopped = timed(clock, waiter.wait({ id: "stopping", goal: reach("stopped", 0), timeoutMs: 60_000, firstPollMs: 0 }));
    await clock.runAll();
    expect(calls).to.deep.equal([20_500, 24_000]);
    expect([a.at, stopped.at, b.at]).to.deep.equal([20_500, 20_500, 24_000]);
  });

  it("polls first at the estimated provisioning time, then at growing intervals up to the cap", async () => {
    const timings = { initialPollMs: 10, backoff: 2, maxPollMs: 40, batchSlackMs: 0 };
    const { client, calls } = scripted(clock, (n) => [srv("a", n >= 6 ? "active" : "pending")]);
    const seen = timed(clock, new StatusWaiter(client, { clock, timings }).wait({ id: "a", goal: goalActive, timeoutMs: 5000, firstPollMs: 80 }));
    await clock.runAll();
    // First at 80, then gaps of 10, 20, 40, 40 (capped), 40.
    expect(calls).to.deep.equal([80, 90, 110, 150, 190, 230]);
    expect(seen).to.deep.include({ at: 230 });
    expect(seen.outcome?.outcome).to.equal("done");
    expect(clock.pending(), "no timer left behind").to.equal(0);
  });

  it("serves every waiter from one list call per poll", async () => {
    const timings = { initialPollMs: 15, backoff: 1, maxPollMs: 15, batchSlackMs: 5 };
    const ids = Array.from({ length: 20 }, (_, i) => `s${i}`);
    const { client, calls } = scripted(clock, (n) => ids.map((id, i) => srv(id, n >= 1 + (i % 3) ? "active" : "pending")));
    const waiter = new StatusWaiter(client, { clock, timings });
    const seen = ids.map((id) => timed(clock, waiter.wait({ id, goal: goalActive, timeoutMs: 5000, firstPollMs: 20 })));
    await clock.runAll();
    expect(calls).to.deep.equal([20, 35, 50]);
    expect(waiter.polls).to.equal(3);
    // Each waiter ends at the poll that first shows it active: 1st, 2nd or 3rd.
    expect(seen.map((s) => [s.at, s.outcome?.outcome])).to.deep.equal(ids.map((_, i) => [[20, 35, 50][i % 3], "done"]));
  });

  it("ends in timeout at the deadline, with the last status seen", async () => {
    const timings = { initialPollMs: 10, backoff: 1, maxPollMs: 10, batchSlackMs: 0 };
    const { client, calls } = scripted(clock, () => [srv("a", "pending")]);
    const seen = timed(clock, new StatusWaiter(client, { clock, timings }).wait({ id: "a", goal: goalActive, timeoutMs: 60, firstPollMs: 10 }));
    await clock.runAll();
    expect(calls).to.deep.equal([10, 20, 30, 40, 50, 60]);
    expect(seen.at).to.equal(60);
    expect(seen.outcome).to.deep.include({ outcome: "timeout", observed: true });
    expect(seen.outcome?.server?.status).to.equal("pending");
  });

  it("tolerates a server missing from the list just after create, within the grace time, and not after it", async () => {
    const timings = { initialPollMs: 10, backoff: 1, maxPollMs: 10, batchSlackMs: 0, absenceGraceMs: 25 };
    // Missing from the first two lists (at 10 and 20 ms, inside the 25 ms grace), then listed.
    const late = scripted(clock, (n) => (n <= 2 ? [] : [srv("a", "active")]));
    const lateWaiter = new StatusWaiter(late.client, { clock, timings });
    expect(lateWaiter.absenceGraceMs).to.equal(25);
    const found = timed(clock, lateWaiter.wait({ id: "a", goal: reach("active", lateWaiter.absenceGraceMs), timeoutMs: 5000, firstPollMs: 10 }));
    await clock.runAll();
    expect(late.calls).to.deep.equal([10, 20, 30]);
    expect(found).to.deep.include({ at: 30 });
    expect(found.outcome?.outcome).to.equal("done");
    // Never listed: waits through the grace (polls at 10 and 20 ms), fails at the first poll past it.
    const start = clock.elapsed();
    const never = scripted(clock, () => []);
    const neverWaiter = new StatusWaiter(never.client, { clock, timings });
    const gone = timed(clock, neverWaiter.wait({ id: "b", goal: reach("active", neverWaiter.absenceGraceMs), timeoutMs: 5000, firstPollMs: 10 }));
    await clock.runAll();
    expect(never.calls.map((t) => t - start)).to.deep.equal([10, 20, 30]);
    expect(gone.at! - start).to.equal(30);
    expect(gone.outcome).to.deep.equal({ outcome: "failed", server: undefined, observed: true });
  });

  it("keeps polling through a failed list call, and gives up after several in a row", async () => {
    const timings = { initialPollMs: 10, backoff: 1, maxPollMs: 10, batchSlackMs: 0, maxListFailures: 3 };
    const flaky = scripted(clock, (n) => (n === 1 ? new Error("503") : [srv("a", "active")]));
    const recovered = timed(clock, new StatusWaiter(flaky.client, { clock, timings }).wait({ id: "a", goal: goalActive, timeoutMs: 5000, firstPollMs: 0 }));
    await clock.runAll();
    expect(flaky.calls).to.deep.equal([0, 10]);
    expect(recovered.outcome?.outcome).to.equal("done");
    const start = clock.elapsed();
    const down = scripted(clock, () => new Error("GET /v1/servers failed: 503"));
    const failed = timed(clock, new StatusWaiter(down.client, { clock, timings }).wait({ id: "a", goal: goalActive, timeoutMs: 5000, firstPollMs: 0 }));
    await clock.runAll();
    expect(down.calls.map((t) => t - start)).to.deep.equal([0, 10, 20]);
    expect(failed.at! - start).to.equal(20);
    expect(failed.error?.message).to.include("503");
  });
});
