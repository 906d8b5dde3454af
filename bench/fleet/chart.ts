// The chart of the many-stacks scenario, drawn by vega-lite (spec) and vega (SVG, headless)
// from a run's JSON: requests per second, 429s per second and servers active over time. One
// panel per shape and cooperation setting (off = before, on = header-driven, redis = the
// opt-in coordinator), one line per run in it (one stack vs K stacks): a panel of every run
// drew nine lines that could not be told apart.
// Several runs (e.g. cooperation off and on run apart) are drawn together, and their table printed:
//   node dist/bench/fleet/chart.js docs/many-stacks.svg bench/results/<run>.json...

import * as fs from "fs";
import { pacingOf, type MultiStackResult } from "./multi-stack";
import { formatMultiTable, multiRows } from "./multi-table";

interface Point {
  /** "shape A, cooperation on": one column of panels. */
  panel: string;
  run: string;
  t: number;
  metric: string;
  value: number;
}

const METRICS = ["requests / s", "429s / s", "servers active"];

/** Per-second rates from the cumulative samples. */
export function chartPoints(results: MultiStackResult[]): Point[] {
  const points: Point[] = [];
  for (const r of results) {
    const panel = `shape ${r.shape}, cooperation ${pacingOf(r)}`;
    const run = `${r.k === 1 ? "1 stack" : `${r.k} stacks`} × ${r.m}`;
    let prev = { t: 0, requests: 0, rateLimited: 0 };
    for (const s of r.timeline) {
      const dt = s.t - prev.t;
      if (dt <= 0) continue;
      points.push({ panel, run, t: Math.round(s.t), metric: METRICS[0]!, value: (s.requests - prev.requests) / dt });
      points.push({ panel, run, t: Math.round(s.t), metric: METRICS[1]!, value: (s.rateLimited - prev.rateLimited) / dt });
      points.push({ panel, run, t: Math.round(s.t), metric: METRICS[2]!, value: s.active });
      prev = s;
    }
  }
  return points;
}

export function chartSpec(points: Point[]): Record<string, unknown> {
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: "Many stacks, one key (default tier 60/min, burst 100; 20 s provisioning)",
    data: { values: points },
    facet: {
      row: { field: "metric", type: "nominal", sort: METRICS, title: null },
      column: { field: "panel", type: "nominal", title: null },
    },
    spec: {
      width: 260,
      height: 150,
      mark: { type: "line", interpolate: "step-after", strokeWidth: 1.5 },
      encoding: {
        x: { field: "t", type: "quantitative", title: "seconds since the stacks started" },
        // At least 0 to 1: a panel with no 429 at all otherwise has a zero-width scale, drawn as
        // one tick labelled "0.000000".
        y: { field: "value", type: "quantitative", title: null, scale: { domain: { unionWith: [0, 1] } } },
        color: { field: "run", type: "nominal", title: "run", legend: { labelLimit: 0 } },
      },
    },
    resolve: { scale: { y: "independent" } },
  };
}

// vega and vega-lite are ESM-only; this is CommonJS, so a real dynamic import.
const importEsm = new Function("m", "return import(m)") as (m: string) => Promise<any>;

export async function renderSvg(results: MultiStackResult[]): Promise<string> {
  const [vega, vl] = await Promise.all([importEsm("vega"), importEsm("vega-lite")]);
  const compiled = vl.compile(chartSpec(chartPoints(results))).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: "none" });
  return view.toSVG();
}

if (require.main === module) {
  const [output, ...inputs] = process.argv.slice(2);
  if (!output || inputs.length === 0) {
    console.error("usage: node dist/bench/fleet/chart.js <out.svg> <results.json>...");
    process.exit(2);
  }
  const multi: MultiStackResult[] = inputs.flatMap((f) => JSON.parse(fs.readFileSync(f, "utf8")).multi ?? []);
  console.log(formatMultiTable(multiRows(multi)));
  renderSvg(multi)
    .then((svg) => fs.writeFileSync(output, svg))
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
