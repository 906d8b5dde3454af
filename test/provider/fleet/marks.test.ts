// The marks a fleet's run sets at its end never fail the run: an `up` cancelled in a roll's pause,
// or whose time-out ended its waits, still returns its state, and a failed read or PATCH of the
// marks is a warning.
//
// The marks a fleet's run sets at its end (fleet/marks.ts) are a courtesy to the next run, never a
// reason for this one to fail: an `up` cancelled in a roll's pause, or whose time-out ended its waits,
// must still return its state (every server it made), so a read or a PATCH that fails there is a warning.
import { expect } from "chai";
import type { OperationContext } from "../../../provider/core/context";
import { settleMarks } from "../../../provider/fleet/marks";
import type { RecordedMember } from "../../../provider/fleet/types";

const member = (id: string): RecordedMember => ({ id, label: id, region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04" } as RecordedMember);

/** A context whose reads and PATCHes fail as a cancelled request's do, recording the warnings. */
function failingContext(signal: AbortSignal, warnings: string[]): OperationContext {
  const refused = (): Promise<never> => Promise.reject(new Error("the operation was cancelled"));
  return {
    signal,
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

  it("never fail the run when the engine cancelled it: nothing is read or sent, no throw", async () => {
    const cancel = new AbortController();
    cancel.abort();
    const warnings: string[] = [];
    await settleMarks(failingContext(cancel.signal, warnings), input);
    expect(warnings).to.deep.equal([]);
  });

  it("never fail the run when a member's read fails: a warning names the member", async () => {
    const warnings: string[] = [];
    await settleMarks(failingContext(new AbortController().signal, warnings), input);
    expect(warnings.length).to.be.at.least(1);
    expect(warnings.join("\n")).to.match(/web-ewr-1/);
  });
});
