// How many of a Fleet's member creates build and send their POST at once, both shapes: at most
// 128, the number docs/guide/fleets.md gives (not read from the code it checks). Each one under
// way holds its request, its context and its retry state, so that number, not the fleet's size,
// bounds what the creates hold. Counted at the API client's createServer: calls begun and not
// yet answered.
import { expect } from "chai";
import * as fleetTyped from "../../../provider/fleet/provider";
import { countRequests, describeProviderShapes, rejection } from "../harness";
import { loose } from "../../helpers/loose-provider";
import { testContext } from "../../helpers/test-process";
import { countingCalls } from "./calls-under-way";

const fleet = loose(fleetTyped);
type Props = Record<string, any>;

/** The POSTs under way at once that docs/guide/fleets.md and docs/guide/ownership.md state. */
const MEMBER_POSTS = 128;
const SIZE = 3 * MEMBER_POSTS;
const news = (count: number): Props => ({
  __provider: "SHELL", defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04" }, groups: [{ name: "web", regions: ["ewr"], count }],
});

describeProviderShapes((shape) => `Fleet: member POSTs under way at once, shape ${shape}`, (sim) => {
  const facts = { name: "web", project: "proj", stack: "dev" };

  it(`a create of ${SIZE} members has at most ${MEMBER_POSTS} POSTs under way at once, and makes every member once`, async () => {
    const inputs = (await fleet.check({}, news(SIZE), testContext(facts))).inputs as Props;
    const { ctx, seen } = countingCalls(testContext(facts), "createServer");
    await sim.resetStats();
    const { outs } = await fleet.create(inputs, ctx);
    expect(seen.most, "createServer calls under way at once").to.be.at.most(MEMBER_POSTS);
    expect(Object.keys(outs.members)).to.have.length(SIZE);
    expect(countRequests(await sim.stats(), "POST /v1/servers")).to.equal(SIZE);
    expect((await sim.liveServers()).length).to.equal(SIZE);
  });

  it(`the engine's Cancel during a create of ${SIZE} members: the members still waiting for their turn send nothing, and every server made is recorded`, async () => {
    const inputs = (await fleet.check({}, news(SIZE), testContext(facts))).inputs as Props;
    const cancel = new AbortController();
    const { ctx, seen } = countingCalls(testContext(facts, { signal: cancel.signal }), "createServer", (answered) => {
      if (answered === 20) cancel.abort(new Error("the engine's Cancel"));
    });
    await sim.resetStats();
    const err = await rejection(fleet.create(inputs, ctx));
    const posts = countRequests(await sim.stats(), "POST /v1/servers");
    expect(posts, "POSTs sent").to.be.at.most(20 + MEMBER_POSTS);
    const recorded = Object.values(err.properties.members).map((m: any) => m.id).sort();
    expect(recorded, "the servers the partial create records").to.deep.equal((await sim.liveServers()).map((s: any) => s.id).sort());
    expect(seen.now, "createServer calls left under way").to.equal(0);
  });
});
