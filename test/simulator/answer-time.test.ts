// The simulator's answer time (answerMs): overlapping requests count once and the gaps between them
// not at all, a busy interval still open is included, a reset forgets the past, and the stats
// report it.
import { expect } from "chai";
import { AnswerTime } from "../../simulator/answer-time";
import { Stats } from "../../simulator/stats";

describe("simulator: the API's answer time", () => {
  it("counts overlapping requests once and the gaps between them not at all", () => {
    const t = new AnswerTime();
    t.begin(100);
    t.begin(150);
    t.end(200); // one still in flight
    t.end(300); // busy 100..300
    t.begin(1000);
    t.end(1040); // busy 1000..1040
    expect(t.totalMs(5000)).to.equal(240);
  });

  it("includes a busy interval still open, and forgets the past on reset", () => {
    const t = new AnswerTime();
    t.begin(0);
    t.end(10);
    t.begin(20);
    expect(t.totalMs(50)).to.equal(40);
    t.reset(60);
    expect(t.totalMs(80)).to.equal(20, "the request in flight counts from the reset on");
    t.end(90);
    expect(t.totalMs(500)).to.equal(30);
  });

  it("ignores an answer with no request in flight", () => {
    const t = new AnswerTime();
    t.end(10);
    t.begin(20);
    t.end(25);
    expect(t.totalMs(100)).to.equal(5);
  });

  it("is reported by the stats as answerMs, and zeroed by their reset", () => {
    let now = 0;
    const stats = new Stats(() => now);
    stats.begin();
    now = 7.5;
    stats.answered();
    stats.count("GET", "/v1/servers", 200);
    expect((stats.toJSON() as { answerMs: number }).answerMs).to.equal(7.5);
    stats.reset();
    now = 100;
    expect((stats.toJSON() as { answerMs: number; total: number })).to.include({ answerMs: 0, total: 0 });
  });
});
