// The waiter's timing rules, observed through a scripted stand-in for the client's
// `listAllServers` (the simulator tests prove the same sharing against the real API).
import { expect } from "chai";
import type { HostingApi, Server } from "../../../provider/api/wire/types";
import { waitUntilActive } from "../../../provider/server/power";
import { StatusWaiter, resetWaiterTimings, setWaiterTimings } from "../../../provider/core/status-waiter";

function srv(id: string, status: Server["status"]): Server {
  return { id, status, label: "", region: "ewr", plan: "p", mainIp: "", vcpus: 1, ramGb: 1, diskGb: 1, tags: [], backups: false, ddosProtection: false, sshKeyIds: [], createdAt: "" };
}

/** A client whose n-th list call answers `script(n)`, and which records when it was called. */
function scripted(script: (call: number) => Server[] | Error) {
  const calls: number[] = [];
  const start = Date.now();
  const client = {
    async listAllServers() {
      calls.push(Date.now() - start);
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

describe("status waiter timing", () => {
  afterEach(resetWaiterTimings);

  it("polls first at the estimated provisioning time, then at growing intervals up to the cap", async () => {
    setWaiterTimings({ initialPollMs: 10, backoff: 2, maxPollMs: 40, batchSlackMs: 0 });
    const { client, calls } = scripted((n) => [srv("a", n >= 6 ? "active" : "pending")]);
    const outcome = await new StatusWaiter(client).wait({ id: "a", goal: goalActive, timeoutMs: 5000, firstPollMs: 80 });
    expect(outcome.outcome).to.equal("done");
    expect(calls).to.have.length(6);
    expect(calls[0]).to.be.within(75, 140);
    const gaps = calls.slice(1).map((t, i) => t - calls[i]);
    // 10, 20, 40, 40 (capped), 40 — with timer slack.
    expect(gaps[0]).to.be.within(8, 30);
    expect(gaps[1]).to.be.within(18, 45);
    for (const g of gaps.slice(2)) expect(g).to.be.within(38, 70);
  });

  it("serves every waiter from one list call per poll", async () => {
    setWaiterTimings({ initialPollMs: 15, backoff: 1, maxPollMs: 15, batchSlackMs: 5 });
    const ids = Array.from({ length: 20 }, (_, i) => `s${i}`);
    const { client, calls } = scripted((n) => ids.map((id, i) => srv(id, n >= 1 + (i % 3) ? "active" : "pending")));
    const waiter = new StatusWaiter(client);
    const outcomes = await Promise.all(ids.map((id) => waiter.wait({ id, goal: goalActive, timeoutMs: 5000, firstPollMs: 20 })));
    expect(outcomes.every((o) => o.outcome === "done")).to.equal(true);
    expect(calls).to.have.length(3);
    expect(waiter.polls).to.equal(3);
  });

  it("ends in timeout with the last status seen", async () => {
    setWaiterTimings({ initialPollMs: 10, backoff: 1, maxPollMs: 10, batchSlackMs: 0 });
    const { client } = scripted(() => [srv("a", "pending")]);
    const outcome = await new StatusWaiter(client).wait({ id: "a", goal: goalActive, timeoutMs: 60, firstPollMs: 10 });
    expect(outcome.outcome).to.equal("timeout");
    expect(outcome.server?.status).to.equal("pending");
  });

  it("tolerates a server missing from the list just after create, within the grace time", async () => {
    setWaiterTimings({ initialPollMs: 10, backoff: 1, maxPollMs: 10, batchSlackMs: 0, absenceGraceMs: 200 });
    const { client } = scripted((n) => (n <= 2 ? [] : [srv("a", "active")]));
    const outcome = await waitUntilActive(client, "a", 5000, 10);
    expect(outcome.outcome).to.equal("done");
    setWaiterTimings({ absenceGraceMs: 0 });
    const gone = await waitUntilActive(scripted(() => []).client, "b", 5000, 10);
    expect(gone).to.deep.include({ outcome: "failed", server: undefined });
  });

  it("keeps polling through a failed list call, and gives up after several in a row", async () => {
    setWaiterTimings({ initialPollMs: 10, backoff: 1, maxPollMs: 10, batchSlackMs: 0, maxListFailures: 3 });
    const flaky = scripted((n) => (n === 1 ? new Error("503") : [srv("a", "active")]));
    expect((await new StatusWaiter(flaky.client).wait({ id: "a", goal: goalActive, timeoutMs: 5000, firstPollMs: 0 })).outcome).to.equal("done");
    const down = scripted(() => new Error("GET /v1/servers failed: 503"));
    let error: Error | undefined;
    await new StatusWaiter(down.client).wait({ id: "a", goal: goalActive, timeoutMs: 5000, firstPollMs: 0 }).catch((e) => (error = e));
    expect(error?.message).to.include("503");
    expect(down.calls).to.have.length(3);
  });
});
