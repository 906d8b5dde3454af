// The functions of the plugin face: each token runs the lookup the dynamic face's
// `getX` runs (provider/lookups), with the client of this provider instance instead of
// the program's stack config.

import type * as pb from "@pulumi/pulumi/proto/provider_pb";
import type { HostingApi } from "../api/wire/types";
import type { PluginHost } from "./plugin-host";
import { findAccount, findOsImage, findOsImages, findPlan, findPlans, findRegion, findRegions } from "../lookups";
import { provproto } from "./grpc";
import { fromStruct, toStruct } from "./wire";

type Lookup = (client: HostingApi, args: Record<string, unknown>) => Promise<object>;

export const FUNCTIONS: Record<string, Lookup> = {
  "hosting:index:getRegion": (c, a) => findRegion(c, a as { id: string }),
  "hosting:index:getRegions": (c, a) => findRegions(c, a),
  "hosting:index:getPlan": (c, a) => findPlan(c, a),
  "hosting:index:getPlans": (c, a) => findPlans(c, a),
  "hosting:index:getOsImage": (c, a) => findOsImage(c, a),
  "hosting:index:getOsImages": (c, a) => findOsImages(c, a),
  "hosting:index:getAccount": (c) => findAccount(c),
};

/** Invoke: the lookup its token names, with this provider's client. */
export async function invokeFunction(host: PluginHost, req: pb.InvokeRequest): Promise<pb.InvokeResponse> {
  const lookup = FUNCTIONS[req.getTok()];
  if (!lookup) throw new Error(`unknown function ${req.getTok()}; this provider serves ${Object.keys(FUNCTIONS).join(", ")}`);
  const args = fromStruct(req.getArgs());
  const result = await lookup(host.process.client(), args.props);
  // A lookup of a secret (a plan id the program keeps secret) answers a secret: all of it.
  return new provproto.InvokeResponse().setReturn(toStruct(result, args.secrets.size > 0 ? Object.keys(result) : []));
}
