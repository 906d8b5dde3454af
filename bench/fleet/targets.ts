// The benchmark's targets, checked against one run's results. Sizes up to 100 are held to the
// N=100 targets, larger ones to the N=500 targets; preview and refresh targets apply to every N.

import { rateSeconds } from "./lower-bound";
import type { FleetRow, ModeCell } from "./table";

export interface TargetCheck {
  target: string;
  met: boolean;
  measured: string;
}

export function checkTargets(rows: FleetRow[], providerBytesMax: number | undefined, provisionMs: number): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const r of rows) {
    const where = `${r.op} shape ${r.shape} N=${r.n}`;
    const o = r.ours;
    if (!o) continue;
    if (r.op === "up" || r.op === "destroy") {
      const limit = r.n <= 100 ? 1.15 : 1.2;
      if (r.ratio !== undefined) checks.push({ target: `${where}: ≤ ${limit} × bound`, met: o.ok && r.ratio <= limit, measured: `${r.ratio.toFixed(2)} × (${o.seconds.toFixed(1)} s vs ${r.bound?.toFixed(1)} s)` });
      checks.push({ target: `${where}: zero 429s`, met: o.ok && o.rateLimited === 0, measured: `${o.rateLimited} × 429` });
      if (r.n <= 100) {
        const perServer = o.requests / r.n;
        checks.push({ target: `${where}: ≤ 1.5 API requests per server`, met: perServer <= 1.5, measured: `${o.requests} requests = ${perServer.toFixed(2)} per server` });
      }
    } else if (r.op === "preview") {
      checks.push({ target: `${where}: no API request beyond the first catalogue reads`, met: o.ok && o.beyondCatalogue === 0, measured: `${o.requests} requests, ${o.beyondCatalogue} beyond the catalogue` });
    } else if (r.op === "refresh") {
      checks.push({ target: `${where}: ≤ 5 API requests`, met: o.ok && o.requests <= 5, measured: `${o.requests} requests` });
    }
  }
  checks.push(...checkOneStackOnSharedKeyTargets(rows, provisionMs));
  checks.push(...checkPluginUpTargets(rows, provisionMs));
  if (providerBytesMax !== undefined) {
    checks.push({ target: "__provider ≤ 1 KB per resource", met: providerBytesMax <= 1024, measured: `${providerBytesMax} bytes` });
  }
  return checks;
}

/**
 * The single-stack targets against the burst bound, which adds what the one-stack bound
 * overlaps: the engine's time for N no-op resources + the provisioning delay + the creates
 * and catalogue reads (as the API counted them in this `up`) beyond the burst, at the key's rate.
 */
function checkOneStackOnSharedKeyTargets(rows: FleetRow[], provisionMs: number): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const r of rows) {
    const o = r.ours;
    if (!o) continue;
    const where = `one stack, ${r.op} shape ${r.shape} N=${r.n}`;
    if (r.op === "up" && r.engine !== undefined) {
      const { bound, ratio } = burstBound(r, o, provisionMs);
      checks.push({ target: `${where}: ≤ 1.1 × (engine + provisioning + creates and catalogue beyond the burst)`, met: o.ok && ratio <= 1.1, measured: `${ratio.toFixed(2)} × (${o.seconds.toFixed(1)} s vs ${bound.toFixed(1)} s)` });
      checks.push({ target: `${where}: zero 429s`, met: o.ok && o.rateLimited === 0, measured: `${o.rateLimited} × 429` });
      const perServer = o.requests / r.n;
      checks.push({ target: `${where}: ≤ 1.2 requests per server`, met: perServer <= 1.2, measured: `${o.requests} requests = ${perServer.toFixed(2)} per server` });
    } else if (r.op === "preview") {
      checks.push({ target: `${where}: a warm preview of the unchanged stack makes 0 requests`, met: o.ok && o.requests === 0, measured: `${o.requests} requests` });
    } else if (r.op === "refresh") {
      const allowed = Math.ceil(r.n / 500) + 1;
      checks.push({ target: `${where}: ≤ ${allowed} requests (⌈N/500⌉ list calls, and one GET for a first read alone)`, met: o.ok && o.requests <= allowed, measured: `${o.requests} requests` });
    }
  }
  return checks;
}

/** The burst bound of an `up` for one face's cell, and the cell's time against it. */
function burstBound(r: FleetRow, cell: ModeCell, provisionMs: number): { bound: number; ratio: number } {
  const catalogue = cell.requests - cell.beyondCatalogue;
  const bound = (r.engine ?? 0) + provisionMs / 1000 + rateSeconds(r.n + catalogue);
  return { bound, ratio: cell.seconds / bound };
}

/**
 * The plugin face's `up` (the Node script, or the standalone executable with
 * --plugin-executable) within 1.1 × the burst bound, as the dynamic face's.
 */
function checkPluginUpTargets(rows: FleetRow[], provisionMs: number): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const r of rows) {
    const p = r.plugin;
    if (!p || r.op !== "up" || r.engine === undefined) continue;
    const { bound, ratio } = burstBound(r, p, provisionMs);
    checks.push({
      target: `plugin face, up shape ${r.shape} N=${r.n}: ≤ 1.1 × (engine + provisioning + creates and catalogue beyond the burst)`,
      met: p.ok && ratio <= 1.1,
      measured: `${ratio.toFixed(2)} × (${p.seconds.toFixed(1)} s vs ${bound.toFixed(1)} s)`,
    });
  }
  return checks;
}
