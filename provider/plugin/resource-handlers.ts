// The resource methods of the plugin face (Check, Diff, Create, Read, Update, Delete): each
// turns the request's Structs into the plain objects the dynamic shells hand the core
// (wire.ts; read and written as bytes by struct-fields.ts), calls the same implementation
// (resources.ts), and turns the answer back.
// Validation, waiting, pacing, adoption and errors all live in the core; nothing here decides
// them. Each request runs with its operation context (plugin-host.ts): the resource's URN, name
// and stack, and for Create, Update and Delete the engine's time-out; every one the engine's Cancel.

import type { Empty } from "google-protobuf/google/protobuf/empty_pb";
import type * as pb from "@pulumi/pulumi/proto/provider_pb";
import { checkForEngine } from "../core/route";
import { UNKNOWN_VALUE } from "../core/unknown";
import { parseUrn } from "../core/urn";
import { diffResponse } from "./diff";
import { EngineAnswer, grpcError } from "./errors";
import { emptyproto, provproto } from "./grpc";
import type { PluginHost } from "./plugin-host";
import { resourceOf, withDerived, type AnyPluginResource } from "./resources";
import { answerProps, requestProps } from "./struct-fields";
import { union, type Props } from "./wire";

/** The resource a request is about: its type, or the type token of its URN (older engines leave CheckRequest.type empty). */
function resourceFor(req: { getType(): string; getUrn(): string }): AnyPluginResource {
  return resourceOf(req.getType() || typeOfUrn(req.getUrn()));
}

export async function checkResource(host: PluginHost, req: pb.CheckRequest): Promise<pb.CheckResponse> {
  const resource = resourceFor(req);
  const olds = requestProps(req, "olds");
  const news = requestProps(req, "news");
  const result = await checkForEngine(resource.impl, olds.props, news.props, host.context(req.getUrn()));
  // check completes osId from a secret os (and back): the completed one is as secret.
  const res = answerProps(new provproto.CheckResponse(), "inputs", result.inputs ?? news.props, withDerived(resource, union(news.secrets, resource.secrets)));
  return res.setFailuresList((result.failures ?? []).map((f) => new provproto.CheckFailure().setProperty(f.property).setReason(f.reason)));
}

export async function diffResource(host: PluginHost, req: pb.DiffRequest): Promise<pb.DiffResponse> {
  const resource = resourceFor(req);
  return diffResponse(await resource.impl.diff(req.getId(), requestProps(req, "olds").props, requestProps(req, "news").props, host.context(req.getUrn())));
}

export async function createResource(host: PluginHost, req: pb.CreateRequest): Promise<pb.CreateResponse> {
  const resource = resourceFor(req);
  const inputs = requestProps(req, "properties");
  const secrets = withDerived(resource, union(inputs.secrets, resource.secrets));
  if (req.getPreview()) {
    const outs: Props = { ...inputs.props };
    for (const k of resource.reported) outs[k] = UNKNOWN_VALUE;
    return answerProps(new provproto.CreateResponse().setId(""), "properties", outs, secrets);
  }
  let created: { id: string; outs?: object };
  try {
    created = await resource.impl.create(inputs.props, host.context(req.getUrn(), { kind: "create", timeoutSeconds: req.getTimeout() }));
  } catch (e) {
    failWith(e, secrets);
  }
  return answerProps(new provproto.CreateResponse().setId(created.id), "properties", created.outs, secrets);
}

export async function readResource(host: PluginHost, req: pb.ReadRequest): Promise<pb.ReadResponse> {
  const resource = resourceFor(req);
  const props = requestProps(req, "properties");
  const inputs = requestProps(req, "inputs");
  const secrets = withDerived(resource, union(props.secrets, inputs.secrets, resource.secrets));
  const result = await resource.impl.read(req.getId(), props.props, host.context(req.getUrn()));
  const res = new provproto.ReadResponse().setId(result.id);
  if (!result.id) return res;
  answerProps(res, "properties", result.props, secrets);
  return result.inputs ? answerProps(res, "inputs", result.inputs, secrets) : res;
}

export async function updateResource(host: PluginHost, req: pb.UpdateRequest): Promise<pb.UpdateResponse> {
  const resource = resourceFor(req);
  const olds = requestProps(req, "olds");
  const news = requestProps(req, "news");
  const secrets = withDerived(resource, union(olds.secrets, news.secrets, resource.secrets));
  if (req.getPreview()) return answerProps(new provproto.UpdateResponse(), "properties", resource.previewUpdate(olds.props, news.props), secrets);
  let updated: { outs?: object };
  try {
    updated = await resource.impl.update(req.getId(), olds.props, news.props, host.context(req.getUrn(), { kind: "update", timeoutSeconds: req.getTimeout() }));
  } catch (e) {
    failWith(e, secrets);
  }
  return answerProps(new provproto.UpdateResponse(), "properties", updated.outs, secrets);
}

export async function deleteResource(host: PluginHost, req: pb.DeleteRequest): Promise<Empty> {
  const resource = resourceFor(req);
  await resource.impl.delete(req.getId(), requestProps(req, "properties").props, host.context(req.getUrn(), { kind: "delete", timeoutSeconds: req.getTimeout() }));
  return new emptyproto.Empty();
}

/** Rethrows in the engine's form, chosen here: a partial create's properties have secrets to wrap. */
function failWith(e: unknown, secrets: Iterable<string>): never {
  throw new EngineAnswer(String(e), grpcError(e, secrets));
}

/** The type token of a URN (core/urn.ts), "" when it is none. */
function typeOfUrn(urn: string): string {
  return parseUrn(urn)?.type ?? "";
}
