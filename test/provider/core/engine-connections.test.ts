// An engine that exited leaves its connection in the SDK's shared gRPC pool, so a later engine on
// the same port fails the new run's first call; loading pulumi-hosting gives each SDK client its
// own connections, which this replays with the SDK's own stubs.
//
// The cause of a preview that showed an empty program, replayed with the Pulumi SDK's own gRPC
// client stubs and client options: an engine that exited leaves its connection in the
// process's shared pool, in reconnect back-off; a later engine is given the same loopback
// port; the new run's first call fails at once with the error CI printed,
// `14 UNAVAILABLE: No connection established. Last error: null`. Loading pulumi-hosting
// gives each SDK client its own connections (provider/core/engine-connections.ts).
import { expect } from "chai";
import * as net from "net";
import * as path from "path";
import "../../../provider/server/resource";
import { isolateEngineConnections } from "../../../provider/core/engine-connections";

const SDK = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const grpc = require(require.resolve("@grpc/grpc-js", { paths: [SDK] }));
const settings = require(path.join(SDK, "runtime/settings"));
const resrpc = require(path.join(SDK, "proto/resource_grpc_pb"));
const resproto = require(path.join(SDK, "proto/resource_pb"));

// A long back-off keeps the dead engine's connection waiting for the whole test, however
// slow the machine: the outcome never depends on how fast the steps follow each other.
const BACKOFF = { "grpc.initial_reconnect_backoff_ms": 600_000, "grpc.max_reconnect_backoff_ms": 600_000 };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** One SupportsFeature call, as each run makes first: "ok" or "<code> <details>". */
function firstCall(address: string, options: Record<string, unknown>): Promise<string> {
  const client = new resrpc.ResourceMonitorClient(address, grpc.credentials.createInsecure(), options);
  const req = new resproto.SupportsFeatureRequest();
  req.setId("secrets");
  return new Promise((resolve) => client.supportsFeature(req, (err: any) => resolve(err ? `${err.code} ${err.details}` : "ok")));
}

/** The first call of a run whose engine got the port of an engine that has exited. */
async function runAfterDeadEngineOnSamePort(options: Record<string, unknown>): Promise<{ dead: string; next: string }> {
  const address = `127.0.0.1:${await freePort()}`;
  // The earlier run's client, never closed (the SDK leaves it open), meets its engine gone.
  const dead = await firstCall(address, options);
  const engine = new grpc.Server();
  engine.addService(resrpc.ResourceMonitorService, {
    supportsFeature: (_call: unknown, cb: any) => cb(null, new resproto.SupportsFeatureResponse().setHassupport(true)),
  });
  await new Promise((resolve) => engine.bindAsync(address, grpc.ServerCredentials.createInsecure(), resolve));
  try {
    return { dead, next: await firstCall(address, options) };
  } finally {
    engine.forceShutdown();
  }
}

describe("engine connections of a program's process (the empty-program preview)", () => {
  it("with pulumi-hosting loaded, a run's first call reaches a new engine on a port a dead engine had", async () => {
    const { dead, next } = await runAfterDeadEngineOnSamePort({ ...settings.grpcClientOptions, ...BACKOFF });
    expect(dead).to.match(/^14 No connection established/);
    expect(next).to.equal("ok");
  });

  it("without it, the same run fails as CI did: 14 UNAVAILABLE, no connection established", async () => {
    const shared = { ...settings.grpcClientOptions, ...BACKOFF };
    delete shared["grpc.use_local_subchannel_pool"];
    const { next } = await runAfterDeadEngineOnSamePort(shared);
    expect(next).to.equal("14 No connection established. Last error: null. Resolution note: ");
  });

  it("adds the option to the SDK's client and channel options, and keeps a value already set", () => {
    const sdk = { grpcClientOptions: {} as Record<string, unknown>, grpcChannelOptions: { "grpc.use_local_subchannel_pool": 0 } as Record<string, unknown> };
    isolateEngineConnections(sdk);
    expect(sdk.grpcClientOptions["grpc.use_local_subchannel_pool"]).to.equal(1);
    expect(sdk.grpcChannelOptions["grpc.use_local_subchannel_pool"]).to.equal(0);
  });
});
