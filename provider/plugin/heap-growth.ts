// The plugin's V8 heap grows by a fixed percent at each limit (HEAP_GROWING_PERCENT.default in
// core/settings/declaration.ts): after a collection at its limit, the next limit is about
// 1 + percent/100 times what survived. V8's own factor, chosen from the speed of its collector,
// goes up to 4, and a Fleet's operation then held several times its live objects in RSS. The lower
// factor costs more collections (CPU); the figures at 10,000 and 100,000 members are in
// docs/benchmarks.md. HOSTING_PLUGIN_HEAP_GROWING_PERCENT sets another (0: V8's own), and a
// `--heap-growing-percent` on node's own command line wins over both (Node refuses V8 flags in
// NODE_OPTIONS).

import * as v8 from "v8";
import { HEAP_GROWING_PERCENT, SETTINGS } from "../core/settings/declaration";

const FLAG = "--heap-growing-percent";

/** The percent HOSTING_PLUGIN_HEAP_GROWING_PERCENT asks for, HEAP_GROWING_PERCENT.default when unset; an error names the variable and what it allows. */
export function heapGrowingPercent(env: NodeJS.ProcessEnv = process.env): number {
  const name = SETTINGS.pluginHeapGrowingPercent.env;
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return HEAP_GROWING_PERCENT.default;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n > HEAP_GROWING_PERCENT.max) {
    throw new Error(`${name}: ${JSON.stringify(raw)} is not allowed; ${SETTINGS.pluginHeapGrowingPercent.allowed.replace(/`/g, "")}`);
  }
  return n;
}

/** Sets V8's heap growing factor for this process, unless node's command line names one; returns the percent set. */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv, env: NodeJS.ProcessEnv = process.env): number | undefined {
  const percent = heapGrowingPercent(env);
  if (execArgv.some((a) => a.replace(/_/g, "-").startsWith(FLAG))) return undefined;
  v8.setFlagsFromString(`${FLAG}=${percent}`);
  return percent;
}
