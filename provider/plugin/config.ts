// The provider configuration of the plugin face: `apiKey` (secret), `baseUrl`, `apiShape`,
// `rateLimitRedis`, the keys the dynamic face reads as `hosting:<key>` stack config, each
// also from its environment variable (provider/core/settings.ts reads both).
// The engine hands them over three ways, and all three are honoured here:
//   CheckConfig(news)          the stack config or an explicit provider's arguments;
//   Configure.args             the checked arguments (engines since 3.x send these);
//   Configure.variables        "hosting:config:apiKey" style keys (older engines).

import type { ConfigSource } from "../core/settings";
import type { CheckFailure } from "../core/check-kinds";
import { isUnknown } from "../core/unknown";
import type { Props } from "./wire";

/** The configuration of a `hosting` provider (stack config `hosting:<key>` or a provider's arguments). */
export interface PluginConfig {
  /** API key of the hosting API; always a secret. When not set: the environment variable HOSTING_API_KEY. */
  apiKey?: string;
  /** Base URL of the hosting API, e.g. http://127.0.0.1:8080 for the simulator. When not set: HOSTING_BASE_URL. */
  baseUrl?: string;
  /** API shape: "A", "B" or "auto" (detected from the first answer). When not set: HOSTING_API_SHAPE, else auto. */
  apiShape?: string;
  /** Redis URL of the opt-in rate-limit coordinator shared by many stacks. When not set: HOSTING_RATE_LIMIT_REDIS. */
  rateLimitRedis?: string;
}

/** The configuration keys, each with its environment variable (provider/core/settings.ts). */
export const CONFIG_KEYS = ["apiKey", "baseUrl", "apiShape", "rateLimitRedis"] as const satisfies readonly (keyof PluginConfig)[];
export type ConfigKey = (typeof CONFIG_KEYS)[number];
// Every key of PluginConfig is in CONFIG_KEYS: this line stops compiling when one is missing.
const _allKeys: Record<keyof PluginConfig, true> = { apiKey: true, baseUrl: true, apiShape: true, rateLimitRedis: true } satisfies Record<ConfigKey, true>;
void _allKeys;

/** Always secret in the checked configuration. */
export const CONFIG_SECRETS = ["apiKey"] as const;

/** The engine's own keys in a provider's inputs (version, plugin download URL), never ours. */
const ENGINE_KEYS = new Set(["version", "pluginDownloadURL"]);

/** CheckConfig: refuses unknown keys and non-string values; the values are checked when used. */
export function checkConfig(news: Props): { inputs: Props; failures: CheckFailure[] } {
  const failures: CheckFailure[] = [];
  for (const [k, v] of Object.entries(news)) {
    if (ENGINE_KEYS.has(k) || k.startsWith("__")) continue;
    if (!(CONFIG_KEYS as readonly string[]).includes(k)) {
      failures.push({ property: k, reason: `unknown configuration key "${k}"; allowed: ${CONFIG_KEYS.join(", ")}` });
    } else if (v !== undefined && v !== null && typeof v !== "string") {
      failures.push({ property: k === "apiKey" ? "" : k, reason: `${k} must be a string, not a ${typeof v}` });
    }
  }
  return { inputs: news, failures };
}

/** Configure: args first, then the variables map; the shape settings.configure reads. */
export function configSource(args: Props, variables: Map<string, string>): ConfigSource {
  const values = new Map<string, string>();
  for (const key of CONFIG_KEYS) {
    const fromArgs = args[key];
    const value = typeof fromArgs === "string" && !isUnknown(fromArgs) ? fromArgs : (variables.get(`hosting:config:${key}`) ?? variables.get(`hosting:${key}`));
    if (value !== undefined) values.set(`hosting:${key}`, value);
  }
  return { get: (key) => values.get(key) };
}
