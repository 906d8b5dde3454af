// The settings only the provider process reads, from the environment alone: whether it
// shares the key's rate limit with other processes (provider/api/pacing/rate-limiter.ts), and where
// the catalogue file cache lives (provider/api/catalogue/catalogue-file-cache.ts: one folder per user,
// shared by every provider process on the machine; a file is fresh for fifteen minutes).

import * as os from "os";
import * as path from "path";
import { SETTINGS } from "./declaration";
import { fromEnv, switchOn } from "./read";

/** Whether this process paces itself by what other processes leave of the key's rate. */
export function cooperation(env: NodeJS.ProcessEnv = process.env): boolean {
  return switchOn(SETTINGS.rateLimitCooperation, env);
}

/** The catalogue cache's folder, or "" when the file cache is switched off. */
export function catalogueCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (!switchOn(SETTINGS.catalogueCache, env)) return "";
  const dir = fromEnv(SETTINGS.catalogueCacheDir, env);
  if (dir) return dir;
  const base = (env.XDG_CACHE_HOME ?? "").trim() || path.join(os.homedir(), ".cache");
  return path.join(base, "pulumi-hosting");
}
