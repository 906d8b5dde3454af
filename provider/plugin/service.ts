// The ResourceProvider gRPC service of the plugin face: each handler turns the request's
// Structs into the plain objects the dynamic shells hand the core (wire.ts), calls the same
// implementation (resources.ts, functions.ts), and turns the answer back. Validation,
// waiting, pacing, adoption and errors all live in the core; nothing here decides them.

import * as fs from "fs";
import * as path from "path";
import type { sendUnaryData, ServerUnaryCall, ServiceError, UntypedServiceImplementation } from "@grpc/grpc-js";
import { api } from "../core/client";
import { checkForEngine } from "../core/route";
import { configure } from "../core/settings";
import { UNKNOWN_VALUE } from "../core/unknown";
import { checkConfig, CONFIG_SECRETS, configSource } from "./config";
import { grpcError, unimplemented } from "./errors";
import { FUNCTIONS } from "./functions";
import { emptyproto, plugproto, provproto, provrpc } from "./grpc";
import { setMemberDiff } from "./member-diff";
import { parseUrn, resourceOf } from "./resources";
import { fromStruct, toStruct, type Props } from "./wire";

/** The package root: dist/provider/plugin -> the folder holding package.json and schema.json. */
const PACKAGE_ROOT = path.resolve(__dirname, "..", "..", "..");

type Handler = (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => void;

/** An async handler as grpc-js wants it; a throw becomes the engine's error (errors.ts). */
function unary<Req, Res>(fn: (req: Req) => Promise<Res>): Handler {
  return (call, callback) => {
    fn(call.request as Req).then(
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
  getPluginInfo: unary(async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, "package.json"), "utf8")) as { version: string };
    return new plugproto.PluginInfo().setVersion(pkg.version);
  }),

  getSchema: unary(async () => new provproto.GetSchemaResponse().setSchema(fs.readFileSync(path.join(PACKAGE_ROOT, "schema.json"), "utf8"))),

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
    const res = new provproto.CheckResponse().setInputs(toStruct(result.inputs ?? news.props, union(news.secrets, resource.secrets)));
    return res.setFailuresList((result.failures ?? []).map((f) => new provproto.CheckFailure().setProperty(f.property).setReason(f.reason)));
  }),

  diff: unary(async (req: InstanceType<Pb["DiffRequest"]>) => {
    const resource = resourceOf(req.getType() || typeOfUrn(req.getUrn()));
    const olds = fromStruct(req.getOlds()).props;
    const news = fromStruct(req.getNews()).props;
    const result = await resource.impl.diff(req.getId(), olds, news);
    const res = new provproto.DiffResponse();
    const D = provproto.DiffResponse.DiffChanges;
    res.setChanges(result.changes === true ? D.DIFF_SOME : result.changes === false ? D.DIFF_NONE : D.DIFF_UNKNOWN);
    res.setReplacesList(result.replaces ?? []);
    res.setStablesList(result.stables ?? []);
    res.setDeletebeforereplace(result.deleteBeforeReplace ?? false);
    if (result.changes) {
      // For the engine's display only: the inputs that differ (the core decided the rest).
      const inputs = Object.keys(news).filter((k) => !k.startsWith("__") && JSON.stringify(news[k]) !== JSON.stringify(olds[k]));
      res.setDiffsList([...new Set([...(result.replaces ?? []), ...inputs])]);
    }
    await setMemberDiff(res, result, req.getUrn()); // a Fleet's per-member paths and plan (member-diff.ts)
    return res;
  }),

  create: unary(async (req: InstanceType<Pb["CreateRequest"]>) => {
    const resource = resourceOf(req.getType() || typeOfUrn(req.getUrn()));
    const inputs = fromStruct(req.getProperties());
    const secrets = union(inputs.secrets, resource.secrets);
    if (req.getPreview()) {
      const outs: Props = { ...inputs.props };
      for (const k of resource.reported) outs[k] = UNKNOWN_VALUE;
      return new provproto.CreateResponse().setId("").setProperties(toStruct(outs, secrets));
    }
    let created: { id: string; outs?: object };
    try {
      created = await resource.impl.create(inputs.props);
    } catch (e) {
      failWith(e, secrets);
    }
    return new provproto.CreateResponse().setId(created.id).setProperties(toStruct(created.outs, secrets));
  }),

  read: unary(async (req: InstanceType<Pb["ReadRequest"]>) => {
    const resource = resourceOf(req.getType() || typeOfUrn(req.getUrn()));
    const props = fromStruct(req.getProperties());
    const inputs = fromStruct(req.getInputs());
    const secrets = union(props.secrets, inputs.secrets, resource.secrets);
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
    const secrets = union(olds.secrets, news.secrets, resource.secrets);
    if (req.getPreview()) return new provproto.UpdateResponse().setProperties(toStruct({ ...olds.props, ...news.props }, secrets));
    let updated: { outs?: object };
    try {
      updated = await resource.impl.update(req.getId(), olds.props, news.props);
    } catch (e) {
      failWith(e, secrets);
    }
    return new provproto.UpdateResponse().setProperties(toStruct(updated.outs, secrets));
  }),

  delete: unary(async (req: InstanceType<Pb["DeleteRequest"]>) => {
    const resource = resourceOf(req.getType() || typeOfUrn(req.getUrn()));
    await resource.impl.delete(req.getId(), fromStruct(req.getProperties()).props);
    return new emptyproto.Empty();
  }),

  invoke: unary(async (req: InstanceType<Pb["InvokeRequest"]>) => {
    const lookup = FUNCTIONS[req.getTok()];
    if (!lookup) throw new Error(`unknown function ${req.getTok()}; this provider serves ${Object.keys(FUNCTIONS).join(", ")}`);
    const result = await lookup(api(), fromStruct(req.getArgs()).props);
    return new provproto.InvokeResponse().setReturn(toStruct(result));
  }),

  cancel: unary(async () => new emptyproto.Empty()),
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
