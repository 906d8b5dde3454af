// A warning, once per program process, when `hosting:apiKey` sits in the stack config as plain
// text (`pulumi config set hosting:apiKey ...` without `--secret`): anyone who reads
// Pulumi.<stack>.yaml or the repository that holds it reads the key.
//
// Why here and not in the provider's configure(): the dynamic-provider host of @pulumi/pulumi
// (cmd/dynamic-provider/index.js, the same in 3.248 and 3.270) unwraps every secret of the
// ConfigureRequest (`rpc.unwrapRpcSecret`) before configure(req) runs, and `req.config.get`
// hands back plain strings, so the provider process cannot tell a secret from a plain value.
// The program process can: the language host gives it the stack's secret config keys
// (PULUMI_CONFIG_SECRET_KEYS, or the Automation API's inline runtime), which the SDK's own
// `runtime.isConfigSecret` reads. The Server and Webhook constructors and the lookups run there
// and call this; `pulumi.log.warn` in that process reaches the engine as a diagnostic.

import * as pulumi from "@pulumi/pulumi";
import { warn } from "./warnings";

export const API_KEY_CONFIG = "hosting:apiKey";

/** What the program process knows about the stack config. */
export interface StackConfigView {
  /** The plain value of a config key, or undefined when it is not set. */
  get(key: string): string | undefined;
  /** True when the stack config holds `key` as a secret; undefined when the SDK cannot tell. */
  isSecret(key: string): boolean | undefined;
  /** The stack's name, for naming its config file. */
  stack(): string;
}

/** The view of the running program, through the SDK. */
export const programConfig: StackConfigView = {
  get: (key) => pulumi.runtime.getConfig(key),
  isSecret: (key) => {
    // Not in the SDK's typings (marked internal), but present in every version we support;
    // when it is missing we cannot tell, and say nothing rather than something false.
    const check = (pulumi.runtime as unknown as { isConfigSecret?: (k: string) => boolean }).isConfigSecret;
    return typeof check === "function" ? check(key) : undefined;
  },
  stack: () => pulumi.getStack(),
};

/** The warning for a plain `hosting:apiKey`, or undefined when there is nothing to say. */
export function plainKeyWarning(config: StackConfigView): string | undefined {
  const value = config.get(API_KEY_CONFIG);
  if (value === undefined || value.trim() === "" || config.isSecret(API_KEY_CONFIG) !== false) return undefined;
  return (
    `${API_KEY_CONFIG} is stored in plain text in the stack config (Pulumi.${config.stack()}.yaml), set without --secret: ` +
    `anyone who can read that file can use the key. Store it encrypted: \`pulumi config set --secret ${API_KEY_CONFIG} <key>\``
  );
}

/**
 * A checker that warns once per key, however often it is called: a program has one key, so
 * that is once per process (tests that set another key see their own warning).
 */
export function plainKeyWarner(config: StackConfigView = programConfig, sink: (message: string) => void = warn): () => void {
  const warnedFor = new Set<string>();
  return () => {
    const message = plainKeyWarning(config);
    const key = config.get(API_KEY_CONFIG);
    if (message === undefined || key === undefined || warnedFor.has(key)) return;
    warnedFor.add(key);
    sink(message);
  };
}

/** The one checker of this process: called by the Server and Webhook constructors and the lookups. */
export const warnIfKeyIsPlain = plainKeyWarner();
