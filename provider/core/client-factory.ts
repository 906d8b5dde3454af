// The one way this package makes a client of the hosting API from resolved settings: the
// provider process (provider-process.ts) and every command-line tool (hosting-orphans,
// hosting-import, hosting-gitops's pricing) come through here, so each of them detects or
// takes the shape the same way, paces by the same headers, joins the same Redis coordinator
// when `hosting:rateLimitRedis` / HOSTING_RATE_LIMIT_REDIS names one, shares the catalogue file
// cache, and names where its key came from in its error hints. A tool that went around this
// would spend the key's budget unseen by the pipelines that share it.

import { createClient, type ClientOptions } from "../api";
import type { HostingClient } from "../api/client";
import type { Logger } from "./context";
import { catalogueCacheDir, cooperation, type ResolvedSettings } from "./settings";

export interface ClientFactoryOptions {
  /** The environment of the process-wide switches (cooperation, catalogue cache). @default this process's */
  env?: NodeJS.ProcessEnv;
  /** Hears the client's warnings and rate-limit waits. @default none */
  log?: Logger;
  /** Laid over what the settings give (a benchmark's pacer, a test's timings). @default none */
  overrides?: Partial<ClientOptions>;
}

/** The client options that `settings` and the process's environment give. */
export function clientOptionsFrom(settings: ResolvedSettings, opts: ClientFactoryOptions = {}): ClientOptions {
  const log = opts.log;
  return {
    apiKey: settings.apiKey,
    baseUrl: settings.baseUrl,
    shape: settings.apiShape,
    keySource: settings.keySource,
    rateLimitRedis: settings.rateLimitRedis,
    catalogueCacheDir: catalogueCacheDir(opts.env),
    cooperate: cooperation(opts.env),
    ...(log ? { onWarning: (m: string) => log.warn(m), onRateLimitWait: (report: { message: string }) => log.warn(report.message) } : {}),
    ...opts.overrides,
  };
}

/** A client of the API for `settings`. */
export function clientFromSettings(settings: ResolvedSettings, opts: ClientFactoryOptions = {}): HostingClient {
  return createClient(clientOptionsFrom(settings, opts));
}
