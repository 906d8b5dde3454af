// API client benchmark (not a test): how many HTTP requests the client makes per listed
// server and per created server, counted both by the client (stats()) and by the simulator
// (/_sim/stats), without faults and under injected faults. Loopback only, in-process
// simulator, a few seconds. Run: node dist/bench/client-bench.js [--shape A|B]

import { createClient, type HostingClient } from "../provider/api";
import { startSimulator } from "../simulator";

const FLEET = 1_000;
const CREATES = 50;
const KEY = "bench-client-key";
const FAST = "bench-seed-key";

interface SimStats {
  total: number;
  rateLimited: number;
  byRoute: Record<string, number>;
}

type Row = Record<string, unknown>;

/** A simulator of one shape with an unlimited seeding key, its admin API and fresh client keys. */
async function benchSimulator(shape: "A" | "B") {
  const sim = await startSimulator({ shape, seed: 7, provisionMs: 100, transitionMs: 50, keys: [{ key: FAST, permission: "full", tier: "enterprise" }] });
  const admin = async (method: string, path: string, body?: unknown): Promise<any> => {
    const res = await fetch(`${sim.url}/_sim${path}`, {
      method,
      headers: { "Content-Type": "application/json" }, // the admin API takes JSON only (admin-guard.ts)
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return text ? JSON.parse(text) : undefined;
  };
  // Each case gets a fresh default-tier key, so it starts with a full bucket of 100.
  let keys = 0;
  const freshKey = async (): Promise<string> => {
    const key = `${KEY}-${++keys}`;
    await admin("POST", "/keys", { key, permission: "full", tier: "default" });
    return key;
  };
  const client = (apiKey: string, paging: "cursor" | "page" = "cursor"): HostingClient =>
    createClient({ baseUrl: sim.url, apiKey, paging, minRetryDelayMs: 10, maxRetryDelayMs: 200 });
  return { sim, admin, freshKey, client };
}

type Bench = Awaited<ReturnType<typeof benchSimulator>>;

/** Lists the seeded fleet with each kind of paging. */
async function listCases(b: Bench, shape: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const paging of ["cursor", "page"] as const) {
    await b.admin("POST", "/stats/reset");
    const lister = b.client(await b.freshKey(), paging);
    const t0 = Date.now();
    const listed = await lister.listAllServers();
    rows.push(row(shape, `list ${FLEET} servers (${paging}, per_page=500)`, listed.length, lister, await b.admin("GET", "/stats"), Date.now() - t0));
  }
  return rows;
}

/** Creates CREATES servers without faults, then with faults on POST /v1/servers. */
async function createCases(b: Bench, shape: string, osSlug: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const faults of [false, true]) {
    await b.admin("POST", "/stats/reset");
    await b.admin("PUT", "/faults", {
      rules: faults ? [{ route: "POST /v1/servers", errorRate: 0.1, resetRate: 0.05, lostAnswerRate: 0.1 }] : [],
    });
    const creator = b.client(await b.freshKey());
    const t0 = Date.now();
    await Promise.all(
      Array.from({ length: CREATES }, (_, i) => creator.createServer({ region: "fra", plan: "vc2-1c-1gb", os: osSlug, label: `new-${i}` })),
    );
    const label = faults ? `create ${CREATES} servers (~23% of POSTs faulted)` : `create ${CREATES} servers`;
    rows.push(row(shape, label, CREATES, creator, await b.admin("GET", "/stats"), Date.now() - t0));
  }
  await b.admin("PUT", "/faults", { rules: [] });
  return rows;
}

async function benchShape(shape: "A" | "B"): Promise<Row[]> {
  const b = await benchSimulator(shape);
  try {
    // Seed the fleet behind the measured client's back.
    const seeder = b.client(FAST);
    const os = (await seeder.listOsImages())[0]!;
    await Promise.all(
      Array.from({ length: FLEET }, (_, i) => seeder.createServer({ region: "ewr", plan: "vc2-1c-1gb", osId: os.id, label: `fleet-${i}` })),
    );
    return [...(await listCases(b, shape)), ...(await createCases(b, shape, os.slug))];
  } finally {
    await b.sim.close();
  }
}

async function main(): Promise<void> {
  const shapeArg = process.argv.indexOf("--shape");
  const shapes = shapeArg > 0 ? [process.argv[shapeArg + 1] as "A" | "B"] : (["A", "B"] as const);
  const rows: Row[] = [];
  for (const shape of shapes) rows.push(...(await benchShape(shape)));
  for (const r of rows) {
    console.log(
      `shape ${r.shape}  ${String(r.case).padEnd(46)} ${String(r.perItem).padStart(6)} requests/item  ` +
        `(client ${r.clientRequests}, simulator ${r.simRequests}, retries ${r.retries}, 429s ${r.rateLimited}, ${r.ms} ms)`,
    );
  }
  console.log(JSON.stringify(rows));
}

function row(shape: string, name: string, items: number, c: HostingClient, sim: SimStats, ms: number): Record<string, unknown> {
  const s = c.stats();
  return {
    shape,
    case: name,
    items,
    perItem: Number((s.requests / items).toFixed(3)),
    clientRequests: s.requests,
    simRequests: sim.total,
    retries: s.retries,
    rateLimited: sim.rateLimited,
    byRoute: s.byRoute,
    ms,
  };
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
