// The one table of the benchmark: per (shape, N, operation) the wall time of our provider
// (the dynamic face), of the plugin face, of the naive mode and of the lower bound, the
// ratios to the bound, and the API requests and 429s of ours, the plugin and naive.

import { lowerBound, OPS, type Op } from "./lower-bound";
import type { OpResult, ScenarioResult } from "./scenario";

export interface ModeCell {
  seconds: number;
  ok: boolean;
  requests: number;
  rateLimited: number;
  beyondCatalogue: number;
}

export interface FleetRow {
  shape: string;
  n: number;
  op: Op;
  ours?: ModeCell;
  plugin?: ModeCell;
  naive?: ModeCell;
  /** Measured engine time of the no-op fleet. */
  engine?: number;
  /** engine + the API's unavoidable time (lower-bound.ts). */
  bound?: number;
  ratio?: number;
  pluginRatio?: number;
}

function cell(r: OpResult | undefined): ModeCell | undefined {
  if (!r) return undefined;
  return { seconds: r.seconds, ok: r.ok, requests: r.requests?.total ?? 0, rateLimited: r.requests?.rateLimited ?? 0, beyondCatalogue: r.requests?.beyondCatalogue ?? 0 };
}

export function buildRows(results: ScenarioResult[], provisionMs: number): FleetRow[] {
  const rows: FleetRow[] = [];
  const keys = [...new Set(results.map((r) => `${r.shape}|${r.n}`))];
  for (const key of keys) {
    const [shape, nText] = key.split("|") as [string, string];
    const n = Number(nText);
    const of = (mode: string) => results.find((r) => r.shape === shape && r.n === n && r.mode === mode);
    for (const op of OPS) {
      const ours = cell(of("ours")?.ops[op]);
      const naive = cell(of("naive")?.ops[op]);
      const plugin = cell(of("plugin")?.ops[op]);
      const engineRun = of("bound")?.ops[op];
      const engine = engineRun?.ok ? engineRun.seconds : undefined;
      const bound = engine !== undefined ? lowerBound(op, n, provisionMs, engine) : undefined;
      if (!ours && !naive && !plugin && bound === undefined) continue;
      rows.push({
        shape, n, op, ours, plugin, naive, engine, bound,
        ratio: ours && bound ? ours.seconds / bound : undefined,
        pluginRatio: plugin && bound ? plugin.seconds / bound : undefined,
      });
    }
  }
  return rows;
}

export function formatTable(rows: FleetRow[]): string {
  const head = ["shape", "N", "op", "ours s", "plugin s", "naive s", "bound s", "(engine s)", "ours/bound", "plugin/bound", "ours req", "ours 429", "plugin req", "plugin 429", "naive req", "naive 429"];
  const s = (c: ModeCell | undefined) => (c ? `${c.seconds.toFixed(1)}${c.ok ? "" : " FAILED"}` : "–");
  const n = (v: number | undefined, digits = 1) => (v === undefined ? "–" : v.toFixed(digits));
  const x = (v: number | undefined) => (v === undefined ? "–" : `${v.toFixed(2)}×`);
  const reqs = (c: ModeCell | undefined) => (c ? [String(c.requests), String(c.rateLimited)] : ["–", "–"]);
  const body = rows.map((r) => [
    r.shape, String(r.n), r.op, s(r.ours), s(r.plugin), s(r.naive), n(r.bound), n(r.engine), x(r.ratio), x(r.pluginRatio),
    ...reqs(r.ours), ...reqs(r.plugin), ...reqs(r.naive),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (i < 3 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`;
  return [line(head), rule, ...body.map(line)].join("\n");
}
