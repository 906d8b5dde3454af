// The status waiter's poll schedule, kept up to date wait by wait (provider/core/poll-schedule.ts),
// answers what sorting every waiter each time answers, over random sequences of waits added,
// waits leaving, polls moving due times and the key's sharing changing the gathered share.
import { expect } from "chai";
import * as fc from "fast-check";
import { PollSchedule, type Scheduled } from "../../../provider/core/poll-schedule";

/** The rule as the waiter first wrote it: every waiter sorted by due time at each question. */
function sortedAnswer(entries: Iterable<Scheduled>, share: number): number {
  let at = Infinity;
  let latest = Infinity;
  const list = [...entries];
  for (const e of [...list].sort((a, b) => a.dueAt - b.dueAt)) {
    if (e.dueAt > latest) break;
    at = e.dueAt;
    latest = Math.min(latest, e.dueAt + e.estimateMs * share);
  }
  return Math.min(at, ...list.map((e) => e.deadline));
}

type Op =
  | { kind: "add"; dueAt: number; estimateMs: number; deadline: number }
  | { kind: "remove"; pick: number }
  | { kind: "move"; picks: number[]; to: number }
  | { kind: "ask"; share: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("add" as const), dueAt: fc.integer({ min: 0, max: 40 }), estimateMs: fc.constantFrom(0, 0, 4, 10, 20), deadline: fc.integer({ min: 10, max: 200 }) }),
  fc.record({ kind: fc.constant("remove" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("move" as const), picks: fc.array(fc.nat(), { maxLength: 4 }), to: fc.integer({ min: 0, max: 60 }) }),
  fc.record({ kind: fc.constant("ask" as const), share: fc.constantFrom(0.25, 1) }),
);

describe("the status waiter's poll schedule", () => {
  it("answers as a sort of every waiter would, after any sequence of changes", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const entries = new Set<Scheduled>();
        const schedule = new PollSchedule(entries);
        for (const o of ops) {
          const list = [...entries];
          if (o.kind === "add") {
            const e = { dueAt: o.dueAt, estimateMs: o.estimateMs, deadline: o.deadline };
            entries.add(e);
            schedule.added(e);
          } else if (o.kind === "remove" && list.length > 0) {
            const e = list[o.pick % list.length]!;
            entries.delete(e);
            schedule.removed(e);
          } else if (o.kind === "move" && list.length > 0) {
            // A poll: the waiters it served are due again later, with no estimate left.
            for (const p of o.picks) Object.assign(list[p % list.length]!, { dueAt: o.to, estimateMs: 0 });
            schedule.moved();
          } else if (o.kind === "ask") {
            expect(schedule.nextAt(o.share)).to.equal(sortedAnswer(entries, o.share));
          }
        }
        expect(schedule.nextAt(0.25)).to.equal(sortedAnswer(entries, 0.25));
      }),
      { numRuns: 2000, seed: 4242 },
    );
  });

  it("with no waiter, no poll", () => {
    expect(new PollSchedule(new Set<Scheduled>()).nextAt(0.25)).to.equal(Infinity);
  });
});
