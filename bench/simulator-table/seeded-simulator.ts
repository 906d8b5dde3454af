// The simulator process of the table benchmark: starts the simulator (shape A), stores N
// servers through the create route's own handler (in process, so 100,000 take seconds, not
// minutes of HTTP), then prints `listening on <url>`. Each `cpu` line on stdin is answered
// with this process's CPU time in µs (user + system), so the benchmark reads the simulator's
// own cost, not the wall time of a shared machine; a `gc` line first collects the heap, so a
// case does not pay for the garbage of the case before it.
// Usage: node dist/bench/simulator-table/seeded-simulator.js <servers>
import * as readline from "readline";
import { startSimulator } from "../../simulator/index";
import { buildApiRouter } from "../../simulator/server";
import { SEED_KEY, seedBody } from "./seeding";

async function main(): Promise<void> {
  const count = Number(process.argv[2]);
  if (!Number.isInteger(count) || count < 0) throw new Error(`usage: seeded-simulator <servers>, got ${process.argv[2]}`);
  const handle = await startSimulator({
    shape: "A",
    seed: 1,
    provisionMs: 3_600_000,
    keys: [
      { key: SEED_KEY, permission: "full", tier: "enterprise" },
      { key: `${SEED_KEY}-bucket`, permission: "full", tier: "custom", limit: 6e9, burst: 1e9 },
    ],
  });
  const create = buildApiRouter(handle.admin.sim).match("POST", "/v1/servers")!.route.handler;
  for (let i = 0; i < count; i++) {
    const reply = create({ method: "POST", path: "/v1/servers", query: new URLSearchParams(), params: {}, headers: {},
      body: seedBody(i, count), key: null, baseUrl: handle.url, requestId: `seed_${i}` });
    if (reply.status !== 202) throw new Error(`seeding server ${i} answered ${reply.status}: ${reply.raw ?? ""}`);
  }
  // Seeding leaves a heap full of garbage; collect it now (the benchmark starts this process with
  // --expose-gc) so the first measured case does not pay for the seeding.
  (globalThis as { gc?: () => void }).gc?.();
  console.log(`listening on ${handle.url}`);
  const lines = readline.createInterface({ input: process.stdin });
  lines.on("line", (line) => {
    if (line.trim() === "gc") (globalThis as { gc?: () => void }).gc?.();
    const { user, system } = process.cpuUsage();
    console.log(JSON.stringify({ cpuUs: user + system }));
  });
  lines.on("close", () => void handle.close().then(() => process.exit(0)));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
