// The changes a step may make to a slot's program before its `up`, each a plain value that prints
// as it reads (fast-check prints a shrunk sequence with them), and how each applies.

import { GROUP_NAMES, type Program } from "./program";

export type Edit =
  | { kind: "count"; group: number; region: string; n: number }
  | { kind: "region"; group: number; region: string; add: boolean }
  | { kind: "in-place"; group: number; variant: number }
  | { kind: "replace"; group: number; field: "os" | "plan"; value: string; maxSurge: number; maxUnavailable: number }
  | { kind: "check"; on: boolean };

export function editText(e: Edit): string {
  switch (e.kind) {
    case "count":
      return `${GROUP_NAMES[e.group]}.counts.${e.region}=${e.n}`;
    case "region":
      return `${GROUP_NAMES[e.group]}.regions${e.add ? "+" : "-"}${e.region}`;
    case "in-place":
      return `${GROUP_NAMES[e.group]}.variant=${e.variant}`;
    case "replace":
      return `${GROUP_NAMES[e.group]}.${e.field}=${e.value} maxSurge=${e.maxSurge} maxUnavailable=${e.maxUnavailable}`;
    case "check":
      return `healthCheck ${e.on ? "on" : "off"}`;
  }
}

/** `program` with `e` applied; a group the edit names is added (one member in the region) when missing. */
export function applyEdit(program: Program, e: Edit): void {
  if (e.kind === "check") {
    program.healthCheck = e.on;
    return;
  }
  const name = GROUP_NAMES[e.group]!;
  let g = program.groups.find((x) => x.name === name);
  if (!g) {
    const region = "region" in e ? e.region : "fra";
    g = { name, regions: [region], counts: { [region]: 1 }, os: program.groups[0]?.os ?? "ubuntu-24.04", plan: "vc2-1c-1gb", variant: 0 };
    program.groups.push(g);
  }
  switch (e.kind) {
    case "count":
      if (!g.regions.includes(e.region)) g.regions.push(e.region);
      g.counts[e.region] = e.n;
      return;
    case "region":
      if (e.add && !g.regions.includes(e.region)) {
        g.regions.push(e.region);
        g.counts[e.region] = 1;
      } else if (!e.add && g.regions.length > 1 && g.regions.includes(e.region)) {
        g.regions = g.regions.filter((r) => r !== e.region);
        delete g.counts[e.region];
      }
      return;
    case "in-place":
      g.variant = e.variant;
      return;
    case "replace":
      g[e.field] = e.value;
      program.maxSurge = e.maxSurge;
      program.maxUnavailable = e.maxUnavailable;
      return;
  }
}
