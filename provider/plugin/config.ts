// The provider configuration of the plugin face: the settings declared with a stack config
// key (provider/core/settings/declaration.ts: apiKey, baseUrl, apiShape, rateLimitRedis),
// each also from its environment variable, which the core reads as for the dynamic face.
// The engine hands them over three ways, and all three are honoured here:
//   CheckConfig(news)          the stack config or an explicit provider's arguments;
//   Configure.args             the checked arguments (what current engines send);
//   Configure.variables        "hosting:config:apiKey" style keys (older engines).

import { SETTINGS, type ConfigSource, type SettingName } from "../core/settings";
import type { CheckFailure } from "../core/check-kinds";
import { isUnknown } from "../core/unknown";
import type { Props } from "./wire";
import { ADOPT_CONFIG_KEY } from "../server/types";

/** The settings a provider takes as arguments: those with a stack config key. */
export const CONFIG_KEYS = (Object.keys(SETTINGS) as SettingName[]).filter((k) => "config" in SETTINGS[k]);

/** Always secret in the checked configuration. */
export const CONFIG_SECRETS = CONFIG_KEYS.filter((k) => SETTINGS[k].secret);

/**
 * Keys that are not settings: the engine's own (version, plugin download URL), and
 * `hosting:adopt`, which a TypeScript program reads in its own process (server/registration.ts).
 */
const ENGINE_KEYS = new Set(["version", "pluginDownloadURL", ADOPT_CONFIG_KEY]);

/** CheckConfig: refuses unknown keys and non-string values; the values are checked when used. */
export function checkConfig(news: Props): { inputs: Props; failures: CheckFailure[] } {
  const failures: CheckFailure[] = [];
  for (const [k, v] of Object.entries(news)) {
    if (ENGINE_KEYS.has(k) || k.startsWith("__")) continue;
    if (!(CONFIG_KEYS as string[]).includes(k)) {
      failures.push({ property: k, reason: `unknown configuration key "${k}"; allowed: ${CONFIG_KEYS.join(", ")}` });
    } else if (v !== undefined && v !== null && typeof v !== "string") {
      // A secret's value is never printed: the engine prints a named property's value.
      const secret = (CONFIG_SECRETS as string[]).includes(k);
      failures.push({ property: secret ? "" : k, reason: `${k} must be a string, not a ${typeof v}` });
    }
  }
  return { inputs: news, failures };
}

/** Configure: args first, then the variables map; in the form settings.configure reads. */
export function configSource(args: Props, variables: Map<string, string>): ConfigSource {
  const values = new Map<string, string>();
  for (const key of CONFIG_KEYS) {
    const fromArgs = args[key];
    const value = typeof fromArgs === "string" && !isUnknown(fromArgs) ? fromArgs : (variables.get(`hosting:config:${key}`) ?? variables.get(`hosting:${key}`));
    if (value !== undefined) values.set(`hosting:${key}`, value);
  }
  return { get: (key) => values.get(key) };
}
