// The one wait that ends on an AbortSignal settles once, by its own answer or by the signal's
// reason, runs `onAbort` only when the signal won, and leaves no listener behind on a signal that
// outlives it.
//
// The one wait that ends on an AbortSignal (provider/api/time/abortable.ts), used by the rate
// limiter's queue and coordinator take and by the status waiter: it settles once, by its own
// answer or by the signal's reason, runs `onAbort` only when the signal won, and leaves no
// listener behind on a signal that outlives the wait. Any number of waits on one signal hold one
// listener on it (each listener added to an EventTarget costs time that grows with those there).
import { expect } from "chai";
import { getEventListeners } from "events";
import { abortable, abortableWait, linkedSignal, whenAborted, type Settle } from "../../../../provider/api/time/abortable";

/** An AbortController whose signal counts the abort listeners it holds. */
function countingController(): { controller: AbortController; listeners: () => number } {
  const controller = new AbortController();
  let n = 0;
  const signal = controller.signal;
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = (...args: Parameters<typeof add>) => {
    if (args[0] === "abort") n++;
    add(...args);
  };
  signal.removeEventListener = (...args: Parameters<typeof remove>) => {
    if (args[0] === "abort") n--;
    remove(...args);
  };
  return { controller, listeners: () => n };
}

/** A wait whose settle functions the test calls by hand. */
function manual<T>(): { start: Settle<T>; resolve: (v: T) => void; reject: (e: unknown) => void; started: () => boolean } {
  let res: ((v: T) => void) | undefined;
  let rej: ((e: unknown) => void) | undefined;
  return {
    start: (resolve, reject) => ((res = resolve), (rej = reject)),
    resolve: (v) => res!(v),
    reject: (e) => rej!(e),
    started: () => res !== undefined,
  };
}

const outcome = <T>(p: Promise<T>) => p.then((v) => ({ value: v }), (e: unknown) => ({ error: e }));

describe("abortable wait", () => {
  it("resolves with its own answer, stops listening, and ignores a later abort", async () => {
    const { controller, listeners } = countingController();
    const wait = manual<number>();
    let aborted = 0;
    const p = abortableWait(controller.signal, wait.start, () => aborted++);
    expect(listeners()).to.equal(1);
    wait.resolve(7);
    expect(listeners()).to.equal(0);
    controller.abort(new Error("late"));
    expect(await outcome(p)).to.deep.equal({ value: 7 });
    expect(aborted).to.equal(0);
  });

  it("passes its own failure through and stops listening", async () => {
    const { controller, listeners } = countingController();
    const wait = manual<number>();
    const failure = new Error("refused");
    const p = abortableWait(controller.signal, wait.start);
    wait.reject(failure);
    expect(listeners()).to.equal(0);
    expect(await outcome(p)).to.deep.equal({ error: failure });
  });

  it("ends on the signal: onAbort runs once, the promise rejects with the reason, a later answer is ignored", async () => {
    const controller = new AbortController();
    const wait = manual<number>();
    let aborted = 0;
    const p = abortableWait(controller.signal, wait.start, () => aborted++);
    const reason = new Error("cancelled");
    controller.abort(reason);
    wait.resolve(7);
    expect(await outcome(p)).to.deep.equal({ error: reason });
    expect(aborted).to.equal(1); // the listener, added `once`, went with the event
  });

  it("a signal already aborted: the wait never starts, onAbort runs, the reason comes back", async () => {
    const { controller, listeners } = countingController();
    const reason = new Error("cancelled before");
    controller.abort(reason);
    const wait = manual<number>();
    let aborted = 0;
    expect(await outcome(abortableWait(controller.signal, wait.start, () => aborted++))).to.deep.equal({ error: reason });
    expect(wait.started()).to.equal(false);
    expect(aborted).to.equal(1);
    expect(listeners()).to.equal(0);
  });

  it("a thousand waits on one signal hold one listener on it; its abort ends each, in the order they began", async () => {
    const { controller, listeners } = countingController();
    const order: number[] = [];
    const waits = Array.from({ length: 1000 }, (_, i) => abortableWait(controller.signal, manual<number>().start, () => order.push(i)));
    expect(getEventListeners(controller.signal, "abort")).to.have.length(1);
    expect(listeners()).to.equal(1);
    const reason = new Error("cancelled");
    controller.abort(reason);
    const outcomes = await Promise.all(waits.map(outcome));
    expect(outcomes.every((o) => "error" in o && o.error === reason)).to.equal(true);
    expect(order).to.deep.equal(Array.from({ length: 1000 }, (_, i) => i));
    expect(getEventListeners(controller.signal, "abort")).to.have.length(0);
  });

  it("waits that end by their answers, in any order, leave the one listener until the last has ended", async () => {
    const { controller, listeners } = countingController();
    const waits = Array.from({ length: 3 }, () => manual<number>());
    const ps = waits.map((w) => abortableWait(controller.signal, w.start, () => expect.fail("answered first")));
    waits[1]!.resolve(1);
    waits[0]!.reject(new Error("refused"));
    expect(listeners()).to.equal(1);
    waits[2]!.resolve(2);
    expect(listeners()).to.equal(0);
    const later = manual<number>();
    let aborted = 0;
    const again = abortableWait(controller.signal, later.start, () => aborted++);
    expect(listeners(), "a new wait listens again").to.equal(1);
    controller.abort(new Error("cancelled"));
    expect(await outcome(again)).to.have.property("error");
    expect(aborted).to.equal(1);
    expect((await Promise.all(ps.map(outcome))).map((o) => ("value" in o ? o.value : "error"))).to.deep.equal(["error", 1, 2]);
  });

  it("whenAborted: the same callback twice runs twice; one taken back does not run; one that throws does not stop the others", async () => {
    const controller = new AbortController();
    const ran: string[] = [];
    const a = () => ran.push("a");
    whenAborted(controller.signal, a);
    whenAborted(controller.signal, () => {
      throw new Error("listener failed");
    });
    const stopB = whenAborted(controller.signal, () => ran.push("b"));
    whenAborted(controller.signal, a);
    stopB();
    const thrown: unknown[] = [];
    const handlers = process.listeners("uncaughtException");
    process.removeAllListeners("uncaughtException");
    process.once("uncaughtException", (e) => thrown.push(e));
    try {
      controller.abort();
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.removeAllListeners("uncaughtException");
      for (const h of handlers) process.on("uncaughtException", h);
    }
    expect(ran).to.deep.equal(["a", "a"]);
    expect(thrown.map((e) => (e as Error).message)).to.deep.equal(["listener failed"]);
  });

  it("linkedSignal: aborts with the signal's reason, listens through the one listener, and unlinks", () => {
    const { controller, listeners } = countingController();
    const first = linkedSignal(controller.signal);
    const second = linkedSignal(controller.signal);
    expect(listeners()).to.equal(1);
    second.unlink();
    const reason = new Error("cancelled");
    controller.abort(reason);
    expect([first.signal!.aborted, first.signal!.reason]).to.deep.equal([true, reason]);
    expect(second.signal!.aborted, "unlinked before the abort").to.equal(false);
    expect(linkedSignal(controller.signal).signal, "an aborted signal is its own").to.equal(controller.signal);
    expect(linkedSignal(undefined).signal).to.equal(undefined);
  });

  it("without a signal it is the wait alone", async () => {
    const wait = manual<string>();
    const p = abortableWait(undefined, wait.start, () => expect.fail("no signal, no abort"));
    wait.resolve("done");
    expect(await p).to.equal("done");
  });

  it("abortable(promise): the promise itself without a signal; with one, the signal's reason when it aborts first", async () => {
    const work = Promise.resolve(1);
    expect(abortable(work, undefined)).to.equal(work);

    const controller = new AbortController();
    let finish!: (v: string) => void;
    const slow = new Promise<string>((resolve) => (finish = resolve));
    let handedBack = 0;
    const p = abortable(slow, controller.signal, () => handedBack++);
    const reason = new Error("cancelled");
    controller.abort(reason);
    finish("too late");
    expect(await outcome(p)).to.deep.equal({ error: reason });
    expect(handedBack).to.equal(1);

    const other = countingController();
    expect(await abortable(Promise.resolve("first"), other.controller.signal, () => expect.fail("answered first"))).to.equal("first");
    expect(other.listeners()).to.equal(0);
  });
});
