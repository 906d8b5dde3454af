// The soak (not a test): real client processes (worker.ts) on one key of a real simulator, in
// real time, each figure printed against its stated bound with PASS or FAIL. What it measures
// depends on how busy the machine is, so it lives here and not in `npm test`; the same sharing
// and crash behaviour is proven exactly, in virtual time, by test/api/sharing-model.test.ts.
//
//   npm run soak [-- --shape A|B] [--only shared-key|crash]
//
// - shared-key: 3 processes × 20 creates on a 600/min, burst 20 key, together (header
//   cooperation) and each pacing alone; bound: at most 15% 429s with cooperation.
// - crash: 3 processes × 40 creates on a 240/min, burst 40 key, one killed (SIGKILL) 3 s in;
//   the survivors' admitted requests per second from 2 to 7 s after the crash, bound 0.85 of
//   the key's 4/s; 429s after the crash at most ⌈10%⌉ of the requests (header cooperation) or
//   ⌈1%⌉ (Redis coordinator; a bound of the API's, not one taken from the coordinator's own plan).
// Exit status 1 when any figure fails its bound.
import { startSimulator, type KeySpec } from "../../simulator";
import { startBenchRedis, type BenchRedis } from "../fleet/redis-process";
import { runTogether, startWorker } from "./workers";

type Shape = "A" | "B";

interface Figure {
  case: string;
  figure: string;
  value: number;
  bound: string;
  pass: boolean;
}

const figures: Figure[] = [];

function report(c: string, figure: string, value: number, bound: string, pass: boolean): void {
  figures.push({ case: c, figure, value, bound, pass });
  console.log(`  ${pass ? "PASS" : "FAIL"}  ${c}: ${figure} = ${Number.isInteger(value) ? value : value.toFixed(2)} (bound ${bound})`);
}

/** A simulator of one shape on a free loopback port, watched through its admin API. */
async function simulator(shape: Shape) {
  const handle = await startSimulator({ port: 0, shape, seed: 42, provisionMs: 200, transitionMs: 50, keys: [] });
  const admin = async (method: string, path: string, body?: unknown): Promise<any> => {
    const res = await fetch(`${handle.url}/_sim${path}`, {
      method,
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return text ? JSON.parse(text) : undefined;
  };
  return {
    url: handle.url,
    close: () => handle.close(),
    addKey: (spec: KeySpec) => admin("POST", "/keys", spec),
    stats: async (): Promise<{ total: number; rateLimited: number }> => admin("GET", "/stats"),
    liveLabels: async (): Promise<string[]> => ((await admin("GET", "/servers")).servers as any[]).filter((s) => !s.deleted_at).map((s) => s.label),
    reset: () => admin("POST", "/reset"),
  };
}

type Sim = Awaited<ReturnType<typeof simulator>>;

function labels(prefix: string, k: number[], m: number): string[] {
  return k.flatMap((p) => Array.from({ length: m }, (_, i) => `${prefix}${p}-${i}`)).sort();
}

async function sharedKey(sim: Sim, shape: Shape): Promise<void> {
  const K = 3;
  const M = 20;
  const tier = { tier: "custom" as const, limit: 600, burst: 20 };
  const run = async (key: string, cooperate: boolean) => {
    await sim.addKey({ key, permission: "full", ...tier });
    await runTogether(Array.from({ length: K }, (_, k) => startWorker(sim.url, key, `p${k}-`, M, cooperate)));
    const stats = await sim.stats();
    const created = (await sim.liveLabels()).sort();
    await sim.reset();
    return { stats, created };
  };
  const together = await run(`soak-shared-on-${shape}-key-0123456`, true);
  const alone = await run(`soak-shared-off-${shape}-key-0123456`, false);
  const c = `shared-key ${K} × ${M}, shape ${shape}`;
  report(c, "servers created once (cooperating)", together.created.length, `${K * M}, each once`, JSON.stringify(together.created) === JSON.stringify(labels("p", [0, 1, 2], M)));
  const share = (100 * together.stats.rateLimited) / together.stats.total;
  report(c, `% 429s with cooperation (${together.stats.rateLimited} of ${together.stats.total})`, share, "≤ 15%", together.stats.rateLimited <= Math.ceil(0.15 * together.stats.total));
  report(c, `429s pacing alone (${alone.stats.total} requests), for comparison`, alone.stats.rateLimited, "> 2 × cooperating + 5", alone.stats.rateLimited > 2 * together.stats.rateLimited + 5);
}

async function crash(sim: Sim, shape: Shape, pacing: "headers" | "redis", redis: BenchRedis | undefined): Promise<void> {
  const K = 3;
  const M = 40;
  const perSecond = 4;
  const key = `soak-crash-${pacing}-${shape}-key-0123456789`;
  await sim.addKey({ key, permission: "full", tier: "custom", limit: perSecond * 60, burst: 40 });
  const workers = Array.from({ length: K }, (_, k) => startWorker(sim.url, key, `c${k}-`, M, true, pacing === "redis" ? redis!.url : undefined));
  await Promise.all(workers.map((w) => w.ready));
  const samples: Array<{ at: number; total: number; rateLimited: number }> = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const s = await sim.stats();
      samples.push({ at: Date.now(), total: s.total, rateLimited: s.rateLimited });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  for (const w of workers) w.go();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  workers[0]!.kill();
  const killedAt = Date.now();
  await workers[0]!.done.catch(() => undefined);
  await Promise.all(workers.slice(1).map((w) => w.done));
  const survivorsDone = Date.now();
  sampling = false;
  await sampler;
  const at = (t: number) => samples.reduce((best, s) => (Math.abs(s.at - t) < Math.abs(best.at - t) ? s : best));
  const from = at(killedAt + 2000);
  const to = at(Math.min(killedAt + 7000, survivorsDone - 500));
  const rate = ((to.total - to.rateLimited - (from.total - from.rateLimited)) * 1000) / Math.max(1, to.at - from.at);
  const before = at(killedAt);
  const last = samples[samples.length - 1]!;
  const c = `crash ${K} × ${M}, ${pacing}, shape ${shape}`;
  const survivors = (await sim.liveLabels()).filter((l) => !l.startsWith("c0-")).sort();
  report(c, "survivors' servers created once", survivors.length, `${2 * M}, each once`, JSON.stringify(survivors) === JSON.stringify(labels("c", [1, 2], M)));
  report(c, `admitted requests/s from 2 to ${((to.at - killedAt) / 1000).toFixed(1)} s after the crash`, rate, `≥ ${0.85 * perSecond}`, rate >= 0.85 * perSecond && to.at - from.at >= 3000);
  const after = last.rateLimited - before.rateLimited;
  const requestsAfter = last.total - before.total;
  const share = pacing === "redis" ? 0.01 : 0.1;
  report(c, `429s after the crash (of ${requestsAfter} requests)`, after, `≤ ⌈${share * 100}%⌉ = ${Math.ceil(share * requestsAfter)}`, after <= Math.ceil(share * requestsAfter));
  const warnings = workers.slice(1).map((w) => w.stderr().trim()).filter(Boolean);
  if (warnings.length) console.log(`        the survivors warned: ${warnings.join(" | ")}`);
  await sim.reset();
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const shapes = (opt("--shape") ? [opt("--shape")] : ["A", "B"]) as Shape[];
  const only = opt("--only");
  const redis = only === "shared-key" ? undefined : await startBenchRedis();
  try {
    for (const shape of shapes) {
      const sim = await simulator(shape);
      try {
        if (!only || only === "shared-key") await sharedKey(sim, shape);
        if (!only || only === "crash") for (const pacing of ["headers", "redis"] as const) await crash(sim, shape, pacing, redis);
      } finally {
        await sim.close();
      }
    }
  } finally {
    await redis?.stop();
  }
  const failed = figures.filter((f) => !f.pass);
  console.log(`soak: ${figures.length - failed.length} of ${figures.length} figures within their bounds${failed.length ? `; FAIL: ${failed.map((f) => `${f.case}: ${f.figure}`).join("; ")}` : ""}`);
  process.exitCode = failed.length ? 1 : 0;
}

main().catch((e) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(2);
});
