// A benchmark hook, not a user setting. The provider runs in a process Pulumi starts, so the
// benchmark cannot hand it objects: HOSTING_WAITER_MODULE names a module file whose exports
// replace the provider's waiter and lay options over its client. The only such module is the
// naive baseline in bench/naive/ (the product ships no baseline). Unset, nothing is loaded.

import type { ClientOptions } from "../api";
import type { HostingApi } from "../api/wire/types";
import type { Waiter } from "./waiter-types";

export const WAITER_MODULE_ENV = "HOSTING_WAITER_MODULE";

export interface WaiterModule {
  /** The waiter of a client, instead of the shared StatusWaiter. */
  createWaiter?: (client: HostingApi) => Waiter;
  /** Options laid over the provider's own client options (e.g. a `pacer`). */
  clientOptions?: Partial<ClientOptions>;
}

/** The module HOSTING_WAITER_MODULE names (require() caches it), or undefined when unset. */
export function waiterModule(env: NodeJS.ProcessEnv = process.env, load: (file: string) => unknown = require): WaiterModule | undefined {
  const file = env[WAITER_MODULE_ENV];
  if (!file) return undefined;
  return load(file) as WaiterModule;
}
