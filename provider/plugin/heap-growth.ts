// The plugin's V8 heap grows by a fixed percent at each limit (HEAP_GROWING_PERCENT.default in
// core/settings/declaration.ts, read by core/settings/process-settings.ts): after a collection at
// its limit, the next limit is about 1 + percent/100 times what survived. V8's own factor, chosen
// from the speed of its collector, goes up to 4, and a Fleet's operation then held several times
// its live objects in RSS. The lower factor costs more collections (CPU); the figures at 10,000 and
// 100,000 members are in docs/benchmarks.md. HOSTING_PLUGIN_HEAP_GROWING_PERCENT sets another (0:
// V8's own), and a `--heap-growing-percent` on node's own command line wins over both (Node
// refuses V8 flags in NODE_OPTIONS).

import * as v8 from "v8";
import { heapGrowingPercent } from "../core/settings";

const FLAG = "--heap-growing-percent";

/** Sets V8's heap growing factor for this process, unless node's command line names one; returns the percent set. */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv, env: NodeJS.ProcessEnv = process.env): number | undefined {
  const percent = heapGrowingPercent(env);
  if (execArgv.some((a) => a.replace(/_/g, "-").startsWith(FLAG))) return undefined;
  v8.setFlagsFromString(`${FLAG}=${percent}`);
  return percent;
}
