// provider/api/http/in-flight.ts: at most `limit` sends run at once, the others start in the
// order they came, and a send that fails frees its slot like one that succeeds.
import { expect } from "chai";
import { InFlightLimit } from "../../../provider/api/http/in-flight";

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (e: Error) => void } {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const ticks = () => new Promise((r) => setImmediate(r));

describe("api: the in-flight limit before the transport", () => {
  it("runs at most the limit at once, starts the rest first come first served, and frees a failed send's slot", async () => {
    const limit = new InFlightLimit(2);
    const started: number[] = [];
    const gates = Array.from({ length: 6 }, deferred);
    const runs = gates.map((g, i) => limit.run(async () => {
      started.push(i);
      await g.promise;
      return i;
    }).catch((e: Error) => e.message));
    await ticks();
    expect(started).to.deep.equal([0, 1]);
    expect(limit.queued).to.equal(4);
    gates[1].reject(new Error("lost"));
    await ticks();
    expect(started).to.deep.equal([0, 1, 2]);
    gates[0].resolve();
    await ticks();
    expect(started).to.deep.equal([0, 1, 2, 3]);
    for (const g of gates.slice(2)) g.resolve();
    expect(await Promise.all(runs)).to.deep.equal([0, "lost", 2, 3, 4, 5]);
    expect(limit.queued).to.equal(0);
    // Every slot free again: the limit's worth start at once.
    const more = [deferred(), deferred()];
    const again: number[] = [];
    const done = more.map((g, i) => limit.run(async () => { again.push(i); await g.promise; }));
    await ticks();
    expect(again).to.deep.equal([0, 1]);
    more.forEach((g) => g.resolve());
    await Promise.all(done);
  });

  it("10,000 waiting sends all run, in order, with the limit never passed", async () => {
    const limit = new InFlightLimit(64);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(Array.from({ length: 10_000 }, (_, i) => limit.run(async () => {
      most = Math.max(most, ++running);
      order.push(i);
      await Promise.resolve();
      running--;
    })));
    expect(most).to.equal(64);
    expect(order).to.deep.equal(Array.from({ length: 10_000 }, (_, i) => i));
  });
});
