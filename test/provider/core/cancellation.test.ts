// The engine's Cancel reaches every wait, paced request and retry (provider/core/operation.ts),
// in virtual time: the status waiter and the rate limiter on the fake clock, the requester's
// retries with p-retry's own timers faked (it takes no clock). Each case aborts at a virtual
// millisecond and asserts that what waited ended then, with the signal's reason, leaving nothing
// queued and no timer behind.
import { expect } from "chai";
import { getEventListeners } from "events";
import * as FakeTimers from "@sinonjs/fake-timers";
import type { HostingApi, ReadOptions, Server } from "../../../provider/api/wire/types";
import { RateLimiter } from "../../../provider/api/pacing/rate-limiter";
import { Requester } from "../../../provider/api/http/requester";
import type { Transport } from "../../../provider/api/http/transport";
import { ShapeTracker } from "../../../provider/api/wire/shape";
import type { Pacer, Ticket } from "../../../provider/api/pacing/pacer";
import { StatusWaiter } from "../../../provider/core/status-waiter";
import { CancelledError, waitBudget } from "../../../provider/core/operation";
import { ProviderProcess } from "../../../provider/core/provider-process";
import { fakeClock, type FakeClock } from "../../helpers/fake-clock";

function srv(id: string, status: Server["status"]): Server {
  return { id, status, label: "", region: "ewr", plan: "p", mainIp: "", vcpus: 1, ramGb: 1, diskGb: 1, tags: [], backups: false, ddosProtection: false, sshKeyIds: [], createdAt: "" };
}

/** When a promise settled (virtual ms since start) and how. */
function timed<T>(clock: FakeClock, p: Promise<T>) {
  const seen: { at?: number; value?: T; error?: unknown } = {};
  p.then(
    (value) => Object.assign(seen, { at: clock.elapsed(), value }),
    (error: unknown) => Object.assign(seen, { at: clock.elapsed(), error }),
  );
  return seen;
}

/** A pacer that lets every request go at once: the retries, not the pacing, are under test here. */
const unpaced = {
  acquire: async (): Promise<Ticket> => ({ seq: 0, settled: false }),
  observe: () => undefined,
  release: () => undefined,
} as unknown as Pacer;

describe("cancellation reaches every wait, paced request and retry (virtual time)", () => {
  let clock: FakeClock;
  beforeEach(() => (clock = fakeClock()));

  it("the engine's Cancel aborts the process's signal for good, with a CancelledError; a request's context carries it and the time-out's source", () => {
    const proc = new ProviderProcess();
    const other = new ProviderProcess();
    const op = proc.context({ timeoutSeconds: 5, kind: "create" });
    expect(op.signal).to.equal(proc.signal);
    expect(op.timeout).to.deep.equal({ seconds: 5, source: "customTimeouts.create" });
    expect(proc.context({ timeoutSeconds: 0, kind: "delete" }).timeout, "0 is the engine's 'no time-out'").to.equal(undefined);
    expect(op.signal.aborted).to.equal(false);
    proc.cancel();
    const reason: unknown = op.signal.reason;
    proc.cancel(); // twice is once
    expect(op.signal.aborted).to.equal(true);
    expect(op.signal.reason).to.be.instanceOf(CancelledError);
    expect(op.signal.reason, "the second Cancel changes nothing").to.equal(reason);
    expect(proc.context({ kind: "update" }).signal.aborted, "an operation after Cancel starts cancelled").to.equal(true);
    expect(other.signal.aborted, "another process is not cancelled").to.equal(false);
  });

  it("a context's clock is the process's, and its sleep ends at the Cancel's virtual millisecond with the CancelledError", async () => {
    const proc = new ProviderProcess({ clock });
    const ctx = proc.context();
    expect(ctx.clock.now()).to.equal(clock.now());
    const done = timed(clock, ctx.clock.sleep(1_000));
    const pause = timed(clock, ctx.clock.sleep(60_000));
    await clock.tick(1_000);
    expect(done).to.deep.equal({ at: 1_000, value: undefined });
    await clock.tick(2_200);
    expect(pause.at, "not yet cancelled").to.equal(undefined);
    proc.cancel();
    await clock.flush();
    expect(pause.at).to.equal(3_200);
    expect(pause.error).to.be.instanceOf(CancelledError);
    const after = timed(clock, ctx.clock.sleep(10));
    await clock.flush();
    expect(after.at, "a sleep after Cancel ends at once").to.equal(3_200);
  });

  it("a request's time-out overrides waitTimeoutSeconds and names where it came from", () => {
    const proc = new ProviderProcess();
    expect(waitBudget(600, undefined)).to.deep.equal({ ms: 600_000 });
    expect(waitBudget(600, proc.context({ kind: "create" }).timeout)).to.deep.equal({ ms: 600_000 });
    expect(waitBudget(600, proc.context({ timeoutSeconds: 5, kind: "create" }).timeout)).to.deep.equal({
      ms: 5000,
      source: "customTimeouts.create of 5s, which overrides waitTimeoutSeconds",
    });
  });

  it("status waiter: an abort ends that wait at its virtual millisecond; the others wait on and get their poll", async () => {
    const timings = { initialPollMs: 1000, backoff: 1, maxPollMs: 1000, batchSlackMs: 0 };
    const calls: number[] = [];
    const client = {
      async listAllServers() {
        calls.push(clock.elapsed());
        return [srv("a", "pending"), srv("b", calls.length >= 3 ? "active" : "pending")];
      },
    } as unknown as HostingApi;
    const waiter = new StatusWaiter(client, { clock, timings });
    const goal = (s: Server | undefined) => (s?.status === "active" ? ("done" as const) : ("wait" as const));
    const abort = new AbortController();
    const a = timed(clock, waiter.wait({ id: "a", goal, timeoutMs: 600_000, signal: abort.signal }));
    const b = timed(clock, waiter.wait({ id: "b", goal, timeoutMs: 600_000 }));
    await clock.tick(1500);
    abort.abort(new CancelledError());
    await clock.flush();
    expect(a.at).to.equal(1500);
    expect(a.error).to.be.instanceOf(CancelledError);
    expect(b.at, "b still waits").to.equal(undefined);
    await clock.runAll();
    expect(b.at).to.equal(3000);
    expect(calls).to.deep.equal([1000, 2000, 3000]);
    expect(clock.pending(), "no timer left behind").to.equal(0);
  });

  it("status waiter: when the last waiter is cancelled, no poll is left: a poll waiting for its token is dropped, and no timer remains", async () => {
    const timings = { initialPollMs: 1000, backoff: 1, maxPollMs: 1000, batchSlackMs: 0 };
    const signals: AbortSignal[] = [];
    const client = {
      // The poll waits for a token that never comes (a long 429 pause), until its signal aborts.
      listAllServers(_f: unknown, opts: ReadOptions = {}) {
        signals.push(opts.signal!);
        return new Promise<Server[]>((_resolve, reject) => opts.signal!.addEventListener("abort", () => reject(opts.signal!.reason)));
      },
    } as unknown as HostingApi;
    const waiter = new StatusWaiter(client, { clock, timings });
    const abort = new AbortController();
    const w = timed(clock, waiter.wait({ id: "a", goal: () => "wait", timeoutMs: 600_000, signal: abort.signal }));
    await clock.tick(2500);
    expect(signals, "one poll, queued since 1000").to.have.length(1);
    abort.abort(new CancelledError());
    await clock.flush();
    expect(w.at).to.equal(2500);
    expect(signals[0]!.aborted, "the queued poll was dropped").to.equal(true);
    await clock.runAll();
    expect(signals, "no poll after").to.have.length(1);
    expect(clock.pending()).to.equal(0);
  });

  it("status waiter: a wait or a read asked with an aborted signal ends at once, before any request", async () => {
    const client = { listAllServers: () => expect.fail("no poll"), getServer: () => expect.fail("no read") } as unknown as HostingApi;
    const waiter = new StatusWaiter(client, { clock });
    const proc = new ProviderProcess();
    proc.cancel();
    const { signal } = proc.context();
    const w = timed(clock, waiter.wait({ id: "a", goal: () => "wait", timeoutMs: 1000, signal }));
    const r = timed(clock, waiter.read("a", { signal }));
    await clock.runAll();
    expect([w.at, r.at]).to.deep.equal([0, 0]);
    expect(w.error).to.be.instanceOf(CancelledError);
    expect(r.error).to.be.instanceOf(CancelledError);
  });

  it("fifty waits on the process's one signal raise no listener-leak warning, and each removes its listener when it ends", async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on("warning", onWarning);
    try {
      const client = { listAllServers: async () => [] } as unknown as HostingApi;
      const waiter = new StatusWaiter(client, { clock });
      const { signal } = new ProviderProcess().context();
      const waits = Array.from({ length: 50 }, (_, i) => timed(clock, waiter.wait({ id: `s${i}`, goal: () => "wait", timeoutMs: 5000, signal })));
      expect(getEventListeners(signal, "abort"), "the fifty waits listen through one listener").to.have.length(1);
      await new Promise((resolve) => setImmediate(resolve)); // Node emits the warning on a later tick
      expect(warnings).to.deep.equal([]);
      await clock.runAll();
      expect(waits.every((w) => w.value?.outcome === "timeout")).to.equal(true);
      expect(getEventListeners(signal, "abort"), "no listener left behind").to.have.length(0);
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("rate limiter: a request queued for its token leaves the queue at the abort; the others keep their places", async () => {
    const limiter = new RateLimiter({ ratePerMinute: 60, burst: 10, maxPauseMs: 3_600_000, logger: () => undefined, clock, cooperate: false });
    const probe = await limiter.acquire("read"); // uncalibrated: one probe in flight, the rest queue
    const abort = new AbortController();
    const cancelled = timed(clock, limiter.acquire("mutation", abort.signal));
    const kept = timed(clock, limiter.acquire("read"));
    // The probe's answer is a 429 with a pause of an hour: the queue waits.
    limiter.observe(probe, 429, () => undefined, Math.floor(clock.now() / 1000) + 3600);
    await clock.tick(2000);
    expect(limiter.snapshot().waiting).to.equal(2);
    abort.abort(new CancelledError());
    await clock.flush();
    expect(cancelled.at).to.equal(2000);
    expect(cancelled.error).to.be.instanceOf(CancelledError);
    expect(limiter.snapshot()).to.include({ waiting: 1, inFlight: 0 });
    expect(kept.at, "the other request still waits for the pause").to.equal(undefined);
  });

  it("rate limiter: ten thousand requests queued on the process's signal hold one listener on it; the abort empties the queue at once", async () => {
    const limiter = new RateLimiter({ ratePerMinute: 60, burst: 10, maxPauseMs: 3_600_000, logger: () => undefined, clock, cooperate: false });
    const probe = await limiter.acquire("read");
    const proc = new ProviderProcess({ clock });
    const { signal } = proc.context();
    const waits = Array.from({ length: 10_000 }, (_, i) => timed(clock, limiter.acquire(i % 2 ? "mutation" : "read", signal)));
    expect(limiter.snapshot().waiting).to.equal(10_000);
    expect(getEventListeners(signal, "abort"), "one listener, not one per request").to.have.length(1);
    await clock.tick(1000);
    proc.cancel();
    await clock.flush();
    expect(waits.every((w) => w.at === 1000 && w.error instanceof CancelledError)).to.equal(true);
    expect(limiter.snapshot()).to.include({ waiting: 0, inFlight: 1 });
    expect(getEventListeners(signal, "abort")).to.have.length(0);
    limiter.release(probe);
  });

  it("rate limiter: an already aborted signal is refused before the queue", async () => {
    const limiter = new RateLimiter({ ratePerMinute: 60, burst: 10, maxPauseMs: 1000, logger: () => undefined, clock });
    const abort = new AbortController();
    abort.abort(new CancelledError());
    const seen = timed(clock, limiter.acquire("mutation", abort.signal));
    await clock.flush();
    expect(seen.error).to.be.instanceOf(CancelledError);
    expect(limiter.snapshot()).to.include({ waiting: 0, inFlight: 0 });
  });

  describe("requester retries (p-retry's timers faked)", () => {
    let timers: ReturnType<typeof FakeTimers.install>;
    beforeEach(() => (timers = FakeTimers.install({ toFake: ["setTimeout", "clearTimeout", "Date"] })));
    afterEach(() => timers.uninstall());

    /** A requester whose transport answers every attempt 503, recording each attempt's virtual time. */
    function failing(minRetryDelayMs: number) {
      const attempts: number[] = [];
      const start = Date.now();
      const transport = {
        async send() {
          attempts.push(Date.now() - start);
          return { status: 503, data: { error: { code: "SERVICE_UNAVAILABLE", message: "down" } }, header: () => undefined };
        },
        redact: (t: string) => t,
        takeSlot: async () => undefined,
        freeSlot: () => undefined,
      } as unknown as Transport;
      const requester = new Requester({
        transport,
        limiter: unpaced,
        shape: new ShapeTracker("auto"),
        keySource: "test",
        policy: { retries: 3, minRetryDelayMs, maxRetryDelayMs: minRetryDelayMs * 4, maxRateLimitRetries: 5, logger: () => undefined, onRetry: () => undefined },
      });
      return { requester, attempts, start };
    }

    it("an abort during a back-off sleep ends the call then, with the signal's reason, and no attempt follows", async () => {
      const { requester, attempts, start } = failing(60_000);
      const abort = new AbortController();
      const seen: { at?: number; error?: unknown } = {};
      requester.call("GET", "/v1/account", undefined, { signal: abort.signal }).catch((error: unknown) => Object.assign(seen, { at: Date.now() - start, error }));
      await timers.tickAsync(1000);
      expect(attempts, "the first attempt failed; the retry sleeps at least 60 s").to.deep.equal([0]);
      abort.abort(new CancelledError());
      await timers.tickAsync(0);
      expect(seen.at).to.equal(1000);
      expect(seen.error).to.be.instanceOf(CancelledError);
      await timers.runAllAsync();
      expect(attempts, "no attempt after the abort").to.deep.equal([0]);
      expect(timers.countTimers(), "the sleep's timer was cleared").to.equal(0);
    });

    it("a thousand calls sleeping in their back-off on the process's signal hold one listener on it; its abort ends them all then", async () => {
      const { requester, attempts, start } = failing(60_000);
      const proc = new ProviderProcess();
      const { signal } = proc.context();
      const seen: { at?: number; error?: unknown }[] = [];
      for (let i = 0; i < 1000; i++) {
        const s: (typeof seen)[number] = {};
        seen.push(s);
        requester.call("GET", "/v1/account", undefined, { signal }).catch((error: unknown) => Object.assign(s, { at: Date.now() - start, error }));
      }
      await timers.tickAsync(1000);
      expect(attempts, "each first attempt failed; each retry sleeps at least 60 s").to.have.length(1000);
      expect(getEventListeners(signal, "abort"), "one listener, not one per sleeping call").to.have.length(1);
      proc.cancel();
      await timers.tickAsync(0);
      expect(seen.every((s) => s.at === 1000 && s.error instanceof CancelledError)).to.equal(true);
      expect(getEventListeners(signal, "abort")).to.have.length(0);
      await timers.runAllAsync();
      expect(attempts, "no attempt after the abort").to.have.length(1000);
      expect(timers.countTimers(), "every sleep's timer was cleared").to.equal(0);
    });

    it("without an abort the same call sleeps and retries (the case above can fail)", async () => {
      const { requester, attempts } = failing(60_000);
      const done = requester.call("GET", "/v1/account").catch((e: unknown) => e);
      await timers.runAllAsync();
      expect(await done).to.have.property("status", 503);
      expect(attempts).to.have.length(4);
      expect(attempts[1]).to.be.at.least(60_000);
    });
  });
});
