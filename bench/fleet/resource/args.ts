// The flags of the Fleet benchmark. One configuration per flag set; `--suite targets`
// runs its two configurations on each face (or the one `--face` names) in one process,
// so every figure comes from one run:
//   N = 100 on the default tier, maxSurge 10: Servers beside a Fleet, the Fleet's rolling OS change,
//     then the same change back gated by a health check
//   N = 1,000 on an unlimited key: Servers beside a Fleet, up and destroy

import type { Shape } from "../options";
import type { KeyTier } from "../simulator-process";

export type Kind = "servers" | "fleet";
/** dynamic: `hosting.Server` and `hosting.Fleet` of the npm package; plugin: `hosting:index:*` through this checkout's plugin. */
export type Face = "dynamic" | "plugin";
/** health-roll: after the roll, the OS rolled back with a health check that passes 10 s after active (the simulator's health route). */
export type FleetOp = "up" | "preview" | "refresh" | "roll" | "health-roll" | "destroy";
export const FLEET_OPS: readonly FleetOp[] = ["up", "preview", "refresh", "roll", "health-roll", "destroy"];

export interface FleetBenchConfig {
  n: number;
  provisionMs: number;
  shape: Shape;
  surge: number;
  tier: KeyTier;
  face: Face;
  kinds: Kind[];
  /** The Fleet's operations; the Servers run up and destroy. */
  ops: FleetOp[];
}

export const USAGE = `usage: fleet-resource.js [--suite targets] | [--n 20] [--provision-ms 2000] [--shape A|B] [--surge 5]
       [--tier default|unlimited] [--face dynamic|plugin] [--kinds servers,fleet] [--ops ${FLEET_OPS.join(",")}] [--out bench/results]`;

/** The two configurations of `--suite targets`: 100 members on the default tier and 1,000 on an unlimited key, 5 s provisioning. */
export function targetSuite(shape: Shape, face: Face): FleetBenchConfig[] {
  return [
    { n: 100, provisionMs: 5000, shape, surge: 10, tier: "default", face, kinds: ["servers", "fleet"], ops: [...FLEET_OPS] },
    { n: 1000, provisionMs: 5000, shape, surge: 10, tier: "unlimited", face, kinds: ["servers", "fleet"], ops: ["up", "destroy"] },
  ];
}

export function parseFleetBenchArgs(argv: string[]): { configs: FleetBenchConfig[]; outDir?: string } {
  const flag = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    if (i < 0) return undefined;
    if (argv[i + 1] === undefined) throw new Error(`--${name} needs a value\n${USAGE}`);
    return argv[i + 1];
  };
  const list = <T extends string>(name: string, allowed: readonly T[], fallback: T[]): T[] => {
    const raw = flag(name);
    if (raw === undefined) return fallback;
    const items = raw.split(",").map((s) => s.trim()).filter(Boolean);
    const bad = items.filter((s) => !allowed.includes(s as T));
    if (items.length === 0 || bad.length > 0) throw new Error(`--${name}: expected some of ${allowed.join(", ")}, got "${raw}"\n${USAGE}`);
    return items as T[];
  };
  const shape = (flag("shape") ?? "A") as Shape;
  if (!["A", "B"].includes(shape)) throw new Error(`--shape: expected A or B, got "${shape}"\n${USAGE}`);
  const outDir = flag("out");
  const faceFlag = flag("face");
  if (faceFlag !== undefined && !["dynamic", "plugin"].includes(faceFlag)) throw new Error(`--face: expected dynamic or plugin, got "${faceFlag}"\n${USAGE}`);
  const face = (faceFlag ?? "dynamic") as Face;
  const suite = flag("suite");
  if (suite !== undefined) {
    if (suite !== "targets") throw new Error(`--suite: expected targets, got "${suite}"\n${USAGE}`);
    const faces: Face[] = faceFlag === undefined ? ["dynamic", "plugin"] : [face];
    return { configs: faces.flatMap((f) => targetSuite(shape, f)), outDir };
  }
  const num = (name: string, fallback: number, ok: (v: number) => boolean, what: string): number => {
    const raw = flag(name);
    const v = raw === undefined ? fallback : Number(raw);
    if (!Number.isFinite(v) || !ok(v)) throw new Error(`--${name}: expected ${what}, got "${raw}"\n${USAGE}`);
    return v;
  };
  const tier = (flag("tier") ?? "default") as KeyTier;
  if (!["default", "unlimited"].includes(tier)) throw new Error(`--tier: expected default or unlimited, got "${tier}"\n${USAGE}`);
  const config: FleetBenchConfig = {
    n: num("n", 20, (v) => Number.isInteger(v) && v > 0, "a whole number above 0"),
    provisionMs: num("provision-ms", 2000, (v) => v >= 0, "milliseconds, 0 or more"),
    shape,
    surge: num("surge", 5, (v) => Number.isInteger(v) && v > 0, "a whole number above 0"),
    tier,
    face,
    kinds: list("kinds", ["servers", "fleet"] as const, ["servers", "fleet"]),
    ops: list("ops", FLEET_OPS, [...FLEET_OPS]),
  };
  return { configs: [config], outDir };
}
