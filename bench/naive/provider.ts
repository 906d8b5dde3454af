// The naive baseline's side in the provider process: what the serialized shells of NaiveServer
// (./server.ts) require by this file's compiled path, dist/bench/naive/provider.js. It is the
// product's Server (provider/server/provider.ts) served through the dynamic face's dispatch
// (provider/dynamic/host.ts dynamicEntries), over a provider process of its own whose waiter is
// a NaiveWaiter (each server polls itself) and whose client does not pace (Unpaced). The
// product's own shells, in the same process or another, keep the shared StatusWaiter and the
// paced client: nothing here changes `dynamicProcess`.

import type { ResourceFacts } from "../../provider/core/context";
import { ProviderProcess } from "../../provider/core/provider-process";
import { dynamicEntries } from "../../provider/dynamic/host";
import { impl } from "../../provider/server/provider";
import { NaiveWaiter } from "./naive-waiter";
import { Unpaced } from "./unpaced";

/** The naive face's provider process: one per process the engine starts. */
export const naiveProcess = new ProviderProcess({
  createWaiter: (client) => new NaiveWaiter(client),
  clientOptions: { pacer: () => new Unpaced() },
});

const naive = dynamicEntries(naiveProcess);

/** configure, check, read, diff. */
export const observe = (args: unknown[], facts?: ResourceFacts) => naive.observe(impl, args, facts);
/** create, update, delete. */
export const change = (args: unknown[], facts?: ResourceFacts) => naive.change(impl, args, facts);
