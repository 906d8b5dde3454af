// The simulator's rate limits in both shapes: the default tier's headers (60 a minute, a burst of
// 100), the pro and enterprise tiers, a 429 with retry_after once the burst is spent, the refill
// rate, one bucket per key, and a tier change from the admin API.
import { expect } from "chai";
import { describeShapes, KEYS } from "../helpers/simulator";

describeShapes("simulator: rate limits", {}, (sim) => {
  it("sends the default tier's headers: limit 60, remaining counts down from burst 100", async () => {
    await sim.addKey({ key: "dflt", permission: "read", tier: "default" });
    const sent = Date.now();
    const r1 = await sim.api("GET", "/v1/regions", { key: "dflt" });
    const answered = Date.now();
    expect(r1.headers.get("x-ratelimit-limit")).to.equal("60");
    expect(r1.headers.get("x-ratelimit-remaining")).to.equal("99");
    // Full again one token (1 s at 60/min) after the request was counted, in whole seconds:
    // bracketed by when it was sent and answered, so no load can move it out.
    const reset = Number(r1.headers.get("x-ratelimit-reset"));
    expect(reset).to.be.within(Math.ceil((sent + 1000) / 1000), Math.ceil((answered + 1000) / 1000));
    const r2 = await sim.api("GET", "/v1/regions", { key: "dflt" });
    expect(r2.headers.get("x-ratelimit-remaining")).to.equal("98");
  });

  it("gives pro keys 300/min and burst 500, enterprise keys no limit", async () => {
    await sim.addKey({ key: "pro", permission: "read", tier: "pro" });
    const pro = await sim.api("GET", "/v1/os", { key: "pro" });
    expect(pro.headers.get("x-ratelimit-limit")).to.equal("300");
    expect(pro.headers.get("x-ratelimit-remaining")).to.equal("499");
    const sent = Date.now();
    const ent = await sim.api("GET", "/v1/os", { key: KEYS.full });
    const answered = Date.now();
    expect(ent.headers.get("x-ratelimit-limit")).to.equal("0");
    // Unlimited still sends all three (the spec: every response): Remaining 0, Reset now.
    expect(ent.headers.get("x-ratelimit-remaining")).to.equal("0");
    expect(Number(ent.headers.get("x-ratelimit-reset"))).to.be.within(Math.floor(sent / 1000), Math.floor(answered / 1000));
  });

  it("answers 429 RATE_LIMIT_EXCEEDED with retry_after once the burst is spent, and counts it", async () => {
    await sim.addKey({ key: "tiny", permission: "read", tier: "custom", limit: 6, burst: 3 });
    const firstSent = Date.now();
    let firstAnswered = 0;
    for (let i = 0; i < 3; i++) {
      expect((await sim.api("GET", "/v1/regions", { key: "tiny" })).status).to.equal(200);
      firstAnswered ||= Date.now();
    }
    const res = await sim.api("GET", "/v1/regions", { key: "tiny" });
    expect(res.status).to.equal(429);
    const { error } = (await res.json()) as any;
    expect(error.code).to.equal("RATE_LIMIT_EXCEEDED");
    // 6/min is one token per 10 s: the first of the 3 tokens is back 10 s after the bucket was
    // opened (by the first request), in whole Unix seconds.
    expect(error.retry_after).to.be.a("number").within(Math.ceil((firstSent + 10_000) / 1000), Math.ceil((firstAnswered + 10_000) / 1000));
    expect(error.message).to.contain(new Date(error.retry_after * 1000).toISOString());
    expect(res.headers.get("x-ratelimit-remaining")).to.equal("0");
    const stats = await sim.stats();
    expect(stats.rateLimited).to.equal(1);
    expect(stats.byRoute["GET /v1/regions 429"]).to.equal(1);
  });

  it("refills the bucket at limit/60 tokens per second", async () => {
    await sim.addKey({ key: "tiny", permission: "read", tier: "custom", limit: 6, burst: 2 });
    await sim.api("GET", "/v1/regions", { key: "tiny" });
    await sim.api("GET", "/v1/regions", { key: "tiny" });
    expect((await sim.api("GET", "/v1/regions", { key: "tiny" })).status).to.equal(429);
    await sim.admin("POST", "/clock", { advanceMs: 10_500 });
    const res = await sim.api("GET", "/v1/regions", { key: "tiny" });
    expect(res.status).to.equal(200);
    expect(res.headers.get("x-ratelimit-remaining")).to.equal("0");
  });

  it("keeps one bucket per key", async () => {
    await sim.addKey({ key: "k1", permission: "read", tier: "custom", limit: 60, burst: 1 });
    await sim.addKey({ key: "k2", permission: "read", tier: "custom", limit: 60, burst: 1 });
    expect((await sim.api("GET", "/v1/os", { key: "k1" })).status).to.equal(200);
    expect((await sim.api("GET", "/v1/os", { key: "k1" })).status).to.equal(429);
    expect((await sim.api("GET", "/v1/os", { key: "k2" })).status).to.equal(200);
  });

  it("applies a tier change from the admin API with a fresh bucket", async () => {
    await sim.addKey({ key: "up", permission: "read", tier: "custom", limit: 60, burst: 1 });
    await sim.api("GET", "/v1/os", { key: "up" });
    expect((await sim.api("GET", "/v1/os", { key: "up" })).status).to.equal(429);
    await sim.admin("PATCH", "/keys/up", { tier: "pro" });
    const res = await sim.api("GET", "/v1/os", { key: "up" });
    expect(res.status).to.equal(200);
    expect(res.headers.get("x-ratelimit-limit")).to.equal("300");
  });
});
