// The measured requests of the table benchmark, and how one is measured: a full GC of the
// simulator (the garbage of the case before is not this case's cost), warm-up, then ROUNDS
// rounds of up to REQUESTS_PER_ROUND requests one after another (at most SECONDS_PER_ROUND
// each), the simulator's CPU time read before and after each round; the median round counts.
// Each list case is a first page and a middle page reached by cursor.
import { SEED_KEY } from "./seeding";
import type { SimulatorProcess } from "./simulator-process";

export const PER_PAGE = 500;
const WARM_UP = 10;
const ROUNDS = 5;
const REQUESTS_PER_ROUND = 400;
const SECONDS_PER_ROUND = 1;

export interface CaseFigure {
  name: string;
  /** Simulator CPU µs per request; null when the case does not exist at this N (one page only). */
  cpuUsPerRequest: number | null;
  requests: number;
  /** Servers on the page (list cases). */
  items?: number;
}

interface Case {
  name: string;
  method: string;
  path: string;
  key: string;
  body?: unknown;
  status: number;
}

interface ListA {
  servers: { id: string }[];
  meta: { total: number; links: { next: string | null } };
}

const FILTERS: [string, string][] = [
  ["all servers", ""],
  ["tag= 1% of servers", "tag=pct1&"],
  ["tag= 1,000 servers", "tag=k1000&"],
  ["label= 1,000 servers", "label=k1000-label&"],
  ["region= 1,000 servers", "region=ewr&"],
];

async function list(sim: SimulatorProcess, path: string): Promise<ListA> {
  const r = await sim.request("GET", path, SEED_KEY);
  if (r.status !== 200) throw new Error(`GET ${path} answered ${r.status}: ${r.text}`);
  return JSON.parse(r.text) as ListA;
}

/** The path of the page that starts halfway through the filter's servers, reached by following next links. */
async function middlePagePath(sim: SimulatorProcess, filter: string): Promise<string | null> {
  let page = await list(sim, `/v1/servers?${filter}per_page=${PER_PAGE}`);
  const pages = Math.ceil(page.meta.total / PER_PAGE);
  if (pages < 2) return null;
  let path = "";
  for (let i = 1; i <= Math.floor(pages / 2); i++) {
    path = new URL(page.meta.links.next!).pathname + new URL(page.meta.links.next!).search;
    page = await list(sim, path);
  }
  return path;
}

async function casesFor(sim: SimulatorProcess): Promise<(Case | string)[]> {
  const out: (Case | string)[] = [];
  for (const [label, filter] of FILTERS) {
    out.push({ name: `list ${label}, first page`, method: "GET", path: `/v1/servers?${filter}per_page=${PER_PAGE}`, key: SEED_KEY, status: 200 });
    const middle = await middlePagePath(sim, filter);
    out.push(middle ? { name: `list ${label}, middle page`, method: "GET", path: middle, key: SEED_KEY, status: 200 } : `list ${label}, middle page`);
  }
  const id = (await list(sim, "/v1/servers?per_page=1&page=7")).servers[0].id;
  out.push({ name: "GET /v1/servers/:id", method: "GET", path: `/v1/servers/${id}`, key: SEED_KEY, status: 200 });
  out.push({ name: "POST /v1/servers", method: "POST", path: "/v1/servers", key: SEED_KEY, status: 202,
    body: { region: "lax", plan: "vc2-1c-1gb", os_id: 2284, label: "bench-create", tags: ["created"] } });
  out.push({ name: "GET /v1/servers/:id, key with a bucket", method: "GET", path: `/v1/servers/${id}`, key: `${SEED_KEY}-bucket`, status: 200 });
  return out;
}

/** One round: up to REQUESTS_PER_ROUND requests (at most SECONDS_PER_ROUND), the simulator's CPU µs per request. */
async function round(sim: SimulatorProcess, c: Case): Promise<{ cpuUs: number; requests: number }> {
  const deadline = Date.now() + SECONDS_PER_ROUND * 1000;
  const before = await sim.cpuUs();
  let requests = 0;
  while (requests < REQUESTS_PER_ROUND && Date.now() < deadline) {
    const r = await sim.request(c.method, c.path, c.key, c.body);
    if (r.status !== c.status) throw new Error(`${c.name}: ${c.method} ${c.path} answered ${r.status}`);
    requests++;
  }
  return { cpuUs: (await sim.cpuUs()) - before, requests };
}

/** The median of ROUNDS rounds, so that one round that met a major GC or a busy neighbour does not decide. */
async function measure(sim: SimulatorProcess, c: Case): Promise<CaseFigure> {
  await sim.collectGarbage();
  let items: number | undefined;
  for (let i = 0; i < WARM_UP; i++) {
    const r = await sim.request(c.method, c.path, c.key, c.body);
    if (r.status !== c.status) throw new Error(`${c.name}: ${c.method} ${c.path} answered ${r.status}: ${r.text}`);
    if (c.method === "GET" && c.path.startsWith("/v1/servers?")) items = (JSON.parse(r.text) as ListA).servers.length;
  }
  const rounds: { cpuUs: number; requests: number }[] = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await round(sim, c));
  const perRequest = rounds.map((r) => r.cpuUs / r.requests).sort((a, b) => a - b);
  return { name: c.name, cpuUsPerRequest: perRequest[Math.floor(ROUNDS / 2)], requests: rounds.reduce((n, r) => n + r.requests, 0), items };
}

export async function measureCases(sim: SimulatorProcess): Promise<CaseFigure[]> {
  const figures: CaseFigure[] = [];
  for (const c of await casesFor(sim)) {
    figures.push(typeof c === "string" ? { name: c, cpuUsPerRequest: null, requests: 0 } : await measure(sim, c));
  }
  return figures;
}
