// The marks a fleet's run sets at its end never fail the run: an `up` cancelled in a roll's pause,
// or whose time-out ended its waits, still returns its state, and a failed read or PATCH of the
// marks is a warning. A cancelled run sets only its first member's live mark, within one window.

import { expect } from "chai";
import type { OperationContext } from "../../../provider/core/context";
import { CANCELLED_MARK_MS, lastStepSignals, settleMarks } from "../../../provider/fleet/marks";
import { fakeClock } from "../../helpers/fake-clock";
import type { RecordedMember } from "../../../provider/fleet/types";

const member = (id: string): RecordedMember => ({ id, label: id, region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04" } as RecordedMember);

/** A context whose reads and PATCHes fail as a cancelled request's do, recording the warnings. */
function failingContext(signal: AbortSignal, warnings: string[]): OperationContext {
  const refused = (): Promise<never> => Promise.reject(new Error("the operation was cancelled"));
  return {
    signal, clock: fakeClock(),
    waiter: { read: refused },
    api: { updateServer: refused },
    log: { warn: (m: string) => void warnings.push(m), info: () => undefined },
  } as unknown as OperationContext;
}

describe("Fleet: the marks a run sets at its end", () => {
  const input = {
    instance: "fleet-0001",
    fleetTag: "hosting-fleet:p/s/web",
    members: { "web-ewr-1": member("s-1"), "web-ewr-2": member("s-2") },
    found: [],
    previous: new Set(["s-1", "s-2"]),
  };

  it("never fail the run when the engine cancelled it: only the first member's live mark is tried, and its failure is a warning", async () => {
    const cancel = new AbortController();
    cancel.abort();
    const warnings: string[] = [];
    await settleMarks(failingContext(cancel.signal, warnings), input);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.match(/^member web-ewr-1: server s-1 could not be read/);
  });

  it("a cancelled run reads the members it made, under a signal of its own, and sets only the live mark on its first when they carry their marks", async () => {
    const cancel = new AbortController();
    cancel.abort();
    const reads: string[] = [];
    const patches: Array<{ id: string; tags: string[]; aborted: boolean }> = [];
    const server = (id: string) => ({ id, label: id, status: "pending", tags: ["fleet", "hosting-fleet:p/s/web", `hosting-member:web-ewr-${id.slice(2)}`, "hosting-owner:fleet-0001"] });
    const ctx = {
      signal: cancel.signal, clock: fakeClock(),
      waiter: { read: async (id: string, o: { signal?: AbortSignal }) => (reads.push(`${id}${o.signal?.aborted ? " (aborted)" : ""}`), server(id)) },
      api: { updateServer: async (id: string, patch: { tags: string[] }, o: { signal?: AbortSignal }) => void patches.push({ id, tags: patch.tags, aborted: o.signal?.aborted ?? false }) },
      log: { warn: (m: string) => { throw new Error(m); }, info: () => undefined },
    } as unknown as OperationContext;
    await settleMarks(ctx, { ...input, previous: new Set<string>() });
    expect(reads.sort()).to.deep.equal(["s-1", "s-2"]);
    expect(patches).to.have.length(1);
    expect(patches[0].id).to.equal("s-1");
    expect(patches[0].aborted).to.equal(false);
    expect(patches[0].tags).to.include("hosting-live:fleet-0001");
  });

  it("a cancelled run's marks end CANCELLED_MARK_MS after the cancel, on the operation's clock", async () => {
    const cancel = new AbortController();
    cancel.abort();
    const clock = fakeClock();
    const warnings: string[] = [];
    // A read that never answers: it ends only when its signal aborts.
    const hanging = (_id: string, o: { signal?: AbortSignal }) =>
      new Promise((_resolve, reject) => o.signal?.addEventListener("abort", () => reject(new Error("the mark window ended")), { once: true }));
    const ctx = {
      signal: cancel.signal, clock,
      waiter: { read: hanging },
      api: { updateServer: hanging },
      log: { warn: (m: string) => void warnings.push(m), info: () => undefined },
    } as unknown as OperationContext;
    let ended = false;
    const marking = settleMarks(ctx, input).then(() => (ended = true));
    await clock.tick(CANCELLED_MARK_MS - 1);
    expect(ended, "before the window ends").to.equal(false);
    await clock.tick(1);
    expect(ended, "when the window ends").to.equal(true);
    await marking;
    expect(warnings.join("\n")).to.match(/web-ewr-1/);
  });

  it("a run's last steps share one window after a cancel: opened by the first step after it, on the operation's clock", async () => {
    const clock = fakeClock();
    const cancel = new AbortController();
    const steps = lastStepSignals({ signal: cancel.signal, clock } as unknown as OperationContext);
    expect(steps(), "before the cancel: the operation's").to.equal(cancel.signal);
    cancel.abort();
    await clock.tick(1_000);
    const first = steps();
    expect(first).to.not.equal(cancel.signal);
    expect(steps(), "the next step: the same window").to.equal(first);
    await clock.tick(CANCELLED_MARK_MS - 1);
    expect(first?.aborted).to.equal(false);
    await clock.tick(1);
    expect(first?.aborted, "CANCELLED_MARK_MS after the first step").to.equal(true);
  });

  it("never fail the run when a member's read fails: a warning names the member", async () => {
    const warnings: string[] = [];
    await settleMarks(failingContext(new AbortController().signal, warnings), input);
    expect(warnings.length).to.be.at.least(1);
    expect(warnings.join("\n")).to.match(/web-ewr-1/);
  });
});
