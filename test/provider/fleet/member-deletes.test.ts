// How many of a Fleet's member deletes send their DELETE at once, both shapes: at most 128, the
// number docs/guide/rollouts-and-health.md gives (not read from the code it checks). Each one under way holds
// its request, its context and its retry state, so that number, not the fleet's size, bounds what
// a destroy holds. Counted at the API client's deleteServer: calls begun and not yet answered.
import { expect } from "chai";
import * as fleetTyped from "../../../provider/fleet/provider";
import type { HostingApi } from "../../../provider/api";
import { countRequests, describeProviderShapes, rejection } from "../harness";
import { loose } from "../../helpers/loose-provider";
import { testContext, withApi } from "../../helpers/test-process";
import { countingCalls } from "./calls-under-way";

const fleet = loose(fleetTyped);
type Props = Record<string, any>;

/** The DELETEs under way at once that docs/guide/rollouts-and-health.md states. */
const MEMBER_DELETES = 128;
const SIZE = 3 * MEMBER_DELETES;
const news = (count: number): Props => ({
  __provider: "SHELL", defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04" }, groups: [{ name: "web", regions: ["ewr"], count }],
});

describeProviderShapes((shape) => `Fleet: member DELETEs under way at once, shape ${shape}`, (sim) => {
  const facts = { name: "web", project: "proj", stack: "dev" };

  /** A Fleet of SIZE members, made and recorded: its id and outputs. */
  async function made(): Promise<{ id: string; outs: Props }> {
    const inputs = (await fleet.check({}, news(SIZE), testContext(facts))).inputs as Props;
    return fleet.create(inputs, testContext(facts));
  }

  it(`a destroy of ${SIZE} members has at most ${MEMBER_DELETES} DELETEs under way at once, and deletes every member once`, async () => {
    const { id, outs } = await made();
    const { ctx, seen } = countingCalls(testContext(facts), "deleteServer");
    await sim.resetStats();
    await fleet.delete(id, outs, ctx);
    expect(seen.most, "deleteServer calls under way at once").to.be.at.most(MEMBER_DELETES);
    expect(countRequests(await sim.stats(), "DELETE /v1/servers/:id")).to.equal(SIZE);
    expect(await sim.liveServers()).to.have.length(0);
  });

  // An update's deletes read each member's server first (a destroy lists them all at its start).
  // Made together, those reads share one list call before any DELETE; a turn taken before the
  // read would spread them over the DELETEs, each wave of reads its own list.
  it(`a count-down of ${SIZE} members reads their servers before the first DELETE, and no list is made until the last DELETE is answered`, async () => {
    const { id, outs } = await made();
    const inputs = (await fleet.check({}, news(SIZE), testContext(facts))).inputs as Props;
    const none = (await fleet.check(inputs, news(0), testContext(facts))).inputs as Props;
    const lists = async (): Promise<number> => countRequests(await sim.stats(), "GET /v1/servers");
    let atFirst: Promise<number> | undefined;
    let atLast: Promise<number> | undefined;
    const { ctx, seen } = countingCalls(testContext(facts), "deleteServer", (answered) => {
      if (answered === SIZE) atLast = lists();
    });
    const api = ctx.api;
    const firstCounted: HostingApi["deleteServer"] = async (id, opts) => {
      atFirst ??= lists();
      await atFirst;
      return api.deleteServer(id, opts);
    };
    await sim.resetStats();
    const { outs: after } = await fleet.update(id, outs, none, withApi(ctx, { deleteServer: firstCounted }));
    expect(await atLast, "list calls made from the first DELETE to the last one's answer").to.equal(await atFirst);
    expect(countRequests(await sim.stats(), "GET /v1/servers/:id"), "GETs of one server").to.equal(0);
    expect(countRequests(await sim.stats(), "DELETE /v1/servers/:id")).to.equal(SIZE);
    expect(seen.most, "deleteServer calls under way at once").to.be.at.most(MEMBER_DELETES);
    expect(Object.keys(after.members)).to.have.length(0);
    expect(await sim.liveServers()).to.have.length(0);
  });

  it(`the engine's Cancel during a destroy of ${SIZE} members: the members still waiting for their turn send nothing, and the destroy fails`, async () => {
    const { id, outs } = await made();
    const cancel = new AbortController();
    const { ctx, seen } = countingCalls(testContext(facts, { signal: cancel.signal }), "deleteServer", (answered) => {
      if (answered === 20) cancel.abort(new Error("the engine's Cancel"));
    });
    await sim.resetStats();
    await rejection(fleet.delete(id, outs, ctx));
    expect(countRequests(await sim.stats(), "DELETE /v1/servers/:id"), "DELETEs sent").to.be.at.most(20 + MEMBER_DELETES);
    expect(seen.now, "deleteServer calls left under way").to.equal(0);
  });
});
