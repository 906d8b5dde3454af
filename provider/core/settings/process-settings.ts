// The settings only the provider process reads, from the environment alone: whether it
// shares the key's rate limit with other processes (provider/api/pacing/rate-limiter.ts), where
// the catalogue file cache lives (provider/api/catalogue/catalogue-file-cache.ts: one folder per user,
// shared by every provider process on the machine; a file is fresh for fifteen minutes), and the
// plugin's heap growing percent (provider/plugin/heap-growth.ts).

import * as os from "os";
import * as path from "path";
import { HEAP_GROWING_PERCENT, SETTINGS } from "./declaration";
import { fromEnv, sourceOf, switchOn } from "./read";
import { SettingError } from "./setting-error";

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

/** The plugin's heap growing percent: HEAP_GROWING_PERCENT.default when unset; a SettingError names a value it does not take. */
export function heapGrowingPercent(env: NodeJS.ProcessEnv = process.env): number {
  const setting = SETTINGS.pluginHeapGrowingPercent;
  const value = fromEnv(setting, env);
  if (value === undefined) return HEAP_GROWING_PERCENT.default;
  if (!/^\d+$/.test(value) || Number(value) > HEAP_GROWING_PERCENT.max) {
    throw new SettingError(`${sourceOf(setting, false)} is "${value}"; allowed: ${setting.allowed.replace(/`/g, "")}`);
  }
  return Number(value);
}
