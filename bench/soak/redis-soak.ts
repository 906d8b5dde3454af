// Redis soak (not a test, not in `npm test`): K client processes share one key of a
// 240/min, burst 40 tier of the simulator through the Redis coordinator, each keeping D requests
// waiting or in flight for the whole run (redis-worker.ts). The exact proof is in virtual time
// (test/api/pacing/gcra-model.test.ts); this is the same with real processes in real time. The API's bucket is the judge:
// every grant beyond it is a 429. Prints the requests, the admitted ones against what the
// API's bucket allows in the run's time (its burst plus the rate), the 429s, and PASS when
// there were none and every process stayed coordinated. Loopback only: a throw-away Redis
// (scripts/redis.sh) and an in-process simulator.
//   npm run soak:redis -- [--processes 8] [--minutes 10] [--demand 4] [--shape A|B]

import { execFile } from "child_process";
import * as path from "path";
import { startSimulator } from "../../simulator";
import { startBenchRedis } from "../fleet/redis-process";

const LIMIT = 240;
const BURST = 40;
const KEY = "redis-soak-key-0123456789";
/** Time for the processes to load before they start together. */
const START_DELAY_MS = 5000;

interface WorkerResult {
  requests: number;
  rateLimited: number;
  retries: number;
  created: number;
  coordinated: boolean;
  lateMs: number;
  warnings: string[];
}

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

/** Runs one worker to its end: its counts, or why it failed. */
function runWorker(args: string[], timeoutMs: number): Promise<WorkerResult> {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [path.join(__dirname, "redis-worker.js"), ...args], { timeout: timeoutMs }, (err, stdout, stderr) =>
      err ? reject(new Error(`a worker failed: ${err.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
    ),
  );
}

async function main(): Promise<void> {
  const processes = Number(option("processes", "8"));
  const minutes = Number(option("minutes", "10"));
  const demand = Number(option("demand", "4"));
  const shape = option("shape", "A") as "A" | "B";
  const redis = await startBenchRedis();
  const sim = await startSimulator({ shape, seed: 20, provisionMs: 1000, transitionMs: 100, keys: [{ key: KEY, permission: "full", tier: "custom", limit: LIMIT, burst: BURST }] });
  try {
    console.log(`Redis soak: ${processes} processes × ${minutes} min, ${demand} requests each waiting or in flight, shape ${shape}, ${LIMIT}/min, burst ${BURST}`);
    // Every process starts at the same moment, a few seconds on, whenever it finished loading.
    const started = Date.now() + START_DELAY_MS;
    const args = (k: number) => [sim.url, KEY, redis.url, String(started), String(minutes * 60_000), String(demand), `s${k}-`];
    const workers = Array.from({ length: processes }, (_, k) => runWorker(args(k), START_DELAY_MS + minutes * 60_000 + 300_000));
    const progress = setInterval(() => {
      const s = sim.admin.sim.stats;
      console.log(`  ${Math.round((Date.now() - started) / 1000)} s: ${s.total} requests, ${s.rateLimited} × 429`);
    }, 60_000);
    let results: WorkerResult[];
    try {
      results = await Promise.all(workers);
    } finally {
      clearInterval(progress);
    }
    const seconds = (Date.now() - started) / 1000;
    const { total, rateLimited } = sim.admin.sim.stats;
    const admitted = total - rateLimited;
    const bound = BURST + (LIMIT / 60) * seconds;
    console.log(`  ran ${seconds.toFixed(1)} s; the API saw ${total} requests: ${admitted} admitted, ${rateLimited} × 429`);
    console.log(`  the API's bucket allows at most ${Math.floor(bound)} in that time (burst ${BURST} + ${LIMIT / 60}/s × ${seconds.toFixed(1)} s): ${((100 * admitted) / bound).toFixed(1)}% used`);
    console.log(`  per process (admitted): ${results.map((r) => r.requests - r.rateLimited).join(", ")}; servers created ${results.reduce((n, r) => n + r.created, 0)}`);
    const late = Math.max(...results.map((r) => r.lateMs));
    if (late > 0) console.log(`  the slowest process to load started ${late} ms late`);
    console.log(`  Redis ran ${await redis.commandCount()} commands (one per grant, refused attempt, marker write or poll's look at the marker)`);
    const lost = results.filter((r) => !r.coordinated).length;
    const warnings = results.flatMap((r) => r.warnings);
    if (warnings.length) console.log(`  warnings: ${warnings.join(" | ")}`);
    const pass = rateLimited === 0 && lost === 0 && admitted <= bound;
    console.log(`${pass ? "PASS" : "FAIL"}: ${rateLimited} × 429 (bound 0), ${lost} processes fell back to header pacing (bound 0)`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    await sim.close();
    await redis.stop();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.stack : String(e));
  process.exit(1);
});
