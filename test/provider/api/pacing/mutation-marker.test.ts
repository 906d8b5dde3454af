// Across processes, status polls yield to waiting mutations, in virtual time: two markers on one
// in-memory store with Redis's SET PX and PTTL rules stand for two processes, and each case says at
// which virtual millisecond the poll goes.
//
// Across processes, status polls yield to waiting mutations (provider/api/pacing/
// mutation-marker.ts), in virtual time: two markers on one in-memory store stand for two
// processes on one budget, the store keeps Redis's SET PX / PTTL rules on the same fake clock,
// and each case says at which virtual millisecond the poll goes. Against a real Redis:
// redis-poll-yield.test.ts.
import { expect } from "chai";
import { MutationMarker, type MarkerStore } from "../../../../provider/api/pacing/mutation-marker";
import { fakeClock, type FakeClock } from "../../../helpers/fake-clock";

const KEY = "pulumi-hosting:mutating:budget";
const TTL_MS = 300;

/** Redis's SET key value PX ttl and PTTL key, on the fake clock; records every command's virtual time. */
function memoryStore(clock: FakeClock) {
  const expiry = new Map<string, number>();
  const log: string[] = [];
  const store: MarkerStore = {
    async set(key, _value, _px, ttlMs) {
      log.push(`${clock.elapsed()} SET PX ${ttlMs}`);
      expiry.set(key, clock.now() + ttlMs);
    },
    async pttl(key) {
      const at = expiry.get(key);
      const left = at === undefined || at <= clock.now() ? -2 : at - clock.now();
      log.push(`${clock.elapsed()} PTTL ${left}`);
      return left;
    },
  };
  return { store, log };
}

/**
 * memoryStore's rules, but the SET sent at virtual `lateAt` lands `delayMs` later (a Redis busy
 * elsewhere, a slow socket): it takes effect, and its promise resolves, only then.
 */
function lateStore(clock: FakeClock, lateAt: number, delayMs: number) {
  const { store: inner, log } = memoryStore(clock);
  const store: MarkerStore = {
    async set(key, value, px, ttlMs) {
      if (clock.elapsed() === lateAt) await clock.sleep(delayMs);
      return inner.set(key, value, px, ttlMs);
    },
    pttl: (key) => inner.pttl(key),
  };
  return { store, log };
}

describe("mutation marker: status polls yield to other processes' mutations (virtual time)", () => {
  let clock: FakeClock;
  let store: MarkerStore;
  let log: string[];
  const process = (maxYieldMs = 60_000) => new MutationMarker({ key: KEY, ttlMs: TTL_MS, maxYieldMs, clock, store: async () => store });
  /** The virtual millisecond a poll's yield ended. */
  const pollFrom = (p: MutationMarker) => {
    const seen: { at?: number } = {};
    void p.yieldToMutations().then(() => (seen.at = clock.elapsed()));
    return seen;
  };

  beforeEach(() => {
    clock = fakeClock();
    ({ store, log } = memoryStore(clock));
  });

  it("a poll waits while the other process has a mutation waiting, and goes the moment its marker expires", async () => {
    const [mutating, polling] = [process(), process()];
    const done = mutating.hold();
    const poll = pollFrom(polling);
    await clock.tick(1500); // five marker lives: the heartbeat (every 100 ms) keeps it
    expect(poll.at, "still yielding while the mutation waits").to.equal(undefined);
    done();
    await clock.runAll();
    // The last refresh was at 1500 ms: the marker expires at 1800, and the poll goes then.
    expect(poll.at).to.equal(1800);
    expect(log.filter((l) => l.includes("SET"))).to.deep.equal(Array.from({ length: 16 }, (_, i) => `${i * 100} SET PX ${TTL_MS}`));
    // The poll looks again when the marker's TTL says; a look in the same millisecond as a refresh
    // sees the marker before it (200 ms left), so it looks every 200 ms, and at 1700 sees the end near.
    const looks = ["0 PTTL 300", ...[300, 500, 700, 900, 1100, 1300, 1500].map((t) => `${t} PTTL 200`), "1700 PTTL 100", "1800 PTTL -2"];
    expect(log.filter((l) => l.includes("PTTL"))).to.deep.equal(looks);
    expect(clock.pending(), "no heartbeat left").to.equal(0);
  });

  it("a poll with no mutation waiting anywhere goes at once, after one look", async () => {
    const poll = pollFrom(process());
    await clock.flush();
    expect(poll.at).to.equal(0);
    expect(log).to.deep.equal(["0 PTTL -2"]);
  });

  it("a poll yields at most maxYieldMs, so a long run of mutations never starves it", async () => {
    const [mutating, polling] = [process(), process(800)];
    const done = mutating.hold();
    const poll = pollFrom(polling);
    await clock.tick(2000);
    expect(poll.at).to.equal(800);
    expect(log.filter((l) => l.includes("PTTL"))).to.deep.equal(["0 PTTL 300", "300 PTTL 200", "500 PTTL 200", "700 PTTL 200", "800 PTTL 200"]);
    done();
  });

  it("a crashed process's marker expires on the store's clock: the survivor's poll goes one life after the last refresh", async () => {
    const [crashing, polling] = [process(), process()];
    crashing.hold(); // never released: the process dies holding it
    const poll = pollFrom(polling);
    await clock.tick(1000);
    crashing.stop(); // SIGKILL: the heartbeat ends, nothing else runs
    await clock.runAll();
    expect(log.filter((l) => l.includes("SET")).at(-1)).to.equal("1000 SET PX 300");
    expect(poll.at).to.equal(1300);
  });

  it("stop() leaves no write behind: a SET on its way lands before the last done() resolves, and a poll after it sees the marker's true end", async () => {
    ({ store, log } = lateStore(clock, 200, 500)); // the heartbeat SET sent at 200 lands at 700
    const [mutating, polling] = [process(), process()];
    const done = mutating.hold();
    await clock.tick(250);
    const stopped: { at?: number } = {};
    void done().then(() => (stopped.at = clock.elapsed()));
    await clock.tick(450);
    // Without waiting for the SET on its way, done() would resolve at 250, and a poll looking then
    // would see the marker of 100 end at 400, go, and have the late SET revive it at 700.
    expect(stopped.at, "done() resolves once the late SET has landed").to.equal(700);
    expect(log.filter((l) => l.includes("SET"))).to.deep.equal(["0 SET PX 300", "100 SET PX 300", "700 SET PX 300"]);
    const poll = pollFrom(polling);
    await clock.runAll();
    expect(poll.at, "a poll after done() goes when the last SET's life ends").to.equal(1000);
    expect(log.filter((l) => l.includes("SET")).at(-1), "no SET after the poll went").to.equal("700 SET PX 300");
  });

  it("stop() sends no heartbeat whose connection comes after it", async () => {
    let connect: (s: MarkerStore) => void = () => undefined;
    const slow = new MutationMarker({
      key: KEY, ttlMs: TTL_MS, maxYieldMs: 60_000, clock,
      store: () => new Promise<MarkerStore>((resolve) => (connect = resolve)), // still connecting
    });
    const done = slow.hold();
    await clock.tick(50);
    const stopped = done();
    connect(store); // the connection opens after the last mutation went
    await stopped;
    await clock.runAll();
    expect(log, "the heartbeat that waited for the connection sent nothing").to.deep.equal([]);
  });

  it("two mutations of one process keep one heartbeat, until the last of them goes", async () => {
    const p = process();
    const [first, second] = [p.hold(), p.hold()];
    await clock.tick(200);
    first();
    first(); // twice is once
    await clock.tick(200);
    expect(log).to.deep.equal(["0 SET PX 300", "100 SET PX 300", "200 SET PX 300", "300 SET PX 300", "400 SET PX 300"]);
    second();
    await clock.tick(1000);
    expect(log).to.have.length(5);
    expect(clock.pending()).to.equal(0);
  });
});
