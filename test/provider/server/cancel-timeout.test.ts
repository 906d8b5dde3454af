// The engine's Cancel and a request's time-out on a Server's create, update and delete, against the
// simulator in both shapes: an answered POST ends as a partial create with the server's id, a
// cancel before the POST sends nothing, and `customTimeouts` bounds the wait.
//
// The engine's Cancel and a request's time-out (provider/core/operation.ts) on the Server's
// create, update and delete, against the simulator, in both shapes: a create whose POST was
// answered ends as a partial create carrying the server's id, a cancel before the POST sends
// nothing, and `customTimeouts` bounds the wait instead of `waitTimeoutSeconds`, named in the
// error. The abort comes when the simulator has seen the POST (no wall-clock window); the waits
// and queues it ends are proven to the virtual millisecond in core/cancellation.test.ts.
import { expect } from "chai";
import * as serverTyped from "../../../provider/server/provider";
import { ResourceInitFailedError } from "../../../provider/server/resource-init-failed";
import { CancelledError } from "../../../provider/core/operation";
import { countRequests, describeProviderShapes, rejection, serverNews } from "../harness";
import { loose } from "../../helpers/loose-provider";
import { until } from "../../helpers/wait";

const server = loose(serverTyped);

type Props = Record<string, any>;

describeProviderShapes((shape) => `Server create, update and delete under Cancel and customTimeouts, shape ${shape}`, (sim) => {
  async function checked(overrides: Props = {}): Promise<Props> {
    const res = await server.check({}, serverNews(overrides));
    expect(res.failures ?? [], JSON.stringify(res.failures)).to.deep.equal([]);
    return res.inputs as Props;
  }
  const posts = async () => countRequests(await sim.stats(), "POST /v1/servers 20");

  beforeEach(() => sim.setConfig({ provisionMs: 60_000 })); // provisioning outlasts every case
  afterEach(() => sim.setConfig({ provisionMs: 150 }));

  it("a create cancelled while its server provisions is a partial create with the server's id: never a lost server", async () => {
    const inputs = await checked();
    const abort = new AbortController();
    const creating = server.create(inputs, { signal: abort.signal });
    await until("the create's POST", async () => (await posts()) === 1);
    abort.abort(new CancelledError());
    const err = await rejection(creating);
    expect(err).to.be.instanceOf(ResourceInitFailedError);
    const live = await sim.liveServers();
    expect(live.map((s) => s.id), "the one server the API created is the one reported").to.deep.equal([err.id]);
    expect(err.properties).to.include({ __provider: "SHELL", region: "ewr" });
    expect(err.properties.status).to.be.oneOf(["pending", "starting"]);
    const reason = `server ${err.id} was created and is still provisioning; ${new CancelledError().message}`;
    expect(err.reasons).to.deep.equal([reason]);
    expect(err.message).to.equal(`server ${err.id} was created but is not ready: ${reason}`);
  });

  it("a create cancelled before its POST sends nothing and reports nothing created", async () => {
    const inputs = await checked();
    const abort = new AbortController();
    abort.abort(new CancelledError());
    const err = await rejection(server.create(inputs, { signal: abort.signal }));
    expect(err).to.be.instanceOf(CancelledError);
    expect(await posts()).to.equal(0);
    expect(await sim.liveServers()).to.deep.equal([]);
  });

  it("a request's time-out (customTimeouts.create) bounds the wait instead of waitTimeoutSeconds, names itself, and keeps the server", async () => {
    const inputs = await checked({ waitTimeoutSeconds: 600 });
    const err = await rejection(server.create(inputs, { timeout: { seconds: 0.2, source: "customTimeouts.create" } }));
    expect(err).to.be.instanceOf(ResourceInitFailedError);
    expect(err.reasons).to.have.length(1);
    expect(err.reasons[0]).to.match(
      /^server \S+ did not become active within 0\.2 s \(customTimeouts\.create of 0\.2s, which overrides waitTimeoutSeconds\) \(last status: (pending|starting)\)$/,
    );
    expect((await sim.liveServers()).map((s) => s.id)).to.deep.equal([err.id]);
  });

  it("an adoption (adoptId) of a server still provisioning is bounded by the request's time-out too, and kept", async () => {
    const first = await rejection(server.create(await checked(), { timeout: { seconds: 0.05, source: "customTimeouts.create" } }));
    const err = await rejection(server.create(await checked({ adoptId: first.id }), { timeout: { seconds: 0.1, source: "customTimeouts.create" } }));
    expect(err).to.be.instanceOf(ResourceInitFailedError);
    expect(err.id).to.equal(first.id);
    expect(err.message).to.match(/was adopted but is not ready: .*within 0\.1 s \(customTimeouts\.create of 0\.1s, which overrides waitTimeoutSeconds\)/);
    expect(await posts(), "the adoption sent no POST").to.equal(1);
  });

  it("an update cancelled while it waits for a server still provisioning ends at once; a delete's wait too", async () => {
    const inputs = await checked();
    const first = await rejection(server.create(inputs, { timeout: { seconds: 0.05, source: "customTimeouts.create" } }));
    const abort = new AbortController();
    const updating = server.update(first.id, first.properties, inputs, { signal: abort.signal });
    // The update reads the server (one GET), finds it provisioning and waits for it: abort then.
    await until("the update's read", async () => countRequests(await sim.stats(), "GET /v1/servers/:id") > 0);
    abort.abort(new CancelledError());
    expect(await rejection(updating)).to.be.instanceOf(CancelledError);
    const deleting = server.delete(first.id, first.properties, { signal: abort.signal });
    expect(await rejection(deleting), "an operation after Cancel starts cancelled").to.be.instanceOf(CancelledError);
    expect(countRequests(await sim.stats(), "DELETE /v1/servers"), "no DELETE sent").to.equal(0);
  });
});
