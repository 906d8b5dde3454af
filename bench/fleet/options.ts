// The benchmark's options: flags first, then environment variables, then the defaults
// (N = 100 and 500, both shapes, 20 s provisioning, every mode).

/** `plugin`: the same fleet on the plugin face (provider/plugin), for its time and state size. */
export type Mode = "ours" | "naive" | "bound" | "plugin";
export type Shape = "A" | "B";
/** How the stacks of a many-stacks run share the key: each alone, from the headers, or through Redis. */
export type Pacing = "off" | "on" | "redis";
export const PACINGS: readonly Pacing[] = ["off", "on", "redis"];
export const MODES: readonly Mode[] = ["bound", "ours", "plugin", "naive"];

export const OWNER_TAG_MODES = ["default", "declared", "off"] as const;
export type OwnerTagMode = (typeof OWNER_TAG_MODES)[number];

export interface BenchOptions {
  /** Fleet sizes. @default [100, 500] (--n, BENCH_N) */
  sizes: number[];
  /** Response shapes. @default ["A", "B"] (--shapes, BENCH_SHAPES) */
  shapes: Shape[];
  /** Simulator provisioning delay in ms. @default 20000 (--provision-ms, BENCH_PROVISION_MS) */
  provisionMs: number;
  /** Modes to run. @default bound, ours, plugin, naive (--modes, BENCH_MODES) */
  modes: Mode[];
  /** Fleet sizes the naive mode runs at. @default every size (--naive-n, BENCH_NAIVE_N) */
  naiveSizes: number[];
  /** Engine parallelism: "n" = the fleet size, "cli" = the CLI's default, or a number. @default "n" (--parallel, BENCH_PARALLEL) */
  parallel: "n" | "cli" | number;
  /** Where the JSON results go. @default bench/results (--out, BENCH_OUT) */
  outDir: string;
  /** Which scenarios run. @default ["single", "multi"] (--scenarios, BENCH_SCENARIOS) */
  scenarios: Array<"single" | "multi">;
  /** Many stacks, one key: K stacks of M servers, each against one stack of K·M. @default 4x40, 8x20 (--fleets, BENCH_FLEETS) */
  fleets: Array<{ k: number; m: number }>;
  /**
   * Pacing of the multi-stack runs: off = each process alone (the "before"), on = header-driven
   * cooperation, redis = the opt-in Redis coordinator (scripts/redis.sh starts a server per run).
   * @default ["off", "on", "redis"] (--cooperation off,on,redis, BENCH_COOPERATION)
   */
  cooperation: Pacing[];
  /**
   * The servers' ownership tag: "default" (none declared, as users get it: the stack's tag in
   * shape A, in the POST; none in shape B), "declared" (the stack's tag declared, the opt-in
   * that costs shape B one PATCH per create) or "off" (`ownerTag: ""`: no tag in either shape).
   * @default "default" (--owner-tag default|declared|off, BENCH_OWNER_TAG)
   */
  ownerTag: OwnerTagMode;
  /**
   * The plugin mode's plugin: unset = this checkout's Node script (dist/provider/plugin/main.js);
   * a path = that executable, e.g. the release's standalone one (scripts/release/).
   * @default unset (--plugin-executable, BENCH_PLUGIN_EXECUTABLE)
   */
  pluginExecutable?: string;
}

/** The default tier the key is created on (docs/contract.md, "Rate limit"). */
export const TIER = { name: "default", limitPerMinute: 60, burst: 100 } as const;

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv, repoRoot: string): BenchOptions {
  const flag = (name: string, envName: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    if (i >= 0) {
      const v = argv[i + 1];
      if (v === undefined || v.startsWith("--")) throw new Error(`--${name} needs a value`);
      return v;
    }
    return env[envName] || undefined;
  };
  const list = (v: string) => v.split(",").map((s) => s.trim()).filter(Boolean);
  const ints = (name: string, v: string) =>
    list(v).map((s) => {
      const n = Number(s);
      if (!Number.isInteger(n) || n < 1) throw new Error(`--${name}: "${s}" is not a positive integer`);
      return n;
    });

  const sizes = ints("n", flag("n", "BENCH_N") ?? "100,500");
  const shapes = list(flag("shapes", "BENCH_SHAPES") ?? "A,B").map((s) => s.toUpperCase());
  for (const s of shapes) if (s !== "A" && s !== "B") throw new Error(`--shapes: "${s}" is not A or B`);
  const modes = list(flag("modes", "BENCH_MODES") ?? MODES.join(","));
  for (const m of modes) if (!(MODES as readonly string[]).includes(m)) throw new Error(`--modes: "${m}" is not one of ${MODES.join(", ")}`);
  const provisionMs = Number(flag("provision-ms", "BENCH_PROVISION_MS") ?? 20000);
  if (!Number.isFinite(provisionMs) || provisionMs < 0) throw new Error("--provision-ms must be a number of milliseconds >= 0");
  const naiveRaw = flag("naive-n", "BENCH_NAIVE_N");
  const parallelRaw = flag("parallel", "BENCH_PARALLEL") ?? "n";
  let parallel: BenchOptions["parallel"];
  if (parallelRaw === "n" || parallelRaw === "cli") parallel = parallelRaw;
  else {
    parallel = Number(parallelRaw);
    if (!Number.isInteger(parallel) || parallel < 1) throw new Error(`--parallel: "${parallelRaw}" is not n, cli or a positive integer`);
  }
  return {
    sizes,
    shapes: shapes as Shape[],
    provisionMs,
    modes: MODES.filter((m) => modes.includes(m)),
    naiveSizes: naiveRaw ? ints("naive-n", naiveRaw) : sizes,
    parallel,
    outDir: flag("out", "BENCH_OUT") ?? `${repoRoot}/bench/results`,
    ownerTag: parseOwnerTag(flag("owner-tag", "BENCH_OWNER_TAG") ?? "default"),
    pluginExecutable: flag("plugin-executable", "BENCH_PLUGIN_EXECUTABLE"),
    scenarios: parseScenarios(list(flag("scenarios", "BENCH_SCENARIOS") ?? "single,multi")),
    fleets: list(flag("fleets", "BENCH_FLEETS") ?? "4x40,8x20").map(parseFleet),
    cooperation: list(flag("cooperation", "BENCH_COOPERATION") ?? PACINGS.join(",")).map((c) => {
      if (!(PACINGS as readonly string[]).includes(c)) throw new Error(`--cooperation: "${c}" is not one of ${PACINGS.join(", ")}`);
      return c as Pacing;
    }),
  };
}

/** The engine parallelism for a fleet of n, or undefined for the CLI's default. */
export function parallelFor(opts: BenchOptions, n: number): number | undefined {
  return opts.parallel === "n" ? n : opts.parallel === "cli" ? undefined : opts.parallel;
}

function parseOwnerTag(v: string): OwnerTagMode {
  if (!(OWNER_TAG_MODES as readonly string[]).includes(v)) throw new Error(`--owner-tag: "${v}" is not one of ${OWNER_TAG_MODES.join(", ")}`);
  return v as OwnerTagMode;
}

function parseScenarios(names: string[]): Array<"single" | "multi"> {
  for (const n of names) if (n !== "single" && n !== "multi") throw new Error(`--scenarios: "${n}" is not single or multi`);
  return names as Array<"single" | "multi">;
}

function parseFleet(text: string): { k: number; m: number } {
  const m = /^(\d+)x(\d+)$/.exec(text);
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) throw new Error(`--fleets: "${text}" is not KxM (e.g. 4x40)`);
  return { k: Number(m[1]), m: Number(m[2]) };
}
