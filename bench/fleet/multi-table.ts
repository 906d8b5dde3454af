// The table of the many-stacks scenario: each K × M run against one stack of K·M with the
// same shape and cooperation setting, and the many-stacks targets (multiTarget).

import { pacingOf, type MultiStackResult } from "./multi-stack";
import type { Pacing } from "./options";
import type { TargetCheck } from "./targets";

export interface MultiRow {
  shape: string;
  run: string;
  pacing: Pacing;
  seconds: number;
  timeRatio?: number;
  /** The same K stacks with no-op resources, no API (noop-stacks.ts): the engines' own time on this machine. */
  engineSeconds?: number;
  /** From the first request the API saw to the last server active: the wall time without the engines' start, which the machine's load moves. */
  apiSeconds?: number;
  apiRatio?: number;
  requests: number;
  requestRatio?: number;
  rateLimited: number;
  servers: number;
  ok: boolean;
}

export function multiRows(results: MultiStackResult[]): MultiRow[] {
  return results.map((r, i) => {
    // The one stack run last before this one (runs merged from several invocations each
    // compare with their own), else any.
    const same = (o: MultiStackResult) => o.k === 1 && o.m === r.k * r.m && pacingOf(o) === pacingOf(r) && o.shape === r.shape;
    const one = results.slice(0, i).reverse().find(same) ?? results.find(same);
    const api = apiSpan(r);
    const oneApi = one ? apiSpan(one) : undefined;

    return {
      shape: r.shape,
      run: r.k === 1 ? `one stack × ${r.m}` : `${r.k} stacks × ${r.m}`,
      pacing: pacingOf(r),
      seconds: r.seconds,
      timeRatio: one && r.k > 1 ? r.seconds / one.seconds : undefined,
      engineSeconds: r.engineSeconds,
      apiSeconds: api,
      apiRatio: api !== undefined && oneApi !== undefined && r.k > 1 ? api / oneApi : undefined,
      requests: r.requests.total,
      requestRatio: one && r.k > 1 ? r.requests.total / one.requests.total : undefined,
      rateLimited: r.requests.rateLimited,
      servers: r.servers,
      ok: r.ok,
    };
  });
}

/** Seconds from the first request to the sample where every server was active. */
function apiSpan(r: MultiStackResult): number | undefined {
  const first = r.timeline.find((s) => s.requests > 0);
  const done = r.timeline.find((s) => s.active >= r.k * r.m);
  return first && done ? done.t - first.t : undefined;
}

export function formatMultiTable(rows: MultiRow[]): string {
  const x = (v: number | undefined) => (v === undefined ? "–" : `${v.toFixed(2)}×`);
  const lines = [
    "| shape | run | cooperation | wall s | time vs one stack | engines alone s | API span s | API span vs one stack | requests | requests vs one stack | 429s | servers |",
    "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of rows) {
    const pct = r.requests ? ` (${((100 * r.rateLimited) / r.requests).toFixed(1)}%)` : "";
    const span = r.apiSeconds === undefined ? "–" : r.apiSeconds.toFixed(0);
    lines.push(
      `| ${r.shape} | ${r.run} | ${r.pacing} | ${r.seconds.toFixed(1)}${r.ok ? "" : " FAILED"} | ${x(r.timeRatio)} | ${r.engineSeconds === undefined ? "–" : r.engineSeconds.toFixed(1)} | ${span} | ${x(r.apiRatio)} | ` +
        `${r.requests} | ${x(r.requestRatio)} | ${r.rateLimited}${pct} | ${r.servers} |`,
    );
  }
  return lines.join("\n");
}

/**
 * The targets for K stacks sharing one key on the default tier: at 4 stacks at most
 * 1% 429s and 1.15× one stack's time, at 8 at most 2% and 1.2×. A K between or below takes
 * the stricter targets of 4, a K above 8 those of 8. Requests stay within 1.15×.
 */
export function multiTarget(k: number): { timeRatio: number; rateLimitedShare: number; requestRatio: number } {
  return k >= 8 ? { timeRatio: 1.2, rateLimitedShare: 0.02, requestRatio: 1.15 } : { timeRatio: 1.15, rateLimitedShare: 0.01, requestRatio: 1.15 };
}

export function checkMultiTargets(rows: MultiRow[], results: MultiStackResult[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  rows.forEach((r, i) => {
    const res = results[i]!;
    if (r.pacing === "off" || res.k === 1) return;
    const target = multiTarget(res.k);
    const where = `shape ${r.shape}, ${r.run}, cooperation ${r.pacing}`;
    if (r.timeRatio !== undefined) checks.push({ target: `${where}: time ≤ ${target.timeRatio}× one stack`, met: r.ok && r.timeRatio <= target.timeRatio, measured: `${r.timeRatio.toFixed(2)}×` });
    if (r.requestRatio !== undefined) checks.push({ target: `${where}: requests ≤ ${target.requestRatio}× one stack`, met: r.requestRatio <= target.requestRatio, measured: `${r.requestRatio.toFixed(2)}×` });
    checks.push({
      target: `${where}: 429s ≤ ${100 * target.rateLimitedShare}% of requests`,
      met: r.rateLimited <= target.rateLimitedShare * r.requests,
      measured: `${r.rateLimited} of ${r.requests}`,
    });
    checks.push({ target: `${where}: every server exists once`, met: r.servers === res.k * res.m, measured: `${r.servers} of ${res.k * res.m}` });
  });
  return checks;
}
