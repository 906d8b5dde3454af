// The wait report reaches the client's `onRateLimitWait` over real HTTP. When each report comes
// and what it says (alone, then sharing the key) is proven exactly on virtual time in
// pacing-model.test.ts; here only what no load can change: 12 requests at the key's 2/s take
// at least 5.5 s, so the 3 s threshold is always passed and at least one report comes.
import { expect } from "chai";
import type { WaitReport } from "../../../provider/api";
import { startClientSimulator, type ClientSimulator } from "../../helpers/client-simulator";

describe("rate-limit wait report", () => {
  let sim: ClientSimulator;

  before(async () => {
    sim = await startClientSimulator("A");
  });
  after(() => sim.close());
  beforeEach(() => sim.reset());

  it("reaches onRateLimitWait: how many requests wait, and that the key is this process's alone", async function () {
    this.timeout(30_000);
    await sim.addKey({ key: "wait-alone-key-0123456", permission: "full", tier: "custom", limit: 120, burst: 1 });
    const reports: WaitReport[] = [];
    const api = sim.client({ apiKey: "wait-alone-key-0123456", onRateLimitWait: (r) => reports.push(r) });
    await Promise.all(Array.from({ length: 12 }, () => api.getAccount()));
    expect(reports.length).to.be.at.least(1);
    const [r] = reports as [WaitReport];
    expect(r.queued).to.be.within(1, 11);
    expect(r.othersPerMinute).to.equal(0);
    expect(r.etaMs).to.be.greaterThan(0);
    expect(r.message).to.match(/^hosting API rate limit: \d+ requests? waiting; this process has the key's 120\/min to itself; about \d+ s left/);
    expect((await sim.stats()).rateLimited).to.equal(0);
  });
});
