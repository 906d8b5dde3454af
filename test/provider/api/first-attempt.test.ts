// provider/api/http/requester.ts: a call waits for its first attempt's token and connection before
// its retries are set up; that attempt sends on them, a retry waits for its own, and a call that
// ends before its first attempt gives both back.
import { expect } from "chai";
import { Requester } from "../../../provider/api/http/requester";
import type { RawRequest, Transport } from "../../../provider/api/http/transport";
import type { Pacer } from "../../../provider/api/pacing/pacer";
import { ShapeTracker } from "../../../provider/api/wire/shape";

const ticks = () => new Promise((r) => setImmediate(r));

/** A transport with one connection; each send answers `statuses` in turn, and its slot use is recorded. */
function oneConnection(statuses: number[]) {
  const log: string[] = [];
  let free = true;
  const waiting: (() => void)[] = [];
  const transport = {
    async takeSlot() {
      log.push("take");
      if (free) free = false;
      else await new Promise<void>((r) => waiting.push(r));
    },
    freeSlot() {
      log.push("free");
      const next = waiting.shift();
      if (next) next();
      else free = true;
    },
    async send(req: RawRequest, slotTaken = false) {
      if (!slotTaken) await transport.takeSlot();
      log.push(`send ${req.method} ${slotTaken ? "on its call's slot" : "on a slot of its own"}`);
      transport.freeSlot();
      const status = statuses.shift() ?? 200;
      return { status, data: status === 200 ? {} : { error: { code: "SERVICE_UNAVAILABLE", message: "down" } }, header: () => undefined };
    },
    redact: (t: string) => t,
  };
  return { transport: transport as unknown as Transport, log };
}

function counting() {
  const counts = { acquired: 0, released: 0, observed: 0 };
  const limiter = {
    acquire: async () => (counts.acquired++, { seq: counts.acquired, settled: false }),
    observe: () => void counts.observed++,
    release: () => void counts.released++,
  } as unknown as Pacer;
  return { limiter, counts };
}

function requesterOf(transport: Transport, limiter: Pacer): Requester {
  return new Requester({
    transport,
    limiter,
    shape: new ShapeTracker("auto"),
    keySource: "test",
    policy: { retries: 2, minRetryDelayMs: 1, maxRetryDelayMs: 2, maxRateLimitRetries: 5, logger: () => undefined, onRetry: () => undefined },
  });
}

describe("api: a call's first attempt", () => {
  it("sends on the token and connection its call waited for; its retry waits for its own", async () => {
    const { transport, log } = oneConnection([503, 200]);
    const { limiter, counts } = counting();
    const res = await requesterOf(transport, limiter).call("GET", "/v1/account");
    expect(res.status).to.equal(200);
    expect(log).to.deep.equal(["take", "send GET on its call's slot", "free", "take", "send GET on a slot of its own", "free"]);
    expect(counts).to.deep.equal({ acquired: 2, released: 0, observed: 2 });
  });

  it("a call aborted while it waits for a connection sends nothing and gives its token and connection back", async () => {
    const { transport, log } = oneConnection([]);
    const { limiter, counts } = counting();
    await transport.takeSlot(); // the one connection is busy
    const abort = new AbortController();
    const call = requesterOf(transport, limiter).call("POST", "/v1/servers", {}, { signal: abort.signal, idempotencyKey: "k" });
    const outcome = call.then(() => "answered", (e: Error) => e.message);
    await ticks();
    expect(counts.acquired, "its token is granted; it waits for the connection").to.equal(1);
    abort.abort(new Error("cancelled"));
    transport.freeSlot();
    expect(await outcome).to.equal("cancelled");
    expect(log.filter((l) => l.startsWith("send"))).to.deep.equal([]);
    expect(counts.released, "its token back").to.equal(1);
    expect(log.slice(-1), "its connection back").to.deep.equal(["free"]);
  });
});
