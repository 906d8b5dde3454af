// Where the provider keeps the catalogue file cache (provider/api/catalogue/catalogue-file-cache.ts):
// one folder per user, shared by every provider process on the machine.
//   HOSTING_CATALOGUE_CACHE=off        no file cache: every process reads the catalogue itself
//   HOSTING_CATALOGUE_CACHE_DIR=<dir>  another folder (default $XDG_CACHE_HOME/pulumi-hosting,
//                                      else ~/.cache/pulumi-hosting)
// Deleting the folder forces a fresh read; otherwise a file is fresh for fifteen minutes.

import * as os from "os";
import * as path from "path";

/** The folder, or "" when the file cache is switched off. */
export function catalogueCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const switch_ = (env.HOSTING_CATALOGUE_CACHE ?? "").trim().toLowerCase();
  if (["off", "0", "false", "no"].includes(switch_)) return "";
  const dir = (env.HOSTING_CATALOGUE_CACHE_DIR ?? "").trim();
  if (dir) return dir;
  const base = (env.XDG_CACHE_HOME ?? "").trim() || path.join(os.homedir(), ".cache");
  return path.join(base, "pulumi-hosting");
}
