// The engine's diagnostics for the plugin face, through its Log service (pulumirpc.Engine, at
// the address the engine gives at start-up or through Attach), which the CLI prints under the
// resource; the plugin's stderr is not shown to the user. Every warning of the core goes there
// (core/warnings.ts: a Fleet's plan in words among them), with the URN of the resource whose
// request raised it; a warning the engine cannot take (it is gone, or never gave an address)
// still reaches stderr.

import type { PluginAttach } from "@pulumi/pulumi/proto/plugin_pb";
import type { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { setWarningSink } from "../core/warnings";
import { emptyproto, engproto, engrpc, grpc } from "./grpc";

type EngineClient = InstanceType<typeof engrpc.EngineClient>;

let client: EngineClient | undefined;

/** Sends later warnings to the engine at `address` (host:port); a later call replaces it. */
export function logToEngine(address: string, stderr: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): void {
  client?.close();
  const engine = new engrpc.EngineClient(address, grpc.credentials.createInsecure());
  client = engine;
  setWarningSink((message, urn) => {
    const req = new engproto.LogRequest().setSeverity(engproto.LogSeverity.WARNING).setMessage(message).setUrn(urn ?? "");
    engine.log(req, (err) => {
      if (err) stderr(`warning: ${message}`);
    });
  });
}

/** Back to stderr (tests). */
export function stopLoggingToEngine(): void {
  client?.close();
  client = undefined;
  setWarningSink(undefined);
}

/**
 * Attach (PULUMI_DEBUG_PROVIDERS=hosting:<port>): the engine attaches to a plugin started by hand
 * (main.ts prints its port) and gives its address here instead of on the command line.
 */
export async function attachToEngine(req: PluginAttach): Promise<Empty> {
  logToEngine(req.getAddress());
  return new emptyproto.Empty();
}
