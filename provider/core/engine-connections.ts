// Gives each gRPC client of the Pulumi SDK in a program's process its own connection, so a
// run never inherits a connection to an engine that has exited.
//
// Without this, a preview could show an empty program. A process that runs several Automation
// API operations with inline programs (a deployment service, this repository's demo,
// benchmark and end-to-end tests) gets a new engine per operation, each listening on a free
// loopback port. The SDK opens a monitor and an engine client per run and never closes them,
// and @grpc/grpc-js shares connections ("subchannels") between clients of the same address
// across the whole process. Once an engine has exited, its subchannel waits in reconnect
// back-off; when a later engine is given the same port, that run's first call to it fails
// at once with `14 UNAVAILABLE: No connection established. Last error: null`. The SDK reads
// UNAVAILABLE as "the engine is shutting down": if that call is the Stack's SetRootResource,
// the program is never run, the inline-program server still answers the engine with success,
// and the engine plans to delete every resource but the Stack (`- 4 to delete, 1 unchanged`
// in a preview; an `up` deletes them). Elsewhere the same error fails the run (`1 errored`).
// `grpc.use_local_subchannel_pool` keeps each client's connections its own.
// test/provider/core/engine-connections.test.ts replays it with the SDK's own client stubs.

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
