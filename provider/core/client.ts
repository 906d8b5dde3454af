// The one API client of this provider process, built from the settings in force at call
// time. `getClient` (provider/api) shares one client per distinct option set, so every
// resource in the process shares its pacing, retries and catalogue cache. The benchmark's
// HOSTING_WAITER_MODULE may lay options over these (waiter-module.ts).

import { getClient } from "../api";
import type { HostingApi } from "../api/wire/types";
import { catalogueCacheDir, cooperation, resolveSettings } from "./settings";
import { waiterModule } from "./waiter-module";
import { warn } from "./warnings";

/** The shared client for the current settings; throws a clear error when a setting is missing. */
export function api(): HostingApi {
  const s = resolveSettings();
  return getClient({
    apiKey: s.apiKey, baseUrl: s.baseUrl, shape: s.apiShape, keySource: s.keySource,
    catalogueCacheDir: catalogueCacheDir(),
    cooperate: cooperation(),
    rateLimitRedis: s.rateLimitRedis,
    onWarning: warn,
    onRateLimitWait: (report) => warn(report.message),
    ...waiterModule()?.clientOptions,
  });
}
