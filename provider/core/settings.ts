// Where the provider process finds its API key, base URL and API shape. The dynamic-provider
// host calls `configure` once per provider with the stack config (secrets already unwrapped);
// the environment variables are the fallback, read at call time. Nothing here is ever
// captured into the serialized provider: it lives in this module, in the provider process.

import { normalizeBaseUrl } from "../api/http/base-url";
import type { ApiShape } from "../api/wire/types";

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
  /** Redis URL of the opt-in rate-limit coordinator (README, "Many stacks, one key"). */
  rateLimitRedis?: string;
}

export const KEY_FROM_CONFIG = "stack config hosting:apiKey";
export const KEY_FROM_ENV = "environment variable HOSTING_API_KEY";

/** Thrown when a required setting is missing; the message names every way to set it. */
export class MissingSettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MissingSettingError";
  }
}

interface StackSettings {
  apiKey?: string;
  baseUrl?: string;
  apiShape?: string;
  rateLimitRedis?: string;
}

let fromStack: StackSettings = {};

/** Records the stack config of this provider process (called by the shell's `configure`). */
export function configure(config: ConfigSource | undefined): void {
  const get = (key: string) => nonEmpty(config?.get(`hosting:${key}`));
  fromStack = { apiKey: get("apiKey"), baseUrl: get("baseUrl"), apiShape: get("apiShape"), rateLimitRedis: get("rateLimitRedis") };
}

/** Forgets the stack config (tests). */
export function resetSettings(): void {
  fromStack = {};
}

/**
 * The settings in force now: stack config first, then the environment. There is no
 * default base URL: the API's public address is not part of the spec, so the user names
 * it (for the simulator, `http://127.0.0.1:<port>`).
 */
export function resolveSettings(stack: StackSettings = fromStack, env: NodeJS.ProcessEnv = process.env): ResolvedSettings {
  const envKey = nonEmpty(env.HOSTING_API_KEY);
  const apiKey = stack.apiKey ?? envKey;
  if (!apiKey) {
    throw new MissingSettingError(
      "no API key for the hosting API: set it with `pulumi config set --secret hosting:apiKey <key>` " +
        "or the environment variable HOSTING_API_KEY",
    );
  }
  const baseUrl = stack.baseUrl ?? nonEmpty(env.HOSTING_BASE_URL);
  if (!baseUrl) {
    throw new MissingSettingError(
      "no base URL for the hosting API: set it with `pulumi config set hosting:baseUrl <url>` " +
        "or the environment variable HOSTING_BASE_URL (e.g. http://127.0.0.1:8080 for the simulator)",
    );
  }
  const source = stack.baseUrl ? "stack config hosting:baseUrl" : "environment variable HOSTING_BASE_URL";
  let normalized: string;
  try {
    normalized = normalizeBaseUrl(baseUrl);
  } catch (e) {
    throw new MissingSettingError(`${source} is ${(e as Error).message}`);
  }
  return {
    apiKey,
    baseUrl: normalized,
    apiShape: parseShape(stack.apiShape ?? nonEmpty(env.HOSTING_API_SHAPE)),
    keySource: stack.apiKey ? KEY_FROM_CONFIG : KEY_FROM_ENV,
    rateLimitRedis: stack.rateLimitRedis ?? nonEmpty(env.HOSTING_RATE_LIMIT_REDIS),
  };
}

function parseShape(value: string | undefined): ApiShape | undefined {
  if (value === undefined || value.toLowerCase() === "auto") return undefined;
  const shape = value.toUpperCase();
  if (shape === "A" || shape === "B") return shape;
  throw new MissingSettingError(`hosting:apiShape is "${value}"; allowed: "A", "B" or "auto"`);
}

function nonEmpty(value: string | undefined): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}
