// Diagnostics the plugin sends to the engine's Log service, which the CLI prints under the
// resource. The plugin's stderr is not shown to the user, so a message meant for them goes
// here: a Fleet's plan in words (member-diff.ts). Without an engine address (tests that serve
// the plugin in process) nothing is sent.

import { grpc } from "./grpc";

const engproto: typeof import("@pulumi/pulumi/proto/engine_pb") = require("@pulumi/pulumi/proto/engine_pb");
const engrpc: typeof import("@pulumi/pulumi/proto/engine_grpc_pb") = require("@pulumi/pulumi/proto/engine_grpc_pb");

let client: InstanceType<typeof engrpc.EngineClient> | undefined;

/** Connects to the engine at `address` (main.ts, from the plugin's arguments). */
export function connectEngineLog(address: string): void {
  client = new engrpc.EngineClient(address, grpc.credentials.createInsecure());
}

/** Closes the connection (tests). */
export function disconnectEngineLog(): void {
  client?.close();
  client = undefined;
}

/**
 * An info diagnostic on `urn`; resolves when the engine has it, at once without an engine, and
 * after 2 s at the latest (a message must never hold up the call it describes).
 */
export function engineInfo(urn: string, message: string): Promise<void> {
  const c = client;
  if (!c) return Promise.resolve();
  const req = new engproto.LogRequest().setSeverity(engproto.LogSeverity.INFO).setMessage(message).setUrn(urn);
  return new Promise((resolve) => {
    setTimeout(resolve, 2000).unref();
    c.log(req, () => resolve());
  });
}
