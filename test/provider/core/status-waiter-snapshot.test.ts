// The waiter's list snapshot against the real simulator, both shapes, on a fake clock: reads spaced
// further apart than a read batch cost one GET and one list in all, and the snapshot never hides
// this process's changes, never reports a new server gone, and expires on time.
//
// The waiter's list snapshot (provider/core/list-snapshot.ts) against the real simulator, both
// shapes: reads spaced further apart than a read batch, as the engine sends them on a loaded
// machine, cost one GET and one list in all; and the snapshot never hides a change this process
// made, never reports a new server gone, and expires after `readSnapshotMs`. The waiter runs on
// a fake clock (the simulator answers in real time, but the waiter's batches, its snapshot's age
// and the gaps between reads are virtual), so "older than readSnapshotMs" is an exact millisecond,
// never a sleep that a busy machine can stretch.
import { expect } from "chai";
import type { HostingClient } from "../../../provider/api";
import { StatusWaiter, type WaiterTimings } from "../../../provider/core/status-waiter";
import { FAST_KEY, learnCatalogue, startClientSimulator, wireCreate, type ClientSimulator } from "../../helpers/client-simulator";
import { fakeClock, type FakeClock } from "../../helpers/fake-clock";
import { countRequests, SHAPES } from "../../helpers/simulator";

const FLEET = 60;
/** Five read batches apart: without the snapshot every read is a batch of its own. */
const GAP_MS = 25;
const TIMINGS = { readBatchMs: 5, readBatchMaxMs: 50, readSnapshotMs: 30000 };

/** Server reads the simulator answered: list calls and single GETs. */
async function serverReads(sim: ClientSimulator): Promise<{ list: number; get: number }> {
  const stats = await sim.stats();
  return { list: countRequests(stats, "GET /v1/servers"), get: countRequests(stats, "GET /v1/servers/:id") };
}

/** The client, with its list call delayed before it is sent and before its answer is handed back. */
function withSlowList(client: HostingClient, beforeSend: () => Promise<unknown>, beforeAnswer: () => Promise<unknown>): HostingClient {
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      if (prop !== "listAllServers") return value.bind(target);
      return async (...args: unknown[]) => {
        await beforeSend();
        const servers = await value.apply(target, args);
        await beforeAnswer();
        return servers;
      };
    },
  });
}

for (const shape of SHAPES) {
  describe(`status waiter snapshot, shape ${shape}`, function () {
    this.timeout(60_000);
    let sim: ClientSimulator;
    let client: HostingClient;
    let ids: string[];
    let clock: FakeClock;
    /** A waiter of `c` with the test timings, and `timings` laid over them. */
    const waiterOn = (c: HostingClient, timings: Partial<WaiterTimings> = {}) => new StatusWaiter(c, { clock, timings: { ...TIMINGS, ...timings } });
    /** Reads, and moves the virtual clock past the read batch, so that its list or GET goes. */
    const settled = async <T>(reads: Promise<T>): Promise<T> => {
      await clock.tick(TIMINGS.readBatchMs);
      return reads;
    };

    before(async () => {
      sim = await startClientSimulator(shape);
      client = sim.client();
      await learnCatalogue(sim);
      await sim.seedServers(FLEET, (i) => wireCreate(shape, `snap-${i}`));
      ids = (await client.listAllServers()).map((s) => s.id);
      expect(ids).to.have.length(FLEET);
    });
    after(async () => sim?.close());
    beforeEach(() => {
      clock = fakeClock();
    });

    /** Reads every id one after the other, GAP_MS after each answer; returns the labels. */
    async function spacedReads(waiter: StatusWaiter, snapshot: boolean): Promise<(string | undefined)[]> {
      const labels: (string | undefined)[] = [];
      for (const id of ids) {
        labels.push((await settled(waiter.read(id, { snapshot })))?.label);
        await clock.tick(GAP_MS);
      }
      return labels;
    }

    it(`answers ${FLEET} reads spaced ${GAP_MS} ms apart with one GET and one list; without the snapshot, one request each`, async () => {
      await client.listAllServers(); // the catalogue, so that only server reads are counted
      await sim.resetStats();
      const labels = await spacedReads(waiterOn(client), true);
      expect(new Set(labels)).to.have.property("size", FLEET);
      expect(labels.every((l) => l?.startsWith("snap-"))).to.equal(true);
      const withSnapshot = await serverReads(sim);
      await sim.resetStats();
      expect(await spacedReads(waiterOn(client), false)).to.deep.equal(labels);
      const without = await serverReads(sim);
      console.log(`      ${FLEET} spaced reads, shape ${shape}: with snapshot ${JSON.stringify(withSnapshot)}, without ${JSON.stringify(without)}`);
      expect(withSnapshot).to.deep.equal({ list: 1, get: 1 });
      expect(without.list + without.get).to.equal(FLEET);
    });

    it("answers a server deleted by someone else from the snapshot up to readSnapshotMs after its list was sent, not a millisecond more", async () => {
      const waiter = waiterOn(client, { readSnapshotMs: 400 });
      const victim = await sim.seedServer({ label: "victim" }, FAST_KEY);
      // The batch's list is sent at virtual 5 ms (readBatchMs after the reads).
      await settled(Promise.all([waiter.read(ids[0], { snapshot: true }), waiter.read(ids[1], { snapshot: true })]));
      expect(clock.elapsed()).to.equal(5);
      await sim.deleteServer(victim);
      await sim.resetStats();
      expect((await waiter.read(victim, { snapshot: true }))?.label).to.equal("victim");
      await clock.tick(400); // the list is 400 ms old: still answers
      expect((await waiter.read(victim, { snapshot: true }))?.label).to.equal("victim");
      expect(await serverReads(sim)).to.deep.equal({ list: 0, get: 0 });
      await clock.tick(1); // 401 ms: too old
      const [gone] = await settled(Promise.all([waiter.read(victim, { snapshot: true }), waiter.read(ids[0], { snapshot: true })]));
      expect(gone).to.equal(undefined);
      expect(await serverReads(sim)).to.deep.equal({ list: 1, get: 0 });
    });

    it("reads a server created after the snapshot fresh, and finds it", async () => {
      const waiter = waiterOn(client);
      await settled(Promise.all([waiter.read(ids[0], { snapshot: true }), waiter.read(ids[1], { snapshot: true })]));
      const late = await sim.seedServer({ label: "late" }, FAST_KEY);
      await sim.resetStats();
      expect((await settled(waiter.read(late, { snapshot: true })))?.label).to.equal("late");
      const seen = await serverReads(sim);
      expect(seen.list + seen.get).to.equal(1);
    });

    it("reads fresh a server this process waited on since the snapshot", async () => {
      const waiter = waiterOn(client);
      const [target] = ids;
      const before = await settled(Promise.all([waiter.read(target, { snapshot: true }), waiter.read(ids[1], { snapshot: true })]));
      await client.updateServer(target, { label: "relabelled" });
      // What update/power/delete do after a mutation: wait on the server (first poll later).
      const waited = waiter.wait({ id: target, goal: () => "done", timeoutMs: 5000, firstPollMs: 300 });
      expect((await settled(waiter.read(target, { snapshot: true })))?.label).to.equal("relabelled");
      expect(before[0]?.label).to.not.equal("relabelled");
      await clock.tick(300); // the wait's first poll
      expect((await waited).outcome).to.equal("done");
      await client.updateServer(target, { label: before[0]!.label });
    });

    it("reads fresh, for good, a server this process read fresh (as update does before its PATCH), even from a list sent later", async () => {
      const waiter = waiterOn(client, { readSnapshotMs: 300 });
      const target = ids[2];
      const [fresh] = await settled(Promise.all([waiter.read(target), waiter.read(ids[5])])); // two: one list, as concurrent updates do
      const label = fresh?.label;
      await clock.tick(301); // past any snapshot; the next list is sent after the fresh read
      await settled(Promise.all([waiter.read(ids[3], { snapshot: true }), waiter.read(ids[4], { snapshot: true })]));
      await client.updateServer(target, { label: "patched-after-the-list" });
      expect((await settled(waiter.read(target, { snapshot: true })))?.label).to.equal("patched-after-the-list");
      await client.updateServer(target, { label: label! });
    });

    it("reads that come while a batch's list is on its way wait for it: three waves, one list", async () => {
      // The list is sent 200 virtual ms late, so the second and third waves (50 and 100 ms on,
      // each a batch of its own) come while it travels, as the engine's next Reads do.
      const slow = withSlowList(client, () => clock.sleep(200), async () => undefined);
      await sim.resetStats();
      const waiter = waiterOn(slow);
      const wave = (from: number) => Promise.all(ids.slice(from, from + 10).map((id) => waiter.read(id, { snapshot: true })));
      const waves = [wave(0), clock.sleep(50).then(() => wave(10)), clock.sleep(100).then(() => wave(20))];
      await clock.tick(300); // the list goes at 205; the later waves' batches flushed at 55 and 105 wait for it
      const labels = (await Promise.all(waves)).flat().map((s) => s?.label);
      expect(labels.every((l) => l?.startsWith("snap-")), "every read answered").to.equal(true);
      expect(await serverReads(sim)).to.deep.equal({ list: 1, get: 0 });
    });

    it("a batch that filled while a list travelled, and is sent after it answered, is answered from it", async () => {
      // The list's answer is held until the gate opens; the second wave is queued first, and
      // its batch goes out (readBatchMs later) after the list has answered.
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      let answered!: () => void;
      const listAnswered = new Promise<void>((resolve) => (answered = resolve));
      const held = withSlowList(client, async () => undefined, () => (answered(), gate));
      await sim.resetStats();
      const waiter = waiterOn(held);
      const first = settled(Promise.all(ids.slice(0, 10).map((id) => waiter.read(id, { snapshot: true }))));
      await listAnswered; // the first batch's list is sent and answered, its answer held
      const second = Promise.all(ids.slice(10, 20).map((id) => waiter.read(id, { snapshot: true })));
      open();
      await first; // the list recorded, before the second batch goes
      const labels = [...(await first), ...(await settled(second))].map((s) => s?.label);
      expect(labels.every((l) => l?.startsWith("snap-")), "every read answered").to.equal(true);
      expect(await serverReads(sim)).to.deep.equal({ list: 1, get: 0 });
    });

    it("is off with readSnapshotMs 0: every spaced read goes to the API", async () => {
      await sim.resetStats();
      await spacedReads(waiterOn(client, { readSnapshotMs: 0 }), true);
      const seen = await serverReads(sim);
      expect(seen.list + seen.get).to.equal(FLEET);
    });
  });
}
