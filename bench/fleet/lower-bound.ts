// The lower bound of one operation on N servers (bench/README.md):
//   bound = engine(op, N) + max(delay(op), max(0, N - burst) / (limit / 60))
// engine(op, N) is the measured wall time of the same operation on N no-op resources;
// delay(up) is the provisioning delay, delay(destroy) is 0 (a DELETE is answered at once and
// a terminated server already counts as gone); preview and refresh need no API time.

import { TIER } from "./options";

export type Op = "up" | "preview" | "refresh" | "destroy";
export const OPS: readonly Op[] = ["up", "preview", "refresh", "destroy"];

/** Seconds the token bucket needs for one request per server beyond the burst. */
export function rateSeconds(n: number, limitPerMinute: number = TIER.limitPerMinute, burst: number = TIER.burst): number {
  return Math.max(0, n - burst) / (limitPerMinute / 60);
}

/** The API's share of the bound, in seconds. */
export function apiSeconds(op: Op, n: number, provisionMs: number): number {
  if (op === "up") return Math.max(provisionMs / 1000, rateSeconds(n));
  if (op === "destroy") return rateSeconds(n);
  return 0;
}

export function lowerBound(op: Op, n: number, provisionMs: number, engineSeconds: number): number {
  return engineSeconds + apiSeconds(op, n, provisionMs);
}
