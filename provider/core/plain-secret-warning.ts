// A warning, once per program process, when a secret setting (`secret` in
// settings/declaration.ts) sits in the stack config as plain text: anyone who reads
// Pulumi.<stack>.yaml reads the key.
//
// It runs in the program process, not in the provider's configure(): the dynamic-provider host
// of @pulumi/pulumi unwraps every secret of the ConfigureRequest before configure(req) runs, so
// the provider process cannot tell a secret from a plain value. The program process can: the
// SDK's `runtime.isConfigSecret` knows the stack's secret config keys. The Server and Webhook
// constructors and the lookups call this; `pulumi.log.warn` there reaches the engine as a
// diagnostic.

import * as pulumi from "@pulumi/pulumi";
import { SETTINGS } from "./settings";
import { untypedMethod } from "./sdk-internals";

/** The stack config keys of the settings declared secret. */
export const SECRET_CONFIG_KEYS: readonly string[] = Object.values(SETTINGS)
  .filter((s) => s.secret && "config" in s && typeof s.config === "string")
  .map((s) => (s as { config: string }).config);

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
const programConfig: StackConfigView = {
  get: (key) => pulumi.runtime.getConfig(key),
  isSecret: (key) => {
    // Not in the SDK's typings (sdk-internals.ts); when it is missing we cannot tell, and say
    // nothing rather than something false.
    const check = untypedMethod(pulumi.runtime, "isConfigSecret");
    return check ? check(key) === true : undefined;
  },
  stack: () => pulumi.getStack(),
};

/** The warning for `key` held as plain text, or undefined when there is nothing to say. */
export function plainSecretWarning(config: StackConfigView, key: string): string | undefined {
  const value = config.get(key);
  if (value === undefined || value.trim() === "" || config.isSecret(key) !== false) return undefined;
  return (
    `${key} is stored in plain text in the stack config (Pulumi.${config.stack()}.yaml), set without --secret: ` +
    `anyone who can read that file can use it. Store it encrypted: \`pulumi config set --secret ${key} <value>\``
  );
}

/**
 * A checker that warns once per setting and value, however often it is called: a program has
 * one key, so that is once per process (tests that set another key see their own warning).
 */
export function plainSecretWarner(config: StackConfigView = programConfig, sink: (message: string) => void = (m) => void pulumi.log.warn(m)): () => void {
  const warnedFor = new Set<string>();
  return () => {
    for (const key of SECRET_CONFIG_KEYS) {
      const message = plainSecretWarning(config, key);
      const seen = `${key}=${config.get(key)}`;
      if (message === undefined || warnedFor.has(seen)) continue;
      warnedFor.add(seen);
      sink(message);
    }
  };
}

/** The one checker of this process: called by the Server and Webhook constructors and the lookups. */
export const warnIfSecretsArePlain = plainSecretWarner();
