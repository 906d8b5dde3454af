// A Fleet's cost per member as it grows (not a test), on the plugin face (or, with `--face
// dynamic`, the TypeScript `Fleet` dynamic resource): one Fleet of N members (groups of 250 per region in ewr, fra, sgp and syd, as many
// groups as N needs) against a fresh simulator process, an unlimited key and 5 s provisioning
// (`--provision-ms`), `maxSurge` 250. For `up`, a no-change `up`, an OS roll of the first group
// (its 1,000 members, in 4 batches of 250) and `destroy`: the wall time against its bound (the
// engine's own time for one no-op resource (run-config.ts's engineCost), plus the provisioning
// delay once for `up` and once a batch for the roll, plus the API's answer time), the requests,
// the plugin's CPU per member the operation acts on (all for `up`, `destroy` and the no-change
// `up`; the rolled ones for the roll), and the peak RSS and
// CPU of the plugin (on the dynamic face: the dynamic provider host the CLI starts, which runs
// our provider; the program runs inside this benchmark's process and is not counted), the CLI
// and the simulator (proc-sampler.ts); after `up`, the exported
// state's bytes per member. Prints a Markdown report and writes it to
// bench/runs/<date>-fleet-scale.md (or `--out`).
//
//   npm run bench:fleet-scale -- --members 1000,10000 [--shape A] [--provision-ms 5000] [--out FILE]
//     [--face plugin|dynamic]      which face declares the Fleet (default plugin)
//     [--plugin-executable PATH]   another build's plugin (the default: this checkout's dist)
//     [--cli-profile DIR]          the CLI's own CPU and memory profiles (its `--profiling`), one
//                                  folder a size: DIR/<members>/<subcommand>-<ns>.<pid>.cpu

import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import type { PulumiFn } from "@pulumi/pulumi/automation";
import { describeMachine } from "./machine";
import type { Shape } from "./options";
import { ProcSampler, type ProcessFigures, type Role } from "./proc-sampler";
import { createBenchStack, exportStackByFile } from "./pulumi-stack";
import { engineCost } from "./resource/run-config";
import { perMemberChart } from "./per-member-chart";
import { countRequests } from "./sim-stats";
import { BENCH_KEY, SimulatorProcess } from "./simulator-process";
import { measureState } from "./state-size";
import * as hosting from "pulumi-hosting";

const REPO_ROOT = path.resolve(__dirname, "..", "..", "..");
const REGIONS = ["ewr", "fra", "sgp", "syd"];
const PER_REGION = 250;
/** The roll's batch: maxSurge, with maxUnavailable 0 (the default). */
const MAX_SURGE = 250;

class PluginResource extends pulumi.CustomResource {
  constructor(type: string, name: string, props: pulumi.Inputs) {
    super(type, name, props);
  }
}

type Face = "plugin" | "dynamic";

/** N members as groups of PER_REGION in each region (N rounded up to a whole group); `rolled`: the first group on another image. */
function fleetProgram(groups: number, face: Face, rolled = false): PulumiFn {
  return async () => {
    const list = Array.from({ length: groups }, (_, g) => ({ name: `g${g}`, regions: REGIONS, count: PER_REGION, ...(rolled && g === 0 ? { os: "debian-12" } : {}) }));
    const args = { defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04" }, groups: list, maxSurge: MAX_SURGE };
    if (face === "dynamic") new hosting.Fleet("fleet", args);
    else new PluginResource("hosting:index:Fleet", "fleet", args);
  };
}

const OPS = ["up", "no-change up", "roll", "destroy"] as const;
type Op = (typeof OPS)[number];

interface Row {
  members: number;
  /** The members the operation acts on: the fleet's, or the rolled group's. */
  acted: number;
  op: Op;
  seconds: number;
  ok: boolean;
  bound?: number;
  requests: number;
  procs: Record<Role, ProcessFigures>;
}

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

async function runSize(requested: number, shape: Shape, provisionMs: number, face: Face, plugin: string | undefined, cliProfile: string | undefined, log: (l: string) => void): Promise<{ rows: Row[]; stateBytesPerMember?: number }> {
  const groups = Math.ceil(requested / (PER_REGION * REGIONS.length));
  const n = groups * PER_REGION * REGIONS.length;
  log(`${n} members (${groups} groups x ${REGIONS.length} regions x ${PER_REGION}), ${face} face, shape ${shape}, provisioning ${provisionMs} ms`);
  const engine = await engineCost(1, log);
  const sim = await SimulatorProcess.start(REPO_ROOT, shape, provisionMs, "unlimited");
  const config = { "hosting:apiKey": { value: BENCH_KEY, secret: true }, "hosting:baseUrl": { value: sim.url } };
  const bench = await createBenchStack(REPO_ROOT, fleetProgram(groups, face), config, {}, face === "plugin", plugin, cliProfile && path.join(cliProfile, String(n)));
  const home = bench.stack.workspace.pulumiHome!;
  const rows: Row[] = [];
  let stateBytesPerMember: number | undefined;
  const timed = async (op: Op, run: () => Promise<unknown>, bound: (answer: number) => number | undefined, acted = n): Promise<Row> => {
    await sim.freshKey();
    await sim.resetStats();
    const sampler = new ProcSampler(home, { simulator: sim.pid });
    const started = process.hrtime.bigint();
    let error: string | undefined;
    await run().catch((e) => (error = (e instanceof Error ? e.message : String(e)).split("\n")[0]));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const procs = sampler.stop();
    const stats = await sim.stats();
    const row: Row = { members: n, acted, op, seconds, ok: !error, bound: bound(stats.answerMs / 1000), requests: countRequests(stats).total, procs };
    rows.push(row);
    log(`  ${op.padEnd(12)} ${seconds.toFixed(1)} s${row.bound ? ` (bound ${row.bound.toFixed(1)} s)` : ""}, plugin ${procs.plugin.peakRssMb.toFixed(0)} MB ${procs.plugin.cpuSeconds.toFixed(1)} s CPU${error ? `  FAILED: ${error}` : ""}`);
    return row;
  };
  try {
    const up = await timed("up", () => bench.stack.up(), (answer) => engine.up + provisionMs / 1000 + answer);
    if (up.ok) {
      stateBytesPerMember = Math.round(measureState(await exportStackByFile(bench.stack)).exportedBytes / n);
      await timed("no-change up", () => bench.stack.up(), () => undefined);
      const rolled = PER_REGION * REGIONS.length;
      const batches = Math.ceil(rolled / MAX_SURGE);
      await timed("roll", () => bench.stack.up({ program: fleetProgram(groups, face, true) }), (answer) => engine.up + (batches * provisionMs) / 1000 + answer, rolled);
    }
    await timed("destroy", () => bench.stack.destroy(), (answer) => engine.destroy + answer);
  } finally {
    bench.dispose();
    await sim.close();
  }
  return { rows, stateBytesPerMember };
}

const mb = (f: ProcessFigures) => (f.processes ? `${f.peakRssMb.toFixed(0)}` : "-");
const cpu = (f: ProcessFigures) => (f.processes ? f.cpuSeconds.toFixed(1) : "-");

function report(rows: Row[], state: Record<number, number | undefined>, header: string[]): string {
  const lines = [
    ...header,
    "",
    "| members | operation | wall s | bound s | × bound | plugin peak RSS MB | plugin CPU s | plugin CPU ms/member | CLI peak RSS MB | CLI CPU s | simulator peak RSS MB | simulator CPU s | requests | state B/member |",
    "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of rows) {
    const { plugin, cli, simulator } = r.procs;
    const cells = [
      r.members.toLocaleString("en-US"),
      r.ok ? r.op : `${r.op} (failed)`,
      r.seconds.toFixed(1),
      r.bound ? r.bound.toFixed(1) : "-",
      r.bound ? (r.seconds / r.bound).toFixed(2) : "-",
      mb(plugin),
      cpu(plugin),
      plugin.processes ? ((plugin.cpuSeconds * 1000) / r.acted).toFixed(2) : "-",
      mb(cli),
      cpu(cli),
      mb(simulator),
      cpu(simulator),
      String(r.requests),
      r.op === "up" ? String(state[r.members] ?? "-") : "",
    ];
    lines.push(`| ${cells.join(" | ")} |`);
  }
  const done = [...rows].filter((r) => r.ok).sort((a, b) => OPS.indexOf(a.op) - OPS.indexOf(b.op) || a.members - b.members);
  const wall = done.map((r) => ({ op: r.op, members: r.members, value: (r.seconds * 1000) / r.acted }));
  const pluginCpu = done.filter((r) => r.procs.plugin.processes).map((r) => ({ op: r.op, members: r.members, value: (r.procs.plugin.cpuSeconds * 1000) / r.acted }));
  lines.push("", "Per member the operation acts on, by fleet size (flat bars: a cost per member that does not grow with N):", "");
  lines.push(perMemberChart("wall time per member", "ms", wall), "", perMemberChart("plugin CPU per member", "ms", pluginCpu));
  return lines.join("\n") + "\n";
}

async function main(): Promise<void> {
  const sizes = flag("members", "1000,10000").split(",").map(Number);
  const shape = flag("shape", "A") as Shape;
  const provisionMs = Number(flag("provision-ms", "5000"));
  const plugin = flag("plugin-executable", "") || undefined;
  const cliProfile = flag("cli-profile", "") || undefined;
  const face = flag("face", "plugin") as Face;
  if (face !== "plugin" && face !== "dynamic") throw new Error(`--face is "${face}"; allowed: plugin, dynamic`);
  const date = new Date().toISOString().slice(0, 10);
  const out = flag("out", path.join(REPO_ROOT, "bench", "runs", `${date}-fleet-scale.md`));
  const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
  const before = describeMachine(REPO_ROOT);
  const rows: Row[] = [];
  const state: Record<number, number | undefined> = {};
  for (const n of sizes) {
    const r = await runSize(n, shape, provisionMs, face, plugin, cliProfile, log);
    rows.push(...r.rows);
    state[r.rows[0]?.members ?? n] = r.stateBytesPerMember;
  }
  const header = [
    `# Fleet scale, ${face} face (${date})`,
    "",
    `\`npm run bench:fleet-scale -- --members ${sizes.join(",")} --face ${face} --shape ${shape} --provision-ms ${provisionMs}${plugin ? ` --plugin-executable ${plugin}` : ""}${cliProfile ? ` --cli-profile ${cliProfile}` : ""}\`: an unlimited key, ` +
      `${before.nproc} cores, ${before.memoryGiB} GiB, ${before.cpuModel}, Node ${before.node}, ${before.pulumiCli}; ` +
      `load average ${before.loadAverage.join(" ")} at the start and ${os.loadavg().map((l) => l.toFixed(2)).join(" ")} at the end (the machine is shared). ` +
      "Peak RSS is each process's high-water mark (the simulator's over its life); CPU is user + system, sampled every 250 ms.",
  ];
  const text = report(rows, state, header);
  console.log(`\n${text}`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, text);
  console.log(`written: ${path.relative(REPO_ROOT, out)}`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
