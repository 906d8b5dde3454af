// The provider-configuration methods of the plugin face: CheckConfig and DiffConfig on the
// provider's own inputs (config.ts), and Configure, which hands the stack config and the
// engine's variables to the plugin's provider process.

import type * as pb from "@pulumi/pulumi/proto/provider_pb";
import type { PluginHost } from "./plugin-host";
import { checkConfig, CONFIG_SECRETS, configSource } from "./config";
import { provproto } from "./grpc";
import { fromStruct, toStruct, union } from "./wire";

export async function checkProviderConfig(req: pb.CheckRequest): Promise<pb.CheckResponse> {
  const news = fromStruct(req.getNews());
  const { inputs, failures } = checkConfig(news.props);
  const res = new provproto.CheckResponse().setInputs(toStruct(inputs, union(news.secrets, CONFIG_SECRETS)));
  return res.setFailuresList(failures.map((f) => new provproto.CheckFailure().setProperty(f.property).setReason(f.reason)));
}

export async function diffProviderConfig(req: pb.DiffRequest): Promise<pb.DiffResponse> {
  const olds = fromStruct(req.getOldInputs() ?? req.getOlds()).props;
  const news = fromStruct(req.getNews()).props;
  const keys = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter((k) => k !== "version");
  const diffs = keys.filter((k) => JSON.stringify(olds[k]) !== JSON.stringify(news[k]));
  const res = new provproto.DiffResponse().setDiffsList(diffs);
  // A new key or address is used by the next call: nothing is replaced.
  return res.setChanges(diffs.length ? provproto.DiffResponse.DiffChanges.DIFF_SOME : provproto.DiffResponse.DiffChanges.DIFF_NONE);
}

export async function configureProvider(host: PluginHost, req: pb.ConfigureRequest): Promise<pb.ConfigureResponse> {
  const variables = new Map(req.getVariablesMap().toArray() as [string, string][]);
  host.process.configure(configSource(fromStruct(req.getArgs()).props, variables));
  return new provproto.ConfigureResponse().setAcceptsecrets(true).setSupportspreview(true).setAcceptresources(false).setAcceptoutputs(false);
}
