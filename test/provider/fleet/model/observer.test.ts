// The model's observer flags what it is there to flag, and nothing else.
// The model's observer (observer.ts) flags what it is there to flag: driven through the API with
// the model's keys as two instances' operations would, it reports a server made beyond size +
// maxSurge, a delete that leaves fewer members in service than maxUnavailable allows, and a delete
// of another recorded instance's server; and nothing for an operation that keeps to its own.
import { expect } from "chai";
import type { TestSimulator } from "../../../helpers/simulator";
import { Observer, type RunningOp } from "./observer";
import { MODEL_KEYS } from "./program";
import { startModelSimulator } from "./run";

const FACTS = { name: "web", project: "proj", stack: "dev" };
const op = (handle: string, over: Partial<RunningOp> = {}): RunningOp => ({
  handle, facts: FACTS, kind: "update", sizeBefore: 1, sizeAfter: 1, maxSurge: 0, maxUnavailable: 0, checked: false,
  declared: new Set(["web-ewr-1"]), inServiceAtStart: 1, allowed: new Set(), ...over,
});

describe("the Fleet model's observer, shape A", () => {
  let sim: TestSimulator;
  let obs: Observer;
  before(async () => {
    sim = await startModelSimulator("A");
  });
  after(() => sim.close());
  beforeEach(async () => {
    await sim.reset();
    obs = new Observer(sim.handle.admin.sim, (h) => h === "theirs#1" || h === "mine#2");
    obs.install();
  });
  afterEach(() => obs.uninstall());

  const made = (member: string, key: string) => sim.seedServer({ label: member, tags: [`hosting-member:${member}`] }, key);
  const remove = (id: string, key: string) => sim.api("DELETE", `/v1/servers/${id}`, { key });

  it("reports a surge, an unavailable member and a touch of another instance's server", async () => {
    obs.start(MODEL_KEYS.nested, op("theirs#1", { kind: "create", sizeBefore: 0 }));
    const theirs = await made("web-ewr-1", MODEL_KEYS.nested);
    obs.end(MODEL_KEYS.nested);
    obs.start(MODEL_KEYS.dev, op("mine#2"));
    const member = await made("web-ewr-1", MODEL_KEYS.dev);
    await made("web-ewr-2", MODEL_KEYS.dev);
    await sim.waitForStatus(member, "active");
    await remove(member, MODEL_KEYS.dev);
    await remove(theirs, MODEL_KEYS.dev);
    obs.end(MODEL_KEYS.dev);
    expect(obs.violations.map((v) => v.split(":")[0])).to.deep.equal(["surge", "available", "touch"]);
    expect(obs.violations[2]).to.contain(`deleted server ${theirs} of recorded instance theirs#1`);
  });

  it("reports nothing for an operation that creates and deletes its own servers within its bounds", async () => {
    obs.start(MODEL_KEYS.dev, op("mine#2", { maxSurge: 1, maxUnavailable: 1 }));
    const old = await made("web-ewr-1", MODEL_KEYS.dev);
    await made("web-ewr-1", MODEL_KEYS.dev);
    await sim.waitForStatus(old, "active");
    await remove(old, MODEL_KEYS.dev);
    obs.end(MODEL_KEYS.dev);
    expect(obs.violations).to.deep.equal([]);
  });
});
