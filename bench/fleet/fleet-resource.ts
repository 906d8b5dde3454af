// One Fleet beside per-server resources (issue 29), for one shape and size N, each on a fresh
// simulator process with the key on the default tier (60/min, burst 100):
//   servers  N `hosting.Server`: up, destroy
//   fleet    one `hosting.Fleet` of N members (one group in ewr): up, preview, refresh, a rolling
//            OS change with maxSurge S, destroy
// Printed per operation: wall time, the API's requests and 429s, and the API's own time for it
// (lower-bound.ts: provisioning plus the rate limit's time for one POST or DELETE per server; for
// the roll, ceil(N / S) batches × provisioning plus the rate time of its N POSTs and N DELETEs).
// Also the state's bytes per member. The engine's own cost is not subtracted here: `npm run
// bench` measures it (mode bound).
//   node dist/bench/fleet/fleet-resource.js --n 20 --provision-ms 2000 --shape A --surge 5

import * as path from "path";
import type { PulumiFn } from "@pulumi/pulumi/automation";
import * as hosting from "pulumi-hosting";
import { apiSeconds, rateSeconds, type Op } from "./lower-bound";
import type { Shape } from "./options";
import { createBenchStack } from "./pulumi-stack";
import { countRequests, describeRoutes } from "./sim-stats";
import { BENCH_KEY, SimulatorProcess } from "./simulator-process";
import { measureState } from "./state-size";

const REPO_ROOT = path.resolve(__dirname, "..", "..", "..");

interface Args {
  n: number;
  provisionMs: number;
  shape: Shape;
  surge: number;
}

function parseArgs(argv: string[]): Args {
  const flag = (name: string, fallback: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
  };
  const args = { n: Number(flag("n", "20")), provisionMs: Number(flag("provision-ms", "2000")), shape: flag("shape", "A") as Shape, surge: Number(flag("surge", "5")) };
  if (!(args.n > 0 && args.provisionMs >= 0 && args.surge > 0) || !["A", "B"].includes(args.shape)) {
    throw new Error("usage: fleet-resource.js [--n 20] [--provision-ms 2000] [--shape A|B] [--surge 5]");
  }
  return args;
}

const serversProgram = (n: number): PulumiFn => async () => {
  for (let i = 0; i < n; i++) new hosting.Server(`srv-${i}`, { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: `srv-${i}` });
};

const fleetProgram = (n: number, surge: number, os: () => string): PulumiFn => async () => {
  const fleet = new hosting.Fleet("fleet", { maxSurge: surge, defaults: { plan: "vc2-1c-1gb", os: os() }, groups: [{ name: "srv", regions: ["ewr"], count: n }] });
  return { members: fleet.members };
};

async function run(args: Args): Promise<void> {
  const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
  log(`Fleet beside Servers: N=${args.n} shape=${args.shape} provisioning=${args.provisionMs} ms maxSurge=${args.surge}`);
  let os = "ubuntu-24.04";
  for (const kind of ["servers", "fleet"] as const) {
    const sim = await SimulatorProcess.start(REPO_ROOT, args.shape, args.provisionMs);
    const program = kind === "servers" ? serversProgram(args.n) : fleetProgram(args.n, args.surge, () => os);
    const bench = await createBenchStack(REPO_ROOT, program, { "hosting:apiKey": { value: BENCH_KEY, secret: true }, "hosting:baseUrl": { value: sim.url } }, {});
    const timed = async (op: string, bound: number, fn: () => Promise<unknown>) => {
      await sim.freshKey();
      await sim.resetStats();
      const started = process.hrtime.bigint();
      let error = "";
      await fn().catch((e) => (error = e instanceof Error ? e.message.split("\n")[0] : String(e)));
      const s = Number(process.hrtime.bigint() - started) / 1e9;
      const req = countRequests(await sim.stats());
      log(`  ${kind.padEnd(7)} ${op.padEnd(8)} ${s.toFixed(1).padStart(6)} s  ${bound > 0 ? `(API's own time ${bound.toFixed(1)} s, ratio ${(s / bound).toFixed(2)})` : "(no API time)"}  ` +
        `${req.total} requests, ${req.rateLimited} x 429 (${describeRoutes(req)})${error ? `  FAILED: ${error}` : ""}`);
    };
    const api = (op: Op) => apiSeconds(op, args.n, args.provisionMs);
    try {
      await timed("up", api("up"), () => bench.stack.up({ parallel: args.n }));
      const state = measureState(await bench.stack.exportStack());
      const members = kind === "fleet" ? args.n : state.servers;
      log(`  ${kind.padEnd(7)} state    ${state.exportedBytes} bytes exported, ${Math.round(state.exportedBytes / members)} bytes per server`);
      if (kind === "fleet") {
        await timed("preview", 0, () => bench.stack.preview({ parallel: args.n }));
        await timed("refresh", 0, () => bench.stack.refresh({ parallel: args.n }));
        os = "debian-12";
        const batches = Math.ceil(args.n / args.surge);
        const rollBound = (batches * args.provisionMs) / 1000 + rateSeconds(2 * args.n);
        await timed(`roll/${args.surge}`, rollBound, () => bench.stack.up({ parallel: args.n }));
      }
      await timed("destroy", api("destroy"), () => bench.stack.destroy({ parallel: args.n }));
    } finally {
      bench.dispose();
      await sim.close();
    }
  }
}

run(parseArgs(process.argv.slice(2))).catch((e) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
