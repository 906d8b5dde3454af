// The coordinator's per-process gate on virtual time: one attempt at a time however many requests
// wait, a refused attempt sleeps exactly the bucket's wait, each token goes to the first in line,
// and a failed attempt fails every waiting request.
//
// The coordinator's per-process gate (provider/api/pacing/token-gate.ts) on virtual time: one
// attempt at a time however many requests wait, a refused attempt sleeps exactly the wait the
// bucket gave, each token goes to the first in line (mutations, reads, polls), and a failed
// attempt fails every waiting request.
import { expect } from "chai";
import { TokenGate } from "../../../../provider/api/pacing/token-gate";
import { fakeClock, type FakeClock } from "../../../helpers/fake-clock";

describe("token gate", () => {
  /** A bucket whose attempts take 1 ms and give `answers` in order (0: granted, else a wait). */
  const scripted = (time: FakeClock, answers: number[]) => {
    const attempts: number[] = [];
    let inFlight = 0;
    let most = 0;
    const attempt = async () => {
      attempts.push(time.elapsed());
      most = Math.max(most, ++inFlight);
      await time.sleep(1);
      inFlight--;
      const a = answers.shift();
      if (a === undefined) throw new Error("no more answers");
      return a;
    };
    return { attempts, most: () => most, attempt };
  };

  it("asks one at a time and sleeps the wait it was given", async () => {
    const time = fakeClock();
    const bucket = scripted(time, [0, 0, 100, 0, 50, 0]);
    const gate = new TokenGate({ attempt: bucket.attempt, sleep: time.sleep });
    const granted: Array<[number, number]> = [];
    for (let i = 0; i < 4; i++) void gate.take("read").then(() => granted.push([i, time.elapsed()]));
    await time.tick(1000 - time.elapsed());
    expect(bucket.most(), "attempts at once").to.equal(1);
    expect(bucket.attempts).to.deep.equal([0, 1, 2, 103, 104, 155]);
    expect(granted).to.deep.equal([[0, 1], [1, 2], [2, 104], [3, 156]]);
    expect(time.pending()).to.equal(0);
  });

  it("gives each token to the first in line: mutations, then reads, then polls", async () => {
    const time = fakeClock();
    const bucket = scripted(time, [0, 10, 0, 0, 0, 0]);
    const gate = new TokenGate({ attempt: bucket.attempt, sleep: time.sleep });
    const order: string[] = [];
    const take = (p: "mutation" | "read" | "poll", name: string) => void gate.take(p).then(() => order.push(name));
    take("poll", "poll-1");
    take("read", "read-1");
    await time.tick(5 - time.elapsed()); // read-1 got the first token (both waited); the next attempt was refused, the gate sleeps
    take("poll", "poll-2");
    take("mutation", "mutation-1");
    await time.tick(1000 - time.elapsed());
    expect(order).to.deep.equal(["read-1", "mutation-1", "poll-1", "poll-2"]);
  });

  it("fails every waiting request when an attempt fails, and asks again for later ones", async () => {
    const time = fakeClock();
    const bucket = scripted(time, [5]);
    const gate = new TokenGate({ attempt: bucket.attempt, sleep: time.sleep });
    const outcomes: string[] = [];
    for (const p of ["mutation", "read", "poll"] as const) void gate.take(p).then(() => outcomes.push(`${p} granted`), (e) => outcomes.push(`${p}: ${e.message}`));
    await time.tick(100 - time.elapsed());
    expect(outcomes).to.deep.equal(["mutation: no more answers", "read: no more answers", "poll: no more answers"]);
    expect(bucket.attempts).to.deep.equal([0, 6]);
    const later = gate.take("read").then(() => "granted", (e) => e.message);
    await time.tick(200 - time.elapsed());
    expect(await later).to.equal("no more answers");
    expect(bucket.attempts, "a later request asks again").to.deep.equal([0, 6, 100]);
  });
});
