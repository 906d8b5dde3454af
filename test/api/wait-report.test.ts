import { expect } from "chai";
import type { WaitReport } from "../../provider/api";
import { startClientSimulator, type ClientSimulator } from "../helpers/client-simulator";

describe("rate-limit wait report", () => {
  let sim: ClientSimulator;

  before(async () => {
    sim = await startClientSimulator("A");
  });
  after(() => sim.close());
  beforeEach(() => sim.reset());

  it("says once, after 3 s of waiting, how many requests wait and that the key is this process's alone", async function () {
    this.timeout(30_000);
    await sim.addKey({ key: "wait-alone-key-0123456", permission: "full", tier: "custom", limit: 120, burst: 1 });
    const reports: WaitReport[] = [];
    const api = sim.client({ apiKey: "wait-alone-key-0123456", onRateLimitWait: (r) => reports.push(r) });
    // 12 requests at 2/s: about 5.5 s, so one report (the next could only come 10 s later).
    await Promise.all(Array.from({ length: 12 }, () => api.getAccount()));
    expect(reports).to.have.length(1);
    const [r] = reports as [WaitReport];
    expect(r.queued).to.be.within(1, 6);
    expect(r.othersPerMinute).to.equal(0);
    expect(r.etaMs).to.be.greaterThan(0);
    expect(r.message).to.match(/^hosting API rate limit: \d+ requests? waiting; this process has the key's 120\/min to itself; about \d+ s left/);
    expect((await sim.stats()).rateLimited).to.equal(0);
  });

  it("says the key is shared when another process uses it too", async function () {
    this.timeout(60_000);
    await sim.addKey({ key: "wait-shared-key-012345", permission: "full", tier: "custom", limit: 120, burst: 1 });
    const reports: WaitReport[] = [];
    const clients = [0, 1].map(() => sim.client({ apiKey: "wait-shared-key-012345", onRateLimitWait: (r) => reports.push(r) }));
    // 2 × 24 requests at the key's 2/s: about 24 s, so each process reports at about 3, 13 and
    // 23 s. The first report may come before three 429s have shown the other process (a burst
    // of 1 shows one token per answer); the later ones come after several.
    await Promise.all(clients.map((c) => Promise.all(Array.from({ length: 24 }, () => c.getAccount()))));
    const shared = reports.filter((r) => r.othersPerMinute > 0);
    expect(shared.length, reports.map((r) => r.message).join("\n")).to.be.greaterThan(0);
    expect(shared[0]!.message).to.match(/sharing the key with other processes \(about \d+\/min\); this process's share \d+\/min of 120\/min/);
  });
});
