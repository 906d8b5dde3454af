// Cost per member against the fleet's size, drawn as text bars for a Markdown report: for each
// operation, one bar a size, so a cost that stays flat as N grows shows as bars of one length.

export interface ChartPoint {
  op: string;
  members: number;
  value: number;
}

const WIDTH = 40;

/** A fenced block: a heading line, then per operation one bar a size, scaled to the largest value of the chart. */
export function perMemberChart(title: string, unit: string, points: readonly ChartPoint[]): string {
  const max = Math.max(...points.map((p) => p.value), Number.MIN_VALUE);
  const label = (p: ChartPoint) => `${p.op} ${p.members.toLocaleString("en-US")}`;
  const pad = Math.max(...points.map((p) => label(p).length), 0);
  const lines = points.map((p) => {
    const bar = "#".repeat(Math.max(p.value > 0 ? 1 : 0, Math.round((p.value / max) * WIDTH)));
    return `${label(p).padEnd(pad)} | ${bar.padEnd(WIDTH)} ${p.value.toFixed(3)} ${unit}`;
  });
  return ["```", title, ...lines, "```"].join("\n");
}
