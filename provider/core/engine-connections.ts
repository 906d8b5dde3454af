// Gives each gRPC client of the Pulumi SDK in a program's process its own connection, so a
// run never inherits a connection to an engine that has exited.
//
// A process that runs several Automation API operations with inline programs gets a new engine
// per operation, each on a free loopback port, and @grpc/grpc-js shares connections
// ("subchannels") between clients of one address across the process. When a later engine is
// given an exited one's port, that run's first call fails at once with `14 UNAVAILABLE`, which
// the SDK reads as "the engine is shutting down": if that call is the Stack's SetRootResource,
// the program never runs and the engine plans to delete every resource but the Stack.
// `grpc.use_local_subchannel_pool` keeps each client's connections its own;
// test/provider/core/engine-connections.test.ts replays the failure with the SDK's client stubs.

const LOCAL_POOL = "grpc.use_local_subchannel_pool";

type ChannelOptions = Record<string, unknown>;

/** Adds the option to the SDK's client options (the ones it builds every client with). */
export function isolateEngineConnections(settings: { grpcClientOptions?: ChannelOptions; grpcChannelOptions?: ChannelOptions } = sdkSettings()): void {
  for (const options of [settings.grpcClientOptions, settings.grpcChannelOptions]) {
    if (options && options[LOCAL_POOL] === undefined) options[LOCAL_POOL] = 1;
  }
}

function sdkSettings(): { grpcClientOptions?: ChannelOptions; grpcChannelOptions?: ChannelOptions } {
  // Internal to the SDK (not in its .d.ts), present in every version we support.
  return require("@pulumi/pulumi/runtime/settings");
}
