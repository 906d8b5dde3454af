// The ResourceProvider gRPC service of the plugin face: each handler turns the request's
// Structs into the plain objects the dynamic shells hand the core (wire.ts), calls the same
// implementation (resources.ts, functions.ts), and turns the answer back. Validation,
// waiting, pacing, adoption and errors all live in the core; nothing here decides them.

import type { sendUnaryData, ServerUnaryCall, ServiceError, UntypedServiceImplementation } from "@grpc/grpc-js";
import { packageFile, packageVersion } from "../api/wire/package-files";
import { api } from "../core/client";
import { checkForEngine } from "../core/route";
import { cancelOperations, engineOperation } from "../core/operation";
import { configure } from "../core/settings";
import { forResource } from "../core/warnings";
import { UNKNOWN_VALUE } from "../core/unknown";
import { checkConfig, CONFIG_SECRETS, configSource } from "./config";
import { diffResponse } from "./diff";
import { logToEngine } from "./engine-log";
import { grpcError, unimplemented } from "./errors";
import { FUNCTIONS } from "./functions";
import { emptyproto, plugproto, provproto, provrpc } from "./grpc";
import { parseUrn, resourceOf, withDerived } from "./resources";
import { fromStruct, toStruct, type Props } from "./wire";

type Handler = (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => void;

/** An async handler as grpc-js wants it; a throw becomes the engine's error (errors.ts). */
function unary<Req, Res>(fn: (req: Req) => Promise<Res>): Handler {
  return (call, callback) => {
    // The core's warnings during this request are attached to its resource (engine-log.ts).
    const urn = (call.request as { getUrn?: () => string }).getUrn?.() ?? "";
    forResource(urn, () => fn(call.request as Req)).then(
      (res) => callback(null, res),
      (e: { grpc?: Partial<ServiceError> } & unknown) => callback((e as { grpc?: Partial<ServiceError> })?.grpc ?? grpcError(e)),
    );
  };
}

/** Rethrows with the gRPC form chosen here (secrets to wrap in a partial create's properties). */
function failWith(e: unknown, secrets: Iterable<string>): never {
  throw Object.assign(new Error(String(e)), { grpc: grpcError(e, secrets) });
}

const union = (...sets: Iterable<string>[]) => new Set(sets.flatMap((s) => [...s]));

type Pb = typeof provproto;

const handlers: Record<string, Handler> = {
  getPluginInfo: unary(async () => new plugproto.PluginInfo().setVersion(packageVersion())),

  getSchema: unary(async () => new provproto.GetSchemaResponse().setSchema(packageFile("schema.json"))),

  checkConfig: unary(async (req: InstanceType<Pb["CheckRequest"]>) => {
    const news = fromStruct(req.getNews());
    const { inputs, failures } = checkConfig(news.props);
    const res = new provproto.CheckResponse().setInputs(toStruct(inputs, union(news.secrets, CONFIG_SECRETS)));
    return res.setFailuresList(failures.map((f) => new provproto.CheckFailure().setProperty(f.property).setReason(f.reason)));
  }),

  diffConfig: unary(async (req: InstanceType<Pb["DiffRequest"]>) => {
    const olds = fromStruct(req.getOldInputs() ?? req.getOlds()).props;
    const news = fromStruct(req.getNews()).props;
    const keys = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter((k) => k !== "version");
    const diffs = keys.filter((k) => JSON.stringify(olds[k]) !== JSON.stringify(news[k]));
    const res = new provproto.DiffResponse().setDiffsList(diffs);
    // A new key or address is used by the next call: nothing is replaced.
    return res.setChanges(diffs.length ? provproto.DiffResponse.DiffChanges.DIFF_SOME : provproto.DiffResponse.DiffChanges.DIFF_NONE);
  }),

  configure: unary(async (req: InstanceType<Pb["ConfigureRequest"]>) => {
    const variables = new Map(req.getVariablesMap().toArray() as [string, string][]);
    configure(configSource(fromStruct(req.getArgs()).props, variables));
    return new provproto.ConfigureResponse().setAcceptsecrets(true).setSupportspreview(true).setAcceptresources(false).setAcceptoutputs(false);
  }),

  check: unary(async (req: InstanceType<Pb["CheckRequest"]>) => {
    const resource = resourceOf(req.getType() || typeOfUrn(req.getUrn()));
    const olds = fromStruct(req.getOlds());
    const news = fromStruct(req.getNews());
    const result = (await checkForEngine(resource.impl, olds.props, resource.completeInputs(news.props, parseUrn(req.getUrn())))) as {
      inputs?: Props;
      failures?: { property: string; reason: string }[];
    };
    // check completes osId from a secret os (and back): the completed one is as secret.
    const res = new provproto.CheckResponse().setInputs(toStruct(result.inputs ?? news.props, withDerived(resource, union(news.secrets, resource.secrets))));
    return res.setFailuresList((result.failures ?? []).map((f) => new provproto.CheckFailure().setProperty(f.property).setReason(f.reason)));
  }),

  diff: unary(async (req: InstanceType<Pb["DiffRequest"]>) => {
    const resource = resourceOf(req.getType() || typeOfUrn(req.getUrn()));
    const olds = fromStruct(req.getOlds()).props;
    const news = fromStruct(req.getNews()).props;
    return diffResponse(await resource.impl.diff(req.getId(), olds, news));
  }),

  create: unary(async (req: InstanceType<Pb["CreateRequest"]>) => {
    const resource = resourceOf(req.getType() || typeOfUrn(req.getUrn()));
    const inputs = fromStruct(req.getProperties());
    const secrets = withDerived(resource, union(inputs.secrets, resource.secrets));
    if (req.getPreview()) {
      const outs: Props = { ...inputs.props };
      for (const k of resource.reported) outs[k] = UNKNOWN_VALUE;
      return new provproto.CreateResponse().setId("").setProperties(toStruct(outs, secrets));
    }
    let created: { id: string; outs?: object };
    try {
      created = await resource.impl.create(inputs.props, engineOperation("create", req.getTimeout()));
    } catch (e) {
      failWith(e, secrets);
    }
    return new provproto.CreateResponse().setId(created.id).setProperties(toStruct(created.outs, secrets));
  }),

  read: unary(async (req: InstanceType<Pb["ReadRequest"]>) => {
    const resource = resourceOf(req.getType() || typeOfUrn(req.getUrn()));
    const props = fromStruct(req.getProperties());
    const inputs = fromStruct(req.getInputs());
    const secrets = withDerived(resource, union(props.secrets, inputs.secrets, resource.secrets));
    const result = await resource.impl.read(req.getId(), props.props);
    const res = new provproto.ReadResponse().setId(result.id);
    if (!result.id) return res;
    res.setProperties(toStruct(result.props, secrets));
    if (result.inputs) res.setInputs(toStruct(result.inputs, secrets));
    return res;
  }),

  update: unary(async (req: InstanceType<Pb["UpdateRequest"]>) => {
    const resource = resourceOf(req.getType() || typeOfUrn(req.getUrn()));
    const olds = fromStruct(req.getOlds());
    const news = fromStruct(req.getNews());
    const secrets = withDerived(resource, union(olds.secrets, news.secrets, resource.secrets));
    if (req.getPreview()) return new provproto.UpdateResponse().setProperties(toStruct(resource.previewUpdate(olds.props, news.props), secrets));
    let updated: { outs?: object };
    try {
      updated = await resource.impl.update(req.getId(), olds.props, news.props, engineOperation("update", req.getTimeout()));
    } catch (e) {
      failWith(e, secrets);
    }
    return new provproto.UpdateResponse().setProperties(toStruct(updated.outs, secrets));
  }),

  delete: unary(async (req: InstanceType<Pb["DeleteRequest"]>) => {
    const resource = resourceOf(req.getType() || typeOfUrn(req.getUrn()));
    await resource.impl.delete(req.getId(), fromStruct(req.getProperties()).props, engineOperation("delete", req.getTimeout()));
    return new emptyproto.Empty();
  }),

  invoke: unary(async (req: InstanceType<Pb["InvokeRequest"]>) => {
    const lookup = FUNCTIONS[req.getTok()];
    if (!lookup) throw new Error(`unknown function ${req.getTok()}; this provider serves ${Object.keys(FUNCTIONS).join(", ")}`);
    const args = fromStruct(req.getArgs());
    const result = await lookup(api(), args.props);
    // A lookup of a secret (a plan id the program keeps secret) answers a secret: all of it.
    return new provproto.InvokeResponse().setReturn(toStruct(result, args.secrets.size > 0 ? Object.keys(result) : []));
  }),

  // PULUMI_DEBUG_PROVIDERS=hosting:<port>: the engine attaches to a plugin started by hand
  // (main.ts prints its port) and gives its address here instead of on the command line.
  attach: unary(async (req: InstanceType<typeof plugproto.PluginAttach>) => {
    logToEngine(req.getAddress());
    return new emptyproto.Empty();
  }),

  // Ends every wait and paced request of the operations in flight (core/operation.ts).
  cancel: unary(async () => (cancelOperations(), new emptyproto.Empty())),
  getMapping: unary(async () => new provproto.GetMappingResponse().setProvider("").setData("")),
  getMappings: unary(async () => new provproto.GetMappingsResponse()),
};

/** The type token of a URN (older engines leave CheckRequest.type empty). */
function typeOfUrn(urn: string): string {
  const type = urn.split("::")[2] ?? "";
  return type.split("$").pop() ?? type;
}

/** Every method of the ResourceProvider service: ours, and UNIMPLEMENTED for the rest. */
export function providerService(): UntypedServiceImplementation {
  const impl: UntypedServiceImplementation = {};
  for (const [name, def] of Object.entries(provrpc.ResourceProviderService)) {
    const method = handlers[name];
    if (method) impl[name] = method;
    else if (def.responseStream) impl[name] = (call: { emit(e: string, err: unknown): void }) => call.emit("error", unimplemented(def.path));
    else impl[name] = ((_call: unknown, callback: sendUnaryData<unknown>) => callback(unimplemented(def.path))) as Handler;
  }
  return impl;
}
