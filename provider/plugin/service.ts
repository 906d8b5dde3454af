// The ResourceProvider gRPC service of the plugin face: one typed table from each gRPC method
// to the function that serves it, typed by the protocol's own service interface
// (IResourceProviderServer of the SDK's generated stubs), so a handler that takes or answers
// another message than its method's does not compile. The handlers live beside it by concern:
// config-handlers.ts (the provider's own configuration), resource-handlers.ts (the resources'
// CRUD over the core), functions.ts (Invoke), engine-log.ts (Attach). Every other method of
// the service answers UNIMPLEMENTED. Every handler serves one PluginHost (plugin-host.ts): the
// process's settings, client and Cancel, and the engine's log.

import type { handleUnaryCall, UntypedServiceImplementation } from "@grpc/grpc-js";
import type { IResourceProviderServer } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { packageFile, packageVersion } from "../api/wire/package-files";
import { checkProviderConfig, configureProvider, diffProviderConfig } from "./config-handlers";
import type { PluginHost } from "./plugin-host";
import { EngineAnswer, grpcError, unimplemented } from "./errors";
import { invokeFunction } from "./functions";
import { emptyproto, plugproto, provproto, provrpc } from "./grpc";
import { checkResource, createResource, deleteResource, diffResource, readResource, updateResource } from "./resource-handlers";

/**
 * An async handler as grpc-js wants it. A throw becomes the engine's error (errors.ts), or the
 * gRPC form the handler chose (an EngineAnswer: a partial create's).
 */
function unary<Req, Res>(handler: (req: Req) => Promise<Res>): handleUnaryCall<Req, Res> {
  return (call, callback) => {
    handler(call.request).then(
      (res) => callback(null, res),
      (e: unknown) => callback(e instanceof EngineAnswer ? e.grpc : grpcError(e)),
    );
  };
}

/** gRPC method -> the function that serves it, for one plugin host. */
const methods = (host: PluginHost): Partial<IResourceProviderServer> => ({
  getPluginInfo: unary(async () => new plugproto.PluginInfo().setVersion(packageVersion())),
  getSchema: unary(async () => new provproto.GetSchemaResponse().setSchema(packageFile("schema.json"))),
  checkConfig: unary(checkProviderConfig),
  diffConfig: unary(diffProviderConfig),
  configure: unary((req) => configureProvider(host, req)),
  check: unary((req) => checkResource(host, req)),
  diff: unary((req) => diffResource(host, req)),
  create: unary((req) => createResource(host, req)),
  read: unary((req) => readResource(host, req)),
  update: unary((req) => updateResource(host, req)),
  delete: unary((req) => deleteResource(host, req)),
  invoke: unary((req) => invokeFunction(host, req)),
  // PULUMI_DEBUG_PROVIDERS=hosting:<port>: the engine gives its address here.
  attach: unary(async (req) => (host.engineLog.connect(req.getAddress()), new emptyproto.Empty())),
  // Ends every wait and paced request of the operations in flight (core/operation.ts).
  cancel: unary(async () => (host.process.cancel(), new emptyproto.Empty())),
  getMapping: unary(async () => new provproto.GetMappingResponse().setProvider("").setData("")),
  getMappings: unary(async () => new provproto.GetMappingsResponse()),
});

/** Every method of the ResourceProvider service: ours, and UNIMPLEMENTED for the rest. */
export function providerService(host: PluginHost): UntypedServiceImplementation {
  const METHODS = methods(host);
  const impl: UntypedServiceImplementation = {};
  for (const [name, def] of Object.entries(provrpc.ResourceProviderService)) {
    const method = METHODS[name];
    if (method) impl[name] = method;
    else if (def.responseStream) impl[name] = (call: { emit(e: string, err: unknown): void }) => call.emit("error", unimplemented(def.path));
    else impl[name] = ((_call, callback) => callback(unimplemented(def.path))) satisfies handleUnaryCall<unknown, unknown>;
  }
  return impl;
}
