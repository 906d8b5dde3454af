// Progress of long work on virtual time: the reporter's throttling, a Server's wait for `active`,
// and a Fleet's counts and roll batches, each line recorded with the virtual millisecond it went
// out.
//
// Progress of long work on virtual time (provider/core/progress.ts): the reporter's throttling, a
// Server's wait for `active` (server/power.ts) through a real StatusWaiter, and a Fleet's counts
// and roll batches (fleet/member-progress.ts through the fleet's own create, update and delete)
// over model member operations. Each line is recorded with the virtual millisecond it went out.
import { expect } from "chai";
import type { HostingApi, Server } from "../../../provider/api/wire/types";
import { ProviderProcess } from "../../../provider/core/provider-process";
import { elapsedText, progressReporter, silentProgress } from "../../../provider/core/progress";
import { StatusWaiter } from "../../../provider/core/status-waiter";
import { waitUntilActive } from "../../../provider/server/power";
import * as fleet from "../../../provider/fleet/provider";
import type { MemberOps } from "../../../provider/fleet/member-ops";
import type { FleetInputs, FleetOutputs, MemberSpec, RecordedMember } from "../../../provider/fleet/types";
import type { Recorded } from "../../../provider/core/route";
import { fakeClock, type FakeClock } from "../../helpers/fake-clock";

function srv(id: string, status: Server["status"]): Server {
  return { id, status, label: "", region: "ewr", plan: "p", mainIp: "", vcpus: 1, ramGb: 1, diskGb: 1, tags: [], backups: false, ddosProtection: false, sshKeyIds: [], createdAt: "" };
}

/** Lines as "<virtual ms> <line>". */
function recorder(clock: FakeClock) {
  const lines: string[] = [];
  return { lines, sink: (m: string) => void lines.push(`${clock.elapsed()} ${m}`) };
}

async function settle<T>(clock: FakeClock, p: Promise<T>, stepMs = 50): Promise<T> {
  let done = false;
  void p.finally(() => (done = true)).catch(() => undefined);
  while (!done) await clock.tick(stepMs);
  return p;
}

describe("progress of long work (virtual time)", () => {
  let clock: FakeClock;
  beforeEach(() => (clock = fakeClock()));

  describe("the reporter", () => {
    it("a wait says nothing for quietMs, then one line every intervalMs with its elapsed time, and nothing after it ends", async () => {
      const { lines, sink } = recorder(clock);
      const progress = progressReporter(sink, clock, { quietMs: 5_000, intervalMs: 10_000 });
      const work = progress.during((ms) => `still at it (${elapsedText(ms)})`, () => clock.sleep(32_000));
      await clock.tick(4_999);
      expect(lines, "a wait shorter than quietMs reports nothing").to.deep.equal([]);
      await clock.tick(40_000);
      await work;
      expect(lines).to.deep.equal(["5000 still at it (5 s)", "15000 still at it (15 s)", "25000 still at it (25 s)"]);
      expect(clock.pending(), "no timer left behind").to.equal(0);
    });

    it("a timer that fires a millisecond early by the wall clock (Node's timers run on a monotonic clock) still says 5 s, 15 s", async () => {
      // CI's run of 4de1bd3 printed "(4 s)" for the first line of a real wait: Date.now() had moved
      // 4,999 ms when the 5,000 ms timer fired. Here every timer fires 1 ms early on the clock's `now`.
      const early = { ...clock, setTimeout: (fn: () => void, ms: number) => clock.setTimeout(fn, Math.max(0, ms - 1)) };
      const { lines, sink } = recorder(clock);
      const progress = progressReporter(sink, early, { quietMs: 5_000, intervalMs: 10_000 });
      const work = progress.during((ms) => `still at it (${elapsedText(ms)})`, () => clock.sleep(16_000));
      await clock.tick(17_000);
      await work;
      expect(lines).to.deep.equal(["4999 still at it (5 s)", "14998 still at it (15 s)"]);
    });

    it("a wait that ends before quietMs, or fails, leaves no line and no timer", async () => {
      const { lines, sink } = recorder(clock);
      const progress = progressReporter(sink, clock);
      const quick = progress.during(() => "never", () => clock.sleep(4_000));
      await clock.tick(4_000);
      await quick;
      const failing = progress.during(() => "never either", async () => {
        await clock.sleep(1_000);
        throw new Error("boom");
      });
      failing.catch(() => undefined);
      await clock.tick(1_000);
      await failing.then(() => expect.fail("it fails"), (e: Error) => expect(e.message).to.equal("boom"));
      expect(lines).to.deep.equal([]);
      expect(clock.pending()).to.equal(0);
    });

    it("a count reports once per tenth of its total and at its end, however fast it goes: 10 lines for 100", () => {
      const { lines, sink } = recorder(clock);
      const tally = progressReporter(sink, clock).count("members created", 100);
      for (let i = 0; i < 100; i++) tally.tick();
      expect(lines).to.deep.equal([10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((n) => `0 ${n} of 100 members created`));
    });

    it("a slow count also reports when intervalMs has gone by since its last line, and never more often than that between two tenths", async () => {
      const { lines, sink } = recorder(clock);
      const tally = progressReporter(sink, clock, { intervalMs: 10_000 }).count("servers deleted", 100);
      for (let i = 0; i < 5; i++) {
        await clock.tick(3_000);
        tally.tick();
      }
      expect(lines, "5 done over 15 s: one line at the 10 s mark's next tick").to.deep.equal(["12000 4 of 100 servers deleted"]);
      for (let i = 0; i < 5; i++) tally.tick();
      expect(lines.slice(1)).to.deep.equal(["15000 10 of 100 servers deleted"]);
    });

    it("a count of fewer than ten things reports each; a count of nothing reports nothing; a status goes at once", () => {
      const { lines, sink } = recorder(clock);
      const progress = progressReporter(sink, clock);
      const three = progress.count("members updated", 3);
      for (let i = 0; i < 3; i++) three.tick();
      progress.count("servers deleted", 0).tick();
      progress.status("rolling batch 1 of 2");
      expect(lines).to.deep.equal(["0 1 of 3 members updated", "0 2 of 3 members updated", "0 3 of 3 members updated", "0 rolling batch 1 of 2"]);
    });

    it("a request without a sink gets the silent reporter, which runs the work and sets no timer", async () => {
      const proc = new ProviderProcess({ clock });
      const ctx = proc.context();
      expect(ctx.progress).to.equal(silentProgress);
      expect(await ctx.progress.during(() => "x", async () => 7)).to.equal(7);
      expect(clock.pending()).to.equal(0);
    });
  });

  describe("a Server's wait for active", () => {
    /** A client whose one server is `pending` until 20 s, then `active`; only lists are called. */
    function account(): HostingApi {
      return { listAllServers: async () => [srv("s1", clock.elapsed() < 20_000 ? "pending" : "active")] } as unknown as HostingApi;
    }

    it("reports the status its polls saw every 10 s from 5 s on, and stops when the server is active", async () => {
      const { lines, sink } = recorder(clock);
      const api = account();
      const proc = new ProviderProcess({ clock, createWaiter: (_c, cl) => new StatusWaiter(api, { clock: cl, timings: { initialPollMs: 1_000, maxPollMs: 4_000 } }) });
      proc.configure({ get: (k) => ({ "hosting:apiKey": "k", "hosting:baseUrl": "http://127.0.0.1:9" })[k] });
      const ctx = proc.context({ status: sink });
      const outcome = await settle(clock, waitUntilActive(ctx, "s1", 60_000, 3_000));
      expect(outcome.outcome).to.equal("done");
      expect(lines).to.deep.equal([
        "5000 waiting for server s1 to be active: pending (5 s)",
        "15000 waiting for server s1 to be active: pending (15 s)",
      ]);
      expect(clock.pending(), "no reporter timer left").to.equal(0);
    });

    it("before its first poll it says it has seen no status yet (a first poll at the API's estimate)", async () => {
      const { lines, sink } = recorder(clock);
      const api = account();
      const proc = new ProviderProcess({ clock, createWaiter: (_c, cl) => new StatusWaiter(api, { clock: cl }) });
      proc.configure({ get: (k) => ({ "hosting:apiKey": "k", "hosting:baseUrl": "http://127.0.0.1:9" })[k] });
      await settle(clock, waitUntilActive(proc.context({ status: sink }), "s1", 60_000, 21_000), 500);
      expect(lines).to.deep.equal([
        "5000 waiting for server s1 to be active: no status seen yet (5 s)",
        "15000 waiting for server s1 to be active: no status seen yet (15 s)",
      ]);
    });
  });

  describe("a Fleet", () => {
    const keys = (n: number) => Array.from({ length: n }, (_, i) => `web-ewr-${i + 1}`);
    const spec = (key: string, os: string): MemberSpec => ({ region: "ewr", plan: "vc2-1c-1gb", os, osId: os === "debian-12" ? 2136 : 2284, label: key, tags: [] }) as unknown as MemberSpec;
    const inputs = (n: number, os: string, maxSurge = 1): Recorded<FleetInputs> =>
      ({ groups: [], maxSurge, maxUnavailable: 0, pauseSeconds: 0, waitTimeoutSeconds: 600, memberSpecs: Object.fromEntries(keys(n).map((k) => [k, spec(k, os)])) }) as unknown as Recorded<FleetInputs>;

    /**
     * Member operations of a model account: member i is active 1 s + i × 100 ms after its POST; the
     * k-th DELETE is answered k × `deletePaceMs` after it was called (a rate limit's pacing), and
     * its server is gone 200 ms after that.
     */
    function modelOps(deletePaceMs = 0): MemberOps {
      let next = 1;
      let deletes = 0;
      return {
        create: async (key, s) => {
          const id = `s${next++}`;
          await clock.sleep(1_000 + Number(key.split("-").pop()) * 100);
          return { id, label: key, region: "ewr", plan: "vc2-1c-1gb", os: s.os, osId: 0, mainIp: "", status: "active", tags: [] } as RecordedMember;
        },
        update: async (_key, m) => m,
        sendDelete: async () => {
          if (deletePaceMs > 0) await clock.sleep(++deletes * deletePaceMs);
          return true;
        },
        confirmDeleted: async () => void (await clock.sleep(200)),
      };
    }

    function fleetContext(sink: (m: string) => void) {
      const proc = new ProviderProcess({ clock });
      // A key is needed to build the context's client; the model operations never call it.
      proc.configure({ get: (k) => ({ "hosting:apiKey": "k", "hosting:baseUrl": "http://127.0.0.1:9" })[k] });
      return proc.context({ resource: { name: "web" }, status: sink });
    }

    it("a create of 100 reports n of 100 members created at each tenth (10 lines)", async () => {
      const { lines, sink } = recorder(clock);
      const ops = modelOps();
      const res = await settle(clock, fleet.create(inputs(100, "ubuntu-24.04"), fleetContext(sink), () => ops));
      expect(Object.keys(res.outs?.members ?? {})).to.have.length(100);
      expect(lines).to.deep.equal([10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((n) => `${1_000 + n * 100} ${n} of 100 members created`));
    });

    it("a roll of 6 in batches of 2 reports batch k of 3 as each starts, then its creates and deletes (as the API takes each DELETE) counted of 6", async () => {
      const { lines, sink } = recorder(clock);
      const ops = modelOps();
      const olds = { ...inputs(6, "ubuntu-24.04", 2), members: Object.fromEntries(keys(6).map((k, i) => [k, { id: `o${i + 1}`, label: k, region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", osId: 2284, mainIp: "", status: "active", tags: [] }])), leftovers: {}, generation: 1 } as unknown as Recorded<FleetOutputs>;
      await settle(clock, fleet.update("fleet-1", olds, inputs(6, "debian-12", 2), fleetContext(sink), () => ops));
      expect(lines).to.deep.equal([
        "0 rolling batch 1 of 3: web-ewr-1, web-ewr-2",
        "1100 1 of 6 members created", "1200 2 of 6 members created",
        "1200 1 of 6 servers deleted", "1200 2 of 6 servers deleted",
        "1400 rolling batch 2 of 3: web-ewr-3, web-ewr-4",
        "2700 3 of 6 members created", "2800 4 of 6 members created",
        "2800 3 of 6 servers deleted", "2800 4 of 6 servers deleted",
        "3000 rolling batch 3 of 3: web-ewr-5, web-ewr-6",
        "4500 5 of 6 members created", "4600 6 of 6 members created",
        "4600 5 of 6 servers deleted", "4600 6 of 6 servers deleted",
      ]);
    });

    it("a delete of 30 paced one DELETE a second reports n of 30 servers deleted at each tenth as the API takes them, not when the waits end", async () => {
      const { lines, sink } = recorder(clock);
      const ops = modelOps(1_000);
      const props = { ...inputs(30, "ubuntu-24.04"), members: Object.fromEntries(keys(30).map((k, i) => [k, { id: `o${i + 1}`, label: k, os: "ubuntu-24.04" }])), leftovers: {}, generation: 1 } as unknown as Recorded<FleetOutputs>;
      await settle(clock, fleet.fleetImpl(() => ops).delete("fleet-1", props, fleetContext(sink)));
      expect(lines).to.deep.equal([3, 6, 9, 12, 15, 18, 21, 24, 27, 30].map((n) => `${n * 1_000} ${n} of 30 servers deleted`));
    });
  });
});
