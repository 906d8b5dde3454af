// Servers -> Fleet in one `up`: a Server's delete leaves a server that a Fleet of its stack
// holds (provider/server/fleet-held.ts), and deletes every other one as before.
import { expect } from "chai";
import * as server from "../../../provider/server/provider";
import { fleetHolding } from "../../../provider/server/fleet-held";
import { countRequests, describeProviderShapes } from "../harness";
import { testContext } from "../../helpers/test-process";

describe("fleetHolding: which fleet tag keeps a server from a Server's delete", () => {
  const tags = ["web", "hosting-fleet:shop/prod/fleet", "hosting-member:web-ewr-1"];

  it("a fleet of the Server's own stack, named by its ownership tag", () => {
    expect(fleetHolding({ tags }, "pulumi-stack:shop/prod")).to.equal("hosting-fleet:shop/prod/fleet");
  });

  it("not a fleet of another stack, nor of a stack whose name only starts alike", () => {
    expect(fleetHolding({ tags }, "pulumi-stack:shop/dev")).to.equal(undefined);
    expect(fleetHolding({ tags: ["hosting-fleet:shop/prod2/fleet"] }, "pulumi-stack:shop/prod")).to.equal(undefined);
  });

  it("any fleet when the Server has no ownership tag (shape B's default), none without a fleet tag or a server", () => {
    expect(fleetHolding({ tags }, undefined)).to.equal("hosting-fleet:shop/prod/fleet");
    expect(fleetHolding({ tags: ["web"] }, undefined)).to.equal(undefined);
    expect(fleetHolding(undefined, "pulumi-stack:shop/prod")).to.equal(undefined);
  });
});

describeProviderShapes((shape) => `Server delete of a server a Fleet holds, shape ${shape}`, (sim) => {
  async function seeded(tags: string[]): Promise<string> {
    return sim.seedServer({ label: "web-ewr-1", tags });
  }

  it("sends no DELETE when the server carries the fleet tag of the Server's stack, and the server stays", async () => {
    const id = await seeded(["web", "hosting-fleet:shop/prod/fleet", "hosting-member:web-ewr-1"]);
    await sim.resetStats();
    await server.impl.delete(id, { ownerTag: "pulumi-stack:shop/prod" } as never, testContext());
    const stats = await sim.stats();
    expect(countRequests(stats, "DELETE /v1/servers/:id")).to.equal(0);
    expect((await sim.liveServers()).map((s) => s.id)).to.deep.equal([id]);
  });

  it("deletes a server of another stack's fleet, and one without a fleet tag, as before", async () => {
    const other = await seeded(["hosting-fleet:shop/dev/fleet"]);
    const plain = await seeded(["web"]);
    await sim.resetStats();
    await Promise.all([other, plain].map((id) => server.impl.delete(id, { ownerTag: "pulumi-stack:shop/prod" } as never, testContext())));
    expect(countRequests(await sim.stats(), "DELETE /v1/servers/:id")).to.equal(2);
    expect(await sim.liveServers()).to.deep.equal([]);
  });
});
