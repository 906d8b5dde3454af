// The process environment, for the command-line tools (hosting-orphans, hosting-import,
// hosting-gitops). Each tool is its own process, so its environment is the one it was started
// with; this folder is the one place that reads the environment, so the tools ask here rather
// than read `process.env` themselves, and take an `env` of their own in tests.

import { SETTINGS } from "./declaration";
import { fromEnv } from "./read";

/** The environment this process was started with. */
export function processEnvironment(): NodeJS.ProcessEnv {
  return process.env;
}

/** What a command-line tool reads of the API from the environment: blank is unset, as everywhere. */
export interface CliSettings {
  apiKey?: string;
  baseUrl?: string;
}

/** The API key and base URL a command-line tool is given in its environment. */
export function cliSettings(env: NodeJS.ProcessEnv = processEnvironment()): CliSettings {
  return { apiKey: fromEnv(SETTINGS.apiKey, env), baseUrl: fromEnv(SETTINGS.baseUrl, env) };
}
