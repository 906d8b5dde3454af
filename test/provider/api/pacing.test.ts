// The client's pacing over real HTTP in both shapes: 300 requests on a tier of burst 10 with no
// 429, a create handed to the pacer as a mutation and a status list as a poll, a 429's retry_after
// honoured, and no pacing for an unlimited key.
import { expect } from "chai";
import type { HostingClient } from "../../../provider/api";
import { UBUNTU_SLUG, useClientSimulator } from "../../helpers/client-simulator";
import { SHAPES, countRequests } from "../../helpers/simulator";
import type { Pacer } from "../../../provider/api/pacing/pacer";
import { RateLimiter } from "../../../provider/api/pacing/rate-limiter";
import type { RequestPriority } from "../../../provider/api/wire/types";

/** `pacer`, noting the priority of each token asked for in `asked`. */
function noting(pacer: Pacer, asked: RequestPriority[]): Pacer {
  return {
    acquire: (priority = "read", signal) => (asked.push(priority), pacer.acquire(priority, signal)),
    observe: (ticket, status, header, retryAfterSec) => pacer.observe(ticket, status, header, retryAfterSec),
    release: (ticket) => pacer.release(ticket),
    snapshot: () => pacer.snapshot(),
  };
}

for (const shape of SHAPES) {
  describe(`API client pacing, shape ${shape}`, () => {
    const sim = useClientSimulator(shape);

    it("sends a burst of 300 requests on a tier of burst 10 without a single 429", async function () {
      this.timeout(30_000);
      // 6000/min = 100 tokens/s: the 290 requests past the burst take about 3 s.
      await sim().addKey({ key: "tier-10-key-xxxxxxxx", permission: "full", tier: "custom", limit: 6000, burst: 10 });
      // Default options: the client believes in 60/min and burst 100 until the API says otherwise.
      const api = sim().client({ apiKey: "tier-10-key-xxxxxxxx" });
      const accounts = await Promise.all(Array.from({ length: 300 }, () => api.getAccount()));
      expect(accounts).to.have.length(300);
      const stats = await sim().stats();
      expect(stats.rateLimited).to.equal(0);
      expect(countRequests(stats, "GET /v1/account 200")).to.equal(300);
      expect(stats.total).to.equal(300);
      expect(api.stats()).to.deep.include({ requests: 300, retries: 0, rateLimited: 0 });
      // Paced at the tier's rate, not serialized: proven on virtual time in pacing-model.test.ts.
      expect(api.rateLimitState()).to.include({ capacity: 10, perMinute: 6000 });
      // That an idle bucket refills to the tier's burst (10), not to the default 100, is proven on
      // virtual time in pacing-model.test.ts.
    });

    it("hands its pacer a create as a mutation and a status listing as a poll, and meets no 429", async function () {
      this.timeout(20_000);
      await sim().addKey({ key: "tier-slow-key-yyyyyyy", permission: "full", tier: "custom", limit: 1200, burst: 2 });
      // The product's RateLimiter behind a window that notes each request's priority; the order the
      // limiter makes of them (a waiting mutation before waiting polls) is proven to the virtual
      // millisecond in pacing-model.test.ts, where no machine's speed can move it.
      const asked: RequestPriority[] = [];
      const api = sim().client({ apiKey: "tier-slow-key-yyyyyyy", pacer: () => noting(new RateLimiter({ ratePerMinute: 60, burst: 100, maxPauseMs: 120_000, logger: () => undefined }), asked) });
      await api.listOsImages(); // calibrates the bucket and loads the catalogue
      asked.length = 0;
      const polls = Array.from({ length: 16 }, () => api.listAllServers({}, { priority: "poll" }));
      const create = api.createServer({ region: "ewr", plan: "vc2-1c-1gb", os: UBUNTU_SLUG, label: "urgent" });
      await Promise.all([...polls, create]);
      expect(asked.filter((p) => p === "poll"), "one poll per status listing").to.have.length(16);
      expect(asked.filter((p) => p !== "poll"), "the create's POST").to.deep.equal(["mutation"]);
      expect((await sim().stats()).rateLimited).to.equal(0);
    });

    it("honours a 429's retry_after: one 429, then a wait, then success", async function () {
      this.timeout(20_000);
      await sim().addKey({ key: "tier-drained-key-zzzz", permission: "full", tier: "custom", limit: 120, burst: 2 });
      // Another process drains the bucket behind this client's back.
      for (let i = 0; i < 2; i++) {
        await fetch(`${sim().url}/v1/account`, { headers: { Authorization: "Bearer tier-drained-key-zzzz" } });
      }
      const api: HostingClient = sim().client({ apiKey: "tier-drained-key-zzzz", retries: 1 });
      const started = Date.now();
      const account = await api.getAccount();
      expect(account.name).to.be.a("string");
      // retry_after is in whole Unix seconds; the retry did not go before it.
      expect(Date.now()).to.be.at.least(Math.floor(started / 1000) * 1000 + 1000);
      expect(api.stats()).to.deep.include({ rateLimited: 1, requests: 2 });
      const stats = await sim().stats();
      // Exactly one refusal: no blind retries while the bucket was empty.
      expect(stats.rateLimited).to.equal(1);
      expect(countRequests(stats, "GET /v1/account 200")).to.equal(3);
    });

    it("does not pace an unlimited (enterprise) key", async () => {
      const api = sim().client();
      await Promise.all(Array.from({ length: 200 }, () => api.getAccount()));
      // That all but the first go at once is proven on virtual time in pacing-model.test.ts.
      expect(api.rateLimitState()).to.include({ unlimited: true, waiting: 0 });
      expect((await sim().stats()).rateLimited).to.equal(0);
    });
  });
}
