// A refresh costs one list call, however the engine spaces its Reads (the target: "a refresh of N
// servers makes ⌈N/500⌉"). `--parallel 2` makes the engine send the Reads of 20 servers two at a
// time, each pair after the last answer: many read batches, which before the waiter's list
// snapshot (provider/core/list-snapshot.ts) cost one list call each. Real CLI, both shapes.
import { expect } from "chai";
import { E2EStack } from "./e2e-stack";
import { countRequests, TEST_TIMINGS } from "../helpers/simulator";
import { createStack, SHAPES, startWorld, type ProgramSpec, type World } from "./fixtures";

const FLEET = 20;

for (const shape of SHAPES) {
  describe(`end to end, shape ${shape}: refresh requests`, function () {
    let world: World;
    let stack: E2EStack;
    const spec: ProgramSpec = {
      servers: Object.fromEntries(Array.from({ length: FLEET }, (_, i) => [`r${i}`, { label: `refresh-${i}` }])),
    };

    before(async () => {
      world = await startWorld(shape, { ...TEST_TIMINGS });
      stack = await createStack(world, () => spec);
      expect((await stack.up()).summary.result).to.equal("succeeded");
    });

    after(async () => {
      await stack?.destroy().catch(() => undefined);
      await stack?.dispose();
      await world?.close();
    });

    it(`refresh of ${FLEET} servers with --parallel 2 makes at most 2 server reads (a list, and a GET if the first Read came alone), and changes nothing`, async () => {
      await world.sim.resetStats();
      const result = await stack.refresh({ parallel: 2 });
      const stats = await world.sim.stats();
      const reads = { list: countRequests(stats, "GET /v1/servers"), get: countRequests(stats, "GET /v1/servers/:id") };
      console.log(`      refresh of ${FLEET}, --parallel 2, shape ${shape}: ${JSON.stringify(stats.byRoute)}`);
      expect(result.summary.resourceChanges).to.not.have.any.keys("update", "delete");
      expect(result.summary.resourceChanges?.same).to.be.at.least(FLEET);
      expect(reads.list + reads.get, JSON.stringify(reads)).to.be.at.most(2);
      expect(reads.list, "the snapshot comes from a list").to.equal(1);
    });
  });
}
