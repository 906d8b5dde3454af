// hosting-orphans' tag search on Fleets that carry the ownership marks, against the simulator in
// both shapes: nothing on a healthy stack with two Fleets of one name and a server moved to a
// Server, and exactly the servers of a killed create beside them.
//
// hosting-orphans' tag search (find-orphans.ts) on the servers of Fleets that carry the ownership
// marks (provider/fleet/identity.ts), against the simulator, both shapes: nothing on a healthy
// stack holding two Fleets of one name and a server moved from a Fleet to a Server, and exactly
// the servers of a killed create beside them.
import { expect } from "chai";
import * as fleetTyped from "../../../provider/fleet/provider";
import * as serverTyped from "../../../provider/server/provider";
import { fleetTagOf, identityTags, pendingLabelOf, specMarkOf } from "../../../provider/fleet/identity";
import { findOrphans, fleetMemberOf, serverIdsInState } from "../../../provider/orphans/find-orphans";
import { serversInState } from "../../../provider/orphans/state-servers";
import { describeProviderShapes, serverNews, testApi } from "../harness";
import { loose } from "../../helpers/loose-provider";
import { testContext } from "../../helpers/test-process";

const fleet = loose(fleetTyped);
const server = loose(serverTyped);
type Props = Record<string, any>;

const news = { __provider: "SHELL", defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04" }, groups: [{ name: "web", regions: ["ewr", "fra"] }] };
const named = (name: string) => testContext({ name, project: "proj", stack: "dev" });
const TAG = fleetTagOf("proj/dev", "web");

describeProviderShapes((shape) => `hosting-orphans and the fleets' ownership marks, shape ${shape}`, (sim, shape) => {
  /** The stack's state as `pulumi stack export` writes it (the plugin face's types). */
  const exported = (fleets: Props[], servers: string[]) => ({
    deployment: {
      resources: [
        ...fleets.map((f, i) => ({ type: "hosting:index:Fleet", urn: `urn:pulumi:dev::proj::c${i}$hosting:index:Fleet::web`, id: f.id, outputs: f.outs })),
        ...servers.map((id, i) => ({ type: "hosting:index:Server", urn: `urn:pulumi:dev::proj::hosting:index:Server::s${i}`, id, outputs: {} })),
      ],
    },
  });

  async function healthyStack(): Promise<Props> {
    const inputs = (await fleet.check({}, news, named("web"))).inputs;
    const a = await fleet.create(inputs, named("web"));
    const b = await fleet.create(inputs, named("web"));
    // A member of a third Fleet moved to a Server, the Fleet deleted in the same up.
    const c = await fleet.create(inputs, named("old"));
    const ctx = testContext({ name: "srv", project: "proj", stack: "dev" });
    const moved = c.outs.members["web-ewr-1"].id;
    const checked = await server.check({}, serverNews({ adoptId: moved, label: "web-ewr-1", tags: [] }), ctx);
    await server.create(checked.inputs, ctx);
    await fleet.delete(c.id, c.outs, named("old"));
    return exported([a, b], [moved]);
  }

  it("a healthy stack: two Fleets of one name and a server moved to a Server: 0 orphans", async () => {
    const state = await healthyStack();
    const { fleetTags } = serversInState(state);
    expect(fleetTags).to.deep.equal([TAG, TAG]);
    expect(await findOrphans(testApi(), [...fleetTags, fleetTagOf("proj/dev", "old")], serverIdsInState(state))).to.deep.equal([]);
    expect((await sim.liveServers()).length).to.equal(5);
  });

  it("after a killed create of a Fleet of the same name: exactly its servers", async () => {
    const state = await healthyStack();
    const killed = [];
    for (const region of ["ewr", "fra"]) {
      killed.push(await sim.seedServer({ label: `web-${region}-1`, region, ...(shape === "A" ? { os_id: 2284 } : { os: "ubuntu-24.04" }), tags: [...identityTags(TAG, `web-${region}-1`, "fleet-killed"), specMarkOf({ region, plan: "vc2-1c-1gb", os: "ubuntu-24.04" })] }));
    }
    const found = await findOrphans(testApi(), serversInState(state).fleetTags, serverIdsInState(state));
    expect(found.map((s) => s.id).sort()).to.deep.equal(killed.sort());
  });
  it("after a create killed before it tagged what it POSTed (the pending label, no tags): exactly those servers, named for their fleet", async () => {
    const state = await healthyStack();
    const os = shape === "A" ? { os_id: 2284 } : { os: "ubuntu-24.04" };
    const killed = [await sim.seedServer({ label: "hosting-pending-new:proj/dev/web", ...os, tags: [] }), await sim.seedServer({ label: "hosting-pending-new:proj/dev/web", ...os, tags: [] })];
    // Another fleet's untagged server is not this state's.
    await sim.seedServer({ label: "hosting-pending-new:proj/dev/api", ...os, tags: [] });
    const found = await findOrphans(testApi(), serversInState(state).fleetTags, serverIdsInState(state));
    expect(found.map((s) => s.id).sort()).to.deep.equal(killed.sort());
    expect(found.map(fleetMemberOf)).to.deep.equal(["an untagged server of fleet proj/dev/web", "an untagged server of fleet proj/dev/web"]);
  });
  it("after an update killed before it tagged what it POSTed (the label naming its instance): exactly those servers, named for their fleet and instance", async () => {
    const state = await healthyStack();
    const { fleetTags, fleetInstances } = serversInState(state);
    expect(fleetInstances).to.have.length(2);
    const os = shape === "A" ? { os_id: 2284 } : { os: "ubuntu-24.04" };
    const killed = [await sim.seedServer({ label: pendingLabelOf(TAG, "update", fleetInstances[1]), ...os, tags: [] })];
    // An update's of an instance this state does not hold is that instance's.
    await sim.seedServer({ label: pendingLabelOf(TAG, "update", "fleet-00000000-0000-4000-8000-000000000000"), ...os, tags: [] });
    const found = await findOrphans(testApi(), fleetTags, serverIdsInState(state), fleetInstances);
    expect(found.map((s) => s.id)).to.deep.equal(killed);
    expect(found.map(fleetMemberOf)).to.deep.equal([`an untagged server of fleet proj/dev/web (instance ${fleetInstances[1]})`]);
  });
});
