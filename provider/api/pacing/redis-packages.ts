// ioredis is an optional peer dependency: only a process whose settings name a Redis
// (HOSTING_RATE_LIMIT_REDIS / hosting:rateLimitRedis) loads it, here, when the client builds its
// Redis coordinator. Everything else imports its types only.

import type * as IORedis from "ioredis";

export interface RedisPackages {
  ioredis: typeof IORedis;
}

export const INSTALL_REDIS_PACKAGES = "npm install ioredis";

/** A Redis is configured but a package the coordinator needs is not installed. */
export class RedisPackageMissingError extends Error {
  override readonly name = "RedisPackageMissingError";
  constructor(readonly packageName: string) {
    super(
      `the rate-limit coordinator needs the package "${packageName}", which is not installed; ` +
        `HOSTING_RATE_LIMIT_REDIS or hosting:rateLimitRedis is set. Run \`${INSTALL_REDIS_PACKAGES}\` ` +
        "in the project, or unset the setting.",
    );
  }
}

/**
 * Loads the package; `load` is injected by tests (a package that cannot be found). The default
 * names ioredis literally so that the standalone plugin's bundle carries it (scripts/release/).
 */
export function loadRedisPackages(load: (id: string) => unknown = () => require("ioredis")): RedisPackages {
  const one = <T>(id: string): T => {
    try {
      return load(id) as T;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException)?.code;
      // Only "not installed" becomes our error; a package that fails while loading says why itself.
      if (code === "MODULE_NOT_FOUND" || code === "ERR_MODULE_NOT_FOUND") throw new RedisPackageMissingError(id);
      throw e;
    }
  };
  return { ioredis: one<typeof IORedis>("ioredis") };
}
