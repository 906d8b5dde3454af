// The waiter's polls against the real simulator, both shapes, on a fake clock: a poll lists the
// account newest first and stops once it has seen every server due, so waiting for servers just
// made costs the newest page, not the whole account; a list that stopped early proves no absence.
import { expect } from "chai";
import type { HostingClient } from "../../../provider/api";
import { StatusWaiter, type WaitOutcome } from "../../../provider/core/status-waiter";
import { FAST_KEY, learnCatalogue, startClientSimulator, wireCreate, type ClientSimulator } from "../../helpers/client-simulator";
import { fakeClock, type FakeClock } from "../../helpers/fake-clock";
import { countRequests, SHAPES } from "../../helpers/simulator";

/** Three pages of 500: the account a poll would otherwise walk whole. */
const ACCOUNT = 1_200;
const listed = (s: unknown) => (s ? "done" : "wait");
const gone = (s: unknown) => (s ? "wait" : "done");

for (const shape of SHAPES) {
  describe(`status waiter polls in a large account, shape ${shape}`, function () {
    this.timeout(120_000);
    let sim: ClientSimulator;
    let client: HostingClient;
    let clock: FakeClock;

    before(async () => {
      sim = await startClientSimulator(shape);
      client = sim.client();
      await learnCatalogue(sim);
      await sim.seedServers(ACCOUNT, (i) => wireCreate(shape, `old-${i}`));
      await client.listAllServers(); // the catalogue, so that only server lists are counted
    });
    after(async () => sim?.close());
    beforeEach(async () => {
      clock = fakeClock();
      await sim.resetStats();
    });

    const pages = async () => countRequests(await sim.stats(), "GET /v1/servers");
    /** The outcome and the virtual millisecond it came at. */
    const timed = (p: Promise<WaitOutcome>) => {
      const seen: { at?: number; outcome?: WaitOutcome } = {};
      void p.then((outcome) => Object.assign(seen, { at: clock.elapsed(), outcome }));
      return seen;
    };

    it("waits for two servers just made with one page of the account, not three", async () => {
      const made = [await sim.seedServer({ label: "new-1" }, FAST_KEY), await sim.seedServer({ label: "new-2" }, FAST_KEY)];
      await sim.resetStats();
      const waiter = new StatusWaiter(client, { clock });
      const outcomes = await Promise.all([
        ...made.map((id) => waiter.wait({ id, goal: listed, timeoutMs: 60_000, firstPollMs: 0 })),
        clock.tick(0),
      ]);
      expect(outcomes.slice(0, 2).map((o) => (o as WaitOutcome).outcome)).to.deep.equal(["done", "done"]);
      expect(await pages()).to.equal(1);
    });

    it("walks the whole account to prove a deleted server gone", async () => {
      const victim = await sim.seedServer({ label: "victim" }, FAST_KEY);
      await sim.deleteServer(victim);
      await sim.resetStats();
      const waiter = new StatusWaiter(client, { clock });
      const [outcome] = await Promise.all([waiter.wait({ id: victim, goal: gone, timeoutMs: 60_000, firstPollMs: 0 }), clock.tick(0)]);
      expect(outcome.outcome).to.equal("done");
      expect(await pages()).to.equal(Math.ceil(ACCOUNT / 500));
    });

    it("does not take a server missing from a list that stopped early as gone", async () => {
      const victim = await sim.seedServer({ label: "victim-2" }, FAST_KEY);
      await sim.deleteServer(victim);
      const fresh = await sim.seedServer({ label: "new-3" }, FAST_KEY);
      await sim.resetStats();
      const waiter = new StatusWaiter(client, { clock });
      const deleted = timed(waiter.wait({ id: victim, goal: gone, timeoutMs: 60_000, firstPollMs: 10_000 }));
      const made = timed(waiter.wait({ id: fresh, goal: listed, timeoutMs: 60_000, firstPollMs: 0 }));
      await clock.tick(0);
      await until(() => made.at !== undefined);
      expect(made).to.deep.include({ at: 0 });
      expect(await pages(), "the first poll: one page").to.equal(1);
      expect(deleted.at, "the victim is not in the first page, which proves nothing of it").to.equal(undefined);
      await clock.tick(10_000);
      await until(() => deleted.at !== undefined);
      expect(deleted.at).to.equal(10_000);
      expect(deleted.outcome?.outcome).to.equal("done");
      expect(await pages(), "the second poll walks the account").to.equal(1 + Math.ceil(ACCOUNT / 500));
    });
  });
}

/** Lets real I/O (the simulator's answers) run until `done` holds; the virtual clock stands still. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(done(), "settled within 5 s of real time").to.equal(true);
}
