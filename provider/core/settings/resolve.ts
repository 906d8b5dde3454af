// Where the provider process and the lookups find their API key, base URL, API shape and
// Redis coordinator. The dynamic-provider host calls `configure` once per provider with the
// stack config (secrets already unwrapped); the lookups read `pulumi.Config("hosting")` in
// the program's process. The environment is the fallback, read at call time. The stack config
// a provider process was given is kept by its ProviderProcess (core/provider-process.ts), never
// captured into the serialized provider.

import { BaseUrlProblem, normalizeBaseUrl } from "../../api/http/base-url";
import type { ApiShape } from "../../api/wire/types";
import { API_SHAPE_VALUES, SETTINGS } from "./declaration";
import { fromEnv, fromStack, sourceOf, type ConfigGet } from "./read";
import { SettingError } from "./setting-error";

/** What `configure(req)` hands us: the stack config, keys as "hosting:apiKey". */
export interface ConfigSource {
  get(key: string): string | undefined;
}

export interface ResolvedSettings {
  apiKey: string;
  /** Base URL without a trailing slash, e.g. "http://127.0.0.1:8080". */
  baseUrl: string;
  /** Undefined: the client detects the shape. */
  apiShape?: ApiShape;
  /** Where the key came from, for the client's error messages. */
  keySource: string;
  /** Redis URL of the opt-in rate-limit coordinator. */
  rateLimitRedis?: string;
}

/** The values the stack config gave (blank ones left out). */
export interface StackSettings {
  apiKey?: string;
  baseUrl?: string;
  apiShape?: string;
  rateLimitRedis?: string;
}

export const KEY_FROM_CONFIG = sourceOf(SETTINGS.apiKey, true);
export const KEY_FROM_ENV = sourceOf(SETTINGS.apiKey, false);

/** The stack settings from a getter of full keys ("hosting:apiKey"). */
export function stackSettings(get: ConfigGet | undefined): StackSettings {
  return {
    apiKey: fromStack(SETTINGS.apiKey, get),
    baseUrl: fromStack(SETTINGS.baseUrl, get),
    apiShape: fromStack(SETTINGS.apiShape, get),
    rateLimitRedis: fromStack(SETTINGS.rateLimitRedis, get),
  };
}

/**
 * The settings in force now: stack config first, then the environment. There is no
 * default base URL: the API's public address is not part of the spec, so the user names
 * it (for the simulator, `http://127.0.0.1:<port>`).
 */
export function resolveSettings(stack: StackSettings, env: NodeJS.ProcessEnv = process.env): ResolvedSettings {
  const apiKey = stack.apiKey ?? fromEnv(SETTINGS.apiKey, env);
  if (!apiKey) {
    throw new SettingError(
      `no API key for the hosting API: set it with \`pulumi config set --secret ${SETTINGS.apiKey.config} <key>\` ` +
        `or the environment variable ${SETTINGS.apiKey.env}`,
    );
  }
  const baseUrl = stack.baseUrl ?? fromEnv(SETTINGS.baseUrl, env);
  if (!baseUrl) {
    throw new SettingError(
      `no base URL for the hosting API: set it with \`pulumi config set ${SETTINGS.baseUrl.config} <url>\` ` +
        `or the environment variable ${SETTINGS.baseUrl.env} (e.g. http://127.0.0.1:8080 for the simulator)`,
    );
  }
  return {
    apiKey,
    baseUrl: parseBaseUrl(baseUrl, sourceOf(SETTINGS.baseUrl, stack.baseUrl !== undefined)),
    apiShape: parseShape(stack.apiShape, fromEnv(SETTINGS.apiShape, env)),
    keySource: stack.apiKey ? KEY_FROM_CONFIG : KEY_FROM_ENV,
    rateLimitRedis: stack.rateLimitRedis ?? fromEnv(SETTINGS.rateLimitRedis, env),
  };
}

function parseBaseUrl(value: string, source: string): string {
  try {
    return normalizeBaseUrl(value);
  } catch (e) {
    if (e instanceof BaseUrlProblem) throw new SettingError(`${source} is ${e.message}`);
    throw e;
  }
}

function parseShape(stackValue: string | undefined, envValue: string | undefined): ApiShape | undefined {
  const value = stackValue ?? envValue;
  if (value === undefined || value.toLowerCase() === "auto") return undefined;
  const shape = value.toUpperCase();
  if (shape === "A" || shape === "B") return shape;
  const [a, b, auto] = API_SHAPE_VALUES.map((v) => `"${v}"`);
  throw new SettingError(`${sourceOf(SETTINGS.apiShape, stackValue !== undefined)} is "${value}"; allowed: ${a}, ${b} or ${auto}`);
}
