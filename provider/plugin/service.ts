// The ResourceProvider gRPC service of the plugin face: one typed table from each gRPC method
// to the function that serves it, typed by the protocol's own service interface
// (IResourceProviderServer of the SDK's generated stubs), so a handler that takes or answers
// another message than its method's does not compile. The handlers live beside it by concern:
// config-handlers.ts (the provider's own configuration), resource-handlers.ts (the resources'
// CRUD over the core), functions.ts (Invoke), engine-log.ts (Attach). Every other method of
// the service answers UNIMPLEMENTED.

import type { handleUnaryCall, UntypedServiceImplementation } from "@grpc/grpc-js";
import type { IResourceProviderServer } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { packageFile, packageVersion } from "../api/wire/package-files";
import { cancelOperations } from "../core/operation";
import { forResource } from "../core/warnings";
import { checkProviderConfig, configureProvider, diffProviderConfig } from "./config-handlers";
import { attachToEngine } from "./engine-log";
import { EngineAnswer, grpcError, unimplemented } from "./errors";
import { invokeFunction } from "./functions";
import { emptyproto, plugproto, provproto, provrpc } from "./grpc";
import { checkResource, createResource, deleteResource, diffResource, readResource, updateResource } from "./resource-handlers";

/**
 * An async handler as grpc-js wants it. A throw becomes the engine's error (errors.ts), or the
 * gRPC form the handler chose (an EngineAnswer: a partial create's). `urnOf` names the resource whose
 * warnings this request raises (engine-log.ts attaches them to it).
 */
function unary<Req, Res>(handler: (req: Req) => Promise<Res>, urnOf?: (req: Req) => string): handleUnaryCall<Req, Res> {
  return (call, callback) => {
    forResource(urnOf?.(call.request) ?? "", () => handler(call.request)).then(
      (res) => callback(null, res),
      (e: unknown) => callback(e instanceof EngineAnswer ? e.grpc : grpcError(e)),
    );
  };
}

const urn = (req: { getUrn(): string }) => req.getUrn();

/** gRPC method -> the function that serves it. */
const METHODS: Partial<IResourceProviderServer> = {
  getPluginInfo: unary(async () => new plugproto.PluginInfo().setVersion(packageVersion())),
  getSchema: unary(async () => new provproto.GetSchemaResponse().setSchema(packageFile("schema.json"))),
  checkConfig: unary(checkProviderConfig, urn),
  diffConfig: unary(diffProviderConfig, urn),
  configure: unary(configureProvider),
  check: unary(checkResource, urn),
  diff: unary(diffResource, urn),
  create: unary(createResource, urn),
  read: unary(readResource, urn),
  update: unary(updateResource, urn),
  delete: unary(deleteResource, urn),
  invoke: unary(invokeFunction),
  // PULUMI_DEBUG_PROVIDERS=hosting:<port>: the engine gives its address here.
  attach: unary(attachToEngine),
  // Ends every wait and paced request of the operations in flight (core/operation.ts).
  cancel: unary(async () => (cancelOperations(), new emptyproto.Empty())),
  getMapping: unary(async () => new provproto.GetMappingResponse().setProvider("").setData("")),
  getMappings: unary(async () => new provproto.GetMappingsResponse()),
};

/** Every method of the ResourceProvider service: ours, and UNIMPLEMENTED for the rest. */
export function providerService(): UntypedServiceImplementation {
  const impl: UntypedServiceImplementation = {};
  for (const [name, def] of Object.entries(provrpc.ResourceProviderService)) {
    const method = METHODS[name];
    if (method) impl[name] = method;
    else if (def.responseStream) impl[name] = (call: { emit(e: string, err: unknown): void }) => call.emit("error", unimplemented(def.path));
    else impl[name] = ((_call, callback) => callback(unimplemented(def.path))) satisfies handleUnaryCall<unknown, unknown>;
  }
  return impl;
}
