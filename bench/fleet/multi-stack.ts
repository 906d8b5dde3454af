// Many stacks, one key: K stacks of M servers each run `up` at the same time
// against one simulator with one key on the default tier, each in its own CLI and provider
// process (sharing nothing but the API and the machine's catalogue cache), against one stack
// of K·M. With cooperation off (HOSTING_RATE_LIMIT_COOPERATION=off) each provider paces as
// if alone: the "before"; "on" is the header-driven cooperation; "redis" gives every provider
// the opt-in coordinator (HOSTING_RATE_LIMIT_REDIS) on a Redis started for the run.

import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { BenchOptions, Pacing, Shape } from "./options";
import { noopStacksSeconds } from "./noop-stacks";
import { startBenchRedis } from "./redis-process";
import { fleetProgram } from "./programs";
import { createBenchStack, type BenchStack } from "./pulumi-stack";
import { countRequests, type RequestCount } from "./sim-stats";
import { BENCH_KEY, SimulatorProcess } from "./simulator-process";
import { sampleTimeline, type Sample } from "./timeline";
import { SETTINGS } from "../../provider/core/settings/declaration";

export interface MultiStackResult {
  shape: Shape;
  k: number;
  m: number;
  cooperate: boolean;
  /** Absent in results written before the Redis variant: then "on" or "off" from `cooperate`. */
  pacing?: Pacing;
  /** Wall time until the last stack's `up` ended. */
  seconds: number;
  perStackSeconds: number[];
  ok: boolean;
  error?: string;
  requests: RequestCount;
  /** Servers the simulator holds after the run (must be K·M: every server exists once). */
  servers: number;
  /** Redis variant: commands Redis ran (a handful would mean no provider used it). */
  redisCommands?: number;
  /** The same K stacks with no-op resources, run just before (noop-stacks.ts); absent in older results. */
  engineSeconds?: number;
  timeline: Sample[];
}

/** The pacing of a result, also of results written before the Redis variant. */
export function pacingOf(r: MultiStackResult): Pacing {
  return r.pacing ?? (r.cooperate ? "on" : "off");
}

export async function runMultiStack(repoRoot: string, opts: BenchOptions, shape: Shape, k: number, m: number, pacing: Pacing, log: (line: string) => void): Promise<MultiStackResult> {
  const cooperate = pacing !== "off";
  const engineSeconds = await noopStacksSeconds(repoRoot, k, m);
  log(`  ${k} × ${m} no-op resources (the engines alone): ${engineSeconds.toFixed(1)} s`);
  const sim = await SimulatorProcess.start(repoRoot, shape, opts.provisionMs);
  const redis = pacing === "redis" ? await startBenchRedis() : undefined;
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-bench-catalogue-"));
  const config = { "hosting:apiKey": { value: BENCH_KEY, secret: true }, "hosting:baseUrl": { value: sim.url } };
  const env: Record<string, string> = {
    [SETTINGS.rateLimitCooperation.env]: cooperate ? "on" : "off",
    [SETTINGS.catalogueCacheDir.env]: cacheDir,
  };
  if (redis) env[SETTINGS.rateLimitRedis.env] = redis.url;
  const stacks: BenchStack[] = [];
  try {
    for (let i = 0; i < k; i++) stacks.push(await createBenchStack(repoRoot, fleetProgram("ours", m, `s${i}-`), config, env));
    await sim.freshKey();
    await sim.resetStats();
    const timeline = sampleTimeline(sim);
    const started = Date.now();
    const errors: string[] = [];
    const perStackSeconds = await Promise.all(
      stacks.map(async (s, i) => {
        try {
          await s.stack.up({ parallel: m, onOutput: () => undefined });
        } catch (e) {
          errors.push(`stack ${i}: ${(e instanceof Error ? e.message : String(e)).split("\n")[0]}`);
        }
        return (Date.now() - started) / 1000;
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const samples = await timeline.stop();
    const requests = countRequests(await sim.stats());
    const servers = await sim.liveServers();
    const result: MultiStackResult = { shape, k, m, cooperate, pacing, seconds, perStackSeconds, ok: errors.length === 0, requests, servers, timeline: samples, engineSeconds };
    if (errors.length) result.error = errors.join("; ");
    if (redis) result.redisCommands = await redis.commandCount();
    log(`  ${k} × ${m} cooperation ${pacing}: ${seconds.toFixed(1)} s, ${requests.total} requests, ${requests.rateLimited} × 429, ${servers} servers${redis ? `, ${result.redisCommands} Redis commands` : ""}${result.ok ? "" : ` FAILED: ${result.error}`}`);
    return result;
  } finally {
    for (const s of stacks) s.dispose();
    fs.rmSync(cacheDir, { recursive: true, force: true });
    await sim.close();
    await redis?.stop();
  }
}
