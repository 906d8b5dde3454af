// The plugin's V8 heap grows by HEAP_GROWING_PERCENT at each limit: after a collection at its
// limit, the next limit is 1.4 times what survived. V8's own factor, chosen from the speed of its
// collector, goes up to 4, and a Fleet's operation then held several times its live objects in
// RSS. The lower factor costs more collections (CPU); the figures at 10,000 and 100,000 members are
// in docs/benchmarks.md. A `--heap-growing-percent` that Node's own options name wins (0 gives V8
// its own choice back).

import * as v8 from "v8";

export const HEAP_GROWING_PERCENT = 40;

const FLAG = "--heap-growing-percent";

/** Sets V8's heap growing factor for this process unless Node's own options name one. */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ""): boolean {
  const named = (s: string) => s.replace(/_/g, "-").startsWith(FLAG);
  if (execArgv.some(named) || nodeOptions.split(/\s+/).some(named)) return false;
  v8.setFlagsFromString(`${FLAG}=${HEAP_GROWING_PERCENT}`);
  return true;
}
