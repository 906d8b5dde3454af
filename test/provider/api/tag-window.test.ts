// Shape B's create takes no tags: the client tags each server by a PATCH right after its POST.
// Under a rate limit every request waits for a token; the PATCH completes a create the API
// already made, so it goes ahead of every other waiting mutation (priority "completion"): a
// fleet's next member is not created before the last one is tagged. A kill at any instant then
// leaves at most the servers whose POST is in flight untagged, never a whole burst of them.
// The pacer here grants one token at a time, only when no request is in flight (a token interval
// longer than any answer: the default tier past its burst), and the test looks at the account
// before every grant: no clock, no wall-clock wait, the same order every run.
import { expect } from "chai";
import { PriorityQueues } from "../../../provider/api/pacing/priority-queues";
import type { Pacer, Ticket } from "../../../provider/api/pacing/pacer";
import type { RequestPriority } from "../../../provider/api/wire/types";
import { UBUNTU_SLUG, useClientSimulator } from "../../helpers/client-simulator";

/** A pacer the test drives: `grant` lets the first waiting request (by priority) go. */
class OneAtATime implements Pacer {
  private readonly queue = new PriorityQueues<(t: Ticket) => void>();
  private seq = 0;
  inFlight = 0;
  readonly granted: RequestPriority[] = [];
  private readonly priorities = new Map<(t: Ticket) => void, RequestPriority>();

  acquire(priority: RequestPriority = "read"): Promise<Ticket> {
    return new Promise((resolve) => {
      this.priorities.set(resolve, priority);
      this.queue.push(priority, resolve);
    });
  }
  observe(ticket: Ticket): void {
    this.release(ticket);
  }
  release(ticket: Ticket): void {
    if (!ticket.settled) this.inFlight--;
    ticket.settled = true;
  }
  snapshot() {
    return { tokens: 0, capacity: 1, perMinute: 60, unlimited: false, waiting: this.queue.size, sharePerMinute: 60, othersPerMinute: 0, inFlight: this.inFlight, window: 1, pausedMs: 0, coordinated: false };
  }
  get waiting(): number {
    return this.queue.size;
  }
  grant(): void {
    const next = this.queue.shift()!;
    this.granted.push(this.priorities.get(next)!);
    this.inFlight++;
    next({ seq: ++this.seq, settled: false });
  }
}

/** Lets the event loop run (answers arrive, their continuations queue their next requests). */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("shape B's tag window under a rate limit", () => {
  const sim = useClientSimulator("B");

  it("20 creates at once: each server's tag PATCH goes before the next POST, so at most one server is ever untagged", async function () {
    this.timeout(30_000);
    const pacer = new OneAtATime();
    const api = sim().client({ pacer: () => pacer });
    let done = false;
    const creates = Promise.all(
      Array.from({ length: 20 }, (_, i) => api.createServer({ region: "ewr", plan: "vc2-1c-1gb", os: UBUNTU_SLUG, label: `web-${i}`, tags: ["hosting-member:web-" + i] })),
    ).finally(() => (done = true));
    let worst = 0;
    while (!done) {
      // Wait for the request in flight to be answered and for what follows it to queue.
      for (let i = 0; i < 5 || pacer.inFlight > 0; i++) await turn();
      if (done) break;
      const servers = await sim().liveServers();
      worst = Math.max(worst, servers.filter((s: any) => (s.tags ?? []).length === 0).length);
      if (pacer.waiting > 0) pacer.grant();
    }
    await creates;
    expect((await sim().liveServers()).every((s: any) => s.tags.length === 1)).to.equal(true);
    expect(worst, "servers untagged at any instant between two requests").to.be.at.most(1);
    const writes = pacer.granted.filter((p) => p === "mutation" || p === "completion");
    expect(writes.slice(0, 6)).to.deep.equal(["mutation", "completion", "mutation", "completion", "mutation", "completion"]);
  });
});
