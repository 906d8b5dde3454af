// The process-wide waiter of each client: every resource of a provider process waits and
// reads through the same one, so their polls are shared (see status-waiter.ts).

import type { HostingApi } from "../api/wire/types";
import { StatusWaiter } from "./status-waiter";
import type { Waiter } from "./waiter-types";
import { waiterModule } from "./waiter-module";

const waiters = new WeakMap<HostingApi, Waiter>();

/**
 * The process-wide waiter of a client: the shared StatusWaiter, or the one the benchmark's
 * HOSTING_WAITER_MODULE builds (waiter-module.ts).
 */
export function waiterFor(client: HostingApi): Waiter {
  let w = waiters.get(client);
  if (!w) {
    w = waiterModule()?.createWaiter?.(client) ?? new StatusWaiter(client);
    waiters.set(client, w);
  }
  return w;
}
