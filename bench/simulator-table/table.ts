// The table benchmark's output: per case, the simulator's CPU µs per request at each N, its
// ratio to the smallest N, the servers on the page, and whether the largest N stays within
// the bound (≤ 1.5× the smallest N); a case whose page grows with N is named, not judged.
import type { CaseFigure } from "./cases";

export const BOUND = 1.5;

const fmtN = (n: number): string => n.toLocaleString("en-US");
const pad = (s: string, w: number): string => (s.length >= w ? s : " ".repeat(w - s.length) + s);

export function printTable(figures: Map<number, CaseFigure[]>): void {
  const sizes = [...figures.keys()];
  const smallest = sizes[0];
  const largest = sizes[sizes.length - 1];
  const names = figures.get(smallest)!.map((f) => f.name);
  console.log(`Simulator CPU time per request (µs), shape A, per_page 500; (×) = ratio to ${fmtN(smallest)} servers; [items on the page]`);
  console.log(["case".padEnd(46), ...sizes.map((n) => pad(`${fmtN(n)} servers`, 26)), pad(`≤ ${BOUND}×`, 8)].join(""));
  for (const [i, name] of names.entries()) {
    const base = figures.get(smallest)![i].cpuUsPerRequest;
    const cells = sizes.map((n) => {
      const f = figures.get(n)![i];
      if (f.cpuUsPerRequest === null) return pad("—", 26);
      const ratio = base === null ? "" : ` (${(f.cpuUsPerRequest / base).toFixed(2)}×)`;
      const items = f.items === undefined ? "" : ` [${f.items}]`;
      return pad(`${f.cpuUsPerRequest.toFixed(0)}${ratio}${items}`, 26);
    });
    const [low, top] = [figures.get(smallest)![i], figures.get(largest)![i]];
    const verdict = base === null || top.cpuUsPerRequest === null ? "n/a"
      : low.items !== top.items ? "pages≠" : top.cpuUsPerRequest / base <= BOUND ? "PASS" : "FAIL";
    console.log([name.padEnd(46), ...cells, pad(verdict, 8)].join(""));
  }
  console.log("pages≠: the page holds more servers at the larger N (the filter matches a share of them), so its ratio is not the table's cost alone.");
}
