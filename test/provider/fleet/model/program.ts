// What the model's programs declare: the Fleet resources (slots) a sequence may touch, each with
// the engine's facts of it and the API key of its provider, and the Fleet arguments a slot's
// program holds, rendered to the raw inputs `check` receives. Kept small (a few members per
// fleet) so that a sequence of a dozen operations runs in seconds against the simulator.

/** A Fleet resource of the model's programs: what the engine knows of it. */
export interface SlotFacts {
  name: string;
  project: string;
  stack: string;
  /** The parents' types joined by `$`, as in a URN's qualified type; absent at the root. */
  parentType?: string;
}

/**
 * The model's resources. `main` is renamed by alias (web <-> web-blue); `reuse` is a new Fleet
 * that takes the name `web` while `main` goes by web-blue; `nested` has the same name under
 * another parent, on an explicit provider of its own key; `prod` is another stack on the key of dev.
 */
export const SLOTS = ["main", "nested", "prod", "reuse"] as const;
export type Slot = (typeof SLOTS)[number];

export const MODEL_KEYS = { dev: "model-dev-key", nested: "model-nested-key" } as const;

export function baseFacts(slot: Slot): SlotFacts {
  switch (slot) {
    case "main":
    case "reuse":
      return { name: "web", project: "proj", stack: "dev" };
    case "nested":
      return { name: "web", project: "proj", stack: "dev", parentType: "my:Comp" };
    case "prod":
      return { name: "web", project: "proj", stack: "prod" };
  }
}

export function keyOf(slot: Slot): string {
  return slot === "nested" ? MODEL_KEYS.nested : MODEL_KEYS.dev;
}

export const REGIONS = ["ewr", "fra", "sgp"] as const;
export const IMAGES = ["ubuntu-24.04", "debian-12", "rocky-9"] as const;
export const PLANS = ["vc2-1c-1gb", "vc2-1c-2gb"] as const;
export const GROUP_NAMES = ["web", "db"] as const;

export interface GroupDecl {
  name: (typeof GROUP_NAMES)[number];
  regions: string[];
  /** Members per region. */
  counts: Record<string, number>;
  os: string;
  plan: string;
  /** The in-place variant: 0 and 1 differ in tags, 2 in the label template. */
  variant: number;
}

export interface Program {
  groups: GroupDecl[];
  maxSurge: number;
  maxUnavailable: number;
  healthCheck: boolean;
}

export function initialProgram(): Program {
  return {
    groups: [{ name: "web", regions: ["ewr"], counts: { ewr: 2 }, os: "ubuntu-24.04", plan: "vc2-1c-1gb", variant: 0 }],
    maxSurge: 1, maxUnavailable: 0, healthCheck: false,
  };
}

/** The health check every checked program uses: the simulator's health route, fast. */
export function healthCheckOf(simUrl: string): Record<string, unknown> {
  return { url: `${simUrl}/_health/{id}`, intervalSeconds: 0.05, timeoutSeconds: 0.5, deadlineSeconds: 1 };
}

/** The raw inputs of `program`, as the dynamic face hands them to `check`. */
export function rawInputs(program: Program, simUrl: string): Record<string, unknown> {
  return {
    __provider: "SHELL",
    defaults: { tags: ["fleet"] },
    groups: program.groups.map((g) => ({
      name: g.name, regions: g.regions, count: 1, counts: g.counts, os: g.os, plan: g.plan,
      tags: g.variant === 1 ? ["fleet", "v1"] : ["fleet"], ...(g.variant === 2 ? { label: "{key}-v2" } : {}),
    })),
    maxSurge: program.maxSurge,
    maxUnavailable: program.maxUnavailable,
    ...(program.healthCheck ? { healthCheck: healthCheckOf(simUrl) } : {}),
  };
}

/** The number of members `program` declares. */
export function sizeOf(program: Program | undefined): number {
  if (!program) return 0;
  return program.groups.reduce((n, g) => n + g.regions.reduce((m, r) => m + (g.counts[r] ?? 0), 0), 0);
}

export function cloneProgram(p: Program): Program {
  return JSON.parse(JSON.stringify(p)) as Program;
}
