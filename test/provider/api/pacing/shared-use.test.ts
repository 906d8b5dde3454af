// A process infers the others' use of its key from `X-RateLimit-*` from its first answer on, so a
// process that starts beside others already spending the key does not take the empty bucket for its
// own.
//
// The others' use of a key as one process infers it from `X-RateLimit-*` (provider/api/pacing/
// shared-use.ts), here for a process's first answer: before the first-answer count it counted nothing
// until its second answer, so a process that started beside others already spending the key took
// the empty bucket for its own and raced them for every token (most 429s at 4 and 8 stacks).
import { expect } from "chai";
import { SharedUse } from "../../../../provider/api/pacing/shared-use";

const DEFAULT_RATE = 60 / 60_000; // tokens per ms: 60/min

/** A fresh process's view after its first request was admitted and answered at `now`. */
function firstAnswer(remaining: number, ratePerMs: number, fullInMs: number | undefined, now = 1_000_000) {
  const use = new SharedUse(now);
  use.admitted();
  use.observe(now, remaining, ratePerMs, 100, fullInMs);
  return use.othersPerMs(now) * 60_000;
}

describe("shared use of a key: what a process's first answer shows", () => {
  it("a drained bucket (5 left, full in 95.5 s): others at the key's rate, less the dead band, from the first answer", () => {
    // Lacks more than 94.5 tokens, less our own 1: at most 10 s of the key's rate (10 tokens)
    // count, less the dead band of 2, over the half window of 5 s: 96/min.
    expect(firstAnswer(5, DEFAULT_RATE, 95_500)).to.equal(96);
  });

  it("a full bucket less our own request: nobody else", () => {
    expect(firstAnswer(99, DEFAULT_RATE, 1_500)).to.equal(0);
  });

  it("only what the rounding of Reset cannot explain counts: 3 tokens missing in 3.9 s shows no one", () => {
    // Reset is a whole second, so the bucket lacks more than (3.9 - 1) s × 1/s = 2.9 tokens, our
    // own 1 among them: 1.9, inside the dead band of 2.
    expect(firstAnswer(96, DEFAULT_RATE, 3_900)).to.equal(0);
  });

  it("on a fast tier a second of rounding is more than the bucket: nothing counts (6000/min, 8 of 10 left)", () => {
    expect(firstAnswer(8, 6000 / 60_000, 1_000)).to.equal(0);
  });

  it("an answer without Reset counts nothing until the next one", () => {
    expect(firstAnswer(5, DEFAULT_RATE, undefined)).to.equal(0);
  });
});
