// The process-wide waiter of each client: every resource of a provider process waits and
// reads through the same one, so their polls are shared (see status-waiter.ts).

import type { HostingApi } from "../api/wire/types";
import { NaiveWaiter, naiveMode } from "./naive-waiter";
import { StatusWaiter } from "./status-waiter";
import type { Waiter } from "./waiter-types";

const waiters = new WeakMap<HostingApi, Waiter>();

/**
 * The process-wide waiter of a client; a NaiveWaiter when HOSTING_NAIVE_MODE=1 (the
 * benchmark's reference, see naive-waiter.ts).
 */
export function waiterFor(client: HostingApi): Waiter {
  let w = waiters.get(client);
  if (!w) {
    w = naiveMode() ? new NaiveWaiter(client) : new StatusWaiter(client);
    waiters.set(client, w);
  }
  return w;
}
