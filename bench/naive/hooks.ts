// The naive baseline as the provider process loads it: bench/fleet sets HOSTING_WAITER_MODULE
// to this file's compiled path (provider/core/waiter-module.ts reads it). Each server polls
// itself and the client does not pace.

import type { ClientOptions } from "../../provider/api";
import type { HostingApi } from "../../provider/api/wire/types";
import type { WaiterModule } from "../../provider/core/waiter-module";
import { NaiveWaiter } from "./naive-waiter";
import { Unpaced } from "./unpaced";

export const createWaiter: WaiterModule["createWaiter"] = (client: HostingApi) => new NaiveWaiter(client);

export const clientOptions: Partial<ClientOptions> = { pacer: () => new Unpaced() };

/** The file to name in HOSTING_WAITER_MODULE (this module, compiled). */
export const NAIVE_HOOKS = __filename;
