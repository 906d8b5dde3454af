// The cause of the empty-program preview: a resource declared outside the run
// the engine is evaluating reaches no resource monitor. Under the Automation API's
// inline-program server the SDK then answers the registration itself, without an error,
// so the run ends cleanly having declared nothing, and the engine plans to delete every
// server: the preview printed `- 2 to delete`, and the `up` deleted both servers, before
// Server and Webhook refused to be declared there (provider/core/engine-context.ts).
//
// The late declarations come from a timer created when this file loaded, before any run,
// as a job queue or event bus of a long-lived Automation API service would be. One shape:
// the refusal happens in the program's process before any request to the API.
import { expect } from "chai";
import * as hosting from "pulumi-hosting";
import { E2EStack } from "./e2e-stack";
import { DEFAULT_SERVER, stackConfig, startWorld, type World } from "./fixtures";

/** Jobs run by a timer that began before every run: outside each run's async context. */
const laterJobs: Array<() => void> = [];
const pump = setInterval(() => laterJobs.splice(0).forEach((job) => job()), 10);
pump.unref();

function declareFleet(): Record<string, unknown> {
  const web1 = new hosting.Server("web1", { ...DEFAULT_SERVER, label: "web-1" } as hosting.ServerArgs);
  const web2 = new hosting.Server("web2", { ...DEFAULT_SERVER, label: "web-2" } as hosting.ServerArgs);
  return { web1: web1.id, web2: web2.id };
}

describe("end to end, shape B: a resource declared outside the running deployment", function () {
  let world: World;
  let stack: E2EStack;
  let late = false;
  let ids: string[] = [];

  before(async () => {
    world = await startWorld("B");
    const program = async () =>
      late
        ? new Promise<Record<string, unknown>>((resolve, reject) =>
            laterJobs.push(() => {
              try {
                resolve(declareFleet());
              } catch (err) {
                reject(err);
              }
            }),
          )
        : declareFleet();
    stack = await E2EStack.create({ program, config: stackConfig(world) });
    const result = await stack.up();
    ids = [result.outputs.web1.value, result.outputs.web2.value];
    late = true;
  });

  after(async () => {
    late = false;
    await stack?.destroy().catch(() => undefined);
    await stack?.dispose();
    await world?.close();
  });

  it("preview fails naming the server, and plans no delete", async () => {
    const failure = await stack.preview().then(
      (p) => new Error(`the preview succeeded: ${JSON.stringify(p.changeSummary)}`),
      (err: Error) => err,
    );
    expect(failure.message).to.include('hosting:Server "web1" was declared outside a running Pulumi deployment');
    expect(failure.message).to.not.match(/- \d+ to delete/);
  });

  it("up fails and deletes nothing: both servers live on with their ids", async () => {
    const failure = await stack.up().then(
      (r) => new Error(`the up succeeded: ${JSON.stringify(r.summary.resourceChanges)}`),
      (err: Error) => err,
    );
    expect(failure.message).to.include("was declared outside a running Pulumi deployment");
    expect((await world.sim.liveServers()).map((s) => s.id).sort()).to.deep.equal([...ids].sort());
    expect((await stack.resources("pulumi-nodejs:dynamic/hosting:Server")).map((r) => r.id).sort()).to.deep.equal([...ids].sort());
  });
});
