// Starts the simulator for a test suite: a free loopback port, short timings, and keys of
// every permission on the enterprise tier (so suites are not rate limited unless they ask).
// The admin helpers go over HTTP to /_sim/, the way a test of any suite would use them.
import * as fs from "fs";
import * as path from "path";
import { startSimulator, type SimulatorOptions, type FaultRule, type KeySpec } from "pulumi-hosting/simulator";

export const SHAPES = ["A", "B"] as const;
export type TestShape = (typeof SHAPES)[number];

export const KEYS = {
  full: "test-full-key",
  write: "test-write-key",
  read: "test-read-key",
  /** The simulator's default key name, also enterprise tier here. */
  sim: "sim-full-key",
} as const;

export const TEST_TIMINGS = { provisionMs: 150, transitionMs: 100, webhookRetryScale: 0.00001 };

export interface TestSimulator {
  url: string;
  port: number;
  shape: TestShape;
  close(): Promise<void>;
  /** The simulator's in-process handle. */
  handle: Awaited<ReturnType<typeof startSimulator>>;
  /** An API call with a key (full by default); a plain object body is sent as JSON. */
  api(method: string, path: string, opts?: { key?: string | null; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  admin(method: string, path: string, body?: unknown): Promise<any>;
  /** Requests by "METHOD /pattern STATUS", and the same per key (byKey, named by keyLabel). */
  stats(): Promise<{ total: number; rateLimited: number; answerMs: number; byRoute: Record<string, number>; byKey: Record<string, Record<string, number>> }>;
  /** The raw server table, deleted servers included. */
  rawServers(): Promise<any[]>;
  /** Servers not deleted, in any status but terminated. */
  liveServers(): Promise<any[]>;
  /** The raw webhook table, secrets and deleted webhooks included. */
  rawWebhooks(): Promise<any[]>;
  deliveries(): Promise<any[]>;
  resetStats(): Promise<void>;
  /** Deletes a server behind the client's back, as a person in the control panel would. */
  deleteServer(id: string): Promise<void>;
  setFaults(rules: FaultRule[]): Promise<void>;
  setConfig(config: Record<string, number>): Promise<void>;
  addKey(spec: KeySpec): Promise<void>;
  revokeKey(key: string): Promise<void>;
  reset(): Promise<void>;
  /** A valid create body for this shape, with overrides. */
  createBody(overrides?: Record<string, unknown>): Record<string, unknown>;
  /**
   * Creates a server through the API as a person or another tool would (a valid body for this
   * shape; shape B's create table has no tags, so they follow by PATCH) and returns its id.
   */
  seedServer(fields?: Record<string, unknown>, key?: string): Promise<string>;
  /** Polls GET /v1/servers/:id until the status is reached (bounded). */
  waitForStatus(id: string, status: string, timeoutMs?: number): Promise<any>;
}

/**
 * Removes the catalogue files of a closed simulator's URL from the run's cache folder
 * (./run-folders.ts). The OS hands its port to a later simulator of the run, maybe of the
 * other shape, and a file fresh for 15 minutes would tell that one's clients the closed one's
 * shape and lists, as it would tell a user who restarts the simulator on one port with another
 * shape (docs/guide/catalogue-cache.md).
 */
function forgetCatalogueFiles(url: string): void {
  const dir = process.env.HOSTING_CATALOGUE_CACHE_DIR;
  if (!dir) return;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      if ((JSON.parse(fs.readFileSync(file, "utf8")) as { baseUrl?: unknown }).baseUrl === url) fs.rmSync(file, { force: true });
    } catch {
      // A temporary file mid-rename or another writer's: not this simulator's to judge.
    }
  }
}

export async function startTestSimulator(opts: SimulatorOptions = {}): Promise<TestSimulator> {
  const keys: KeySpec[] = opts.keys ?? [
    { key: KEYS.full, permission: "full", tier: "enterprise" },
    { key: KEYS.write, permission: "write", tier: "enterprise" },
    { key: KEYS.read, permission: "read", tier: "enterprise" },
    { key: KEYS.sim, permission: "full", tier: "enterprise" },
  ];
  const handle = await startSimulator({ port: 0, ...TEST_TIMINGS, ...opts, keys });
  const shape = handle.shape;
  const admin = adminOf(handle.url);
  const api = apiOf(handle.url);
  const createBody = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
    region: "ewr",
    plan: "vc2-1c-1gb",
    ...(shape === "A" ? { os_id: 2284 } : { os: "ubuntu-24.04" }),
    label: "web-1",
    ...overrides,
  });
  return {
    url: handle.url,
    port: handle.port,
    shape,
    handle,
    close: async () => {
      await handle.close();
      forgetCatalogueFiles(handle.url);
    },
    api,
    admin,
    stats: () => admin("GET", "/stats"),
    rawServers: async () => (await admin("GET", "/servers")).servers,
    liveServers: async () =>
      ((await admin("GET", "/servers")).servers as any[]).filter((s) => !s.deleted_at && s.status !== "terminated"),
    rawWebhooks: async () => {
      const body = await admin("GET", "/webhooks");
      return body.webhooks ?? body;
    },
    resetStats: async () => void (await admin("POST", "/stats/reset")),
    deleteServer: async (id) => void (await admin("DELETE", `/servers/${id}`)),
    deliveries: async () => (await admin("GET", "/deliveries")).deliveries,
    setFaults: async (rules) => void (await admin("PUT", "/faults", { rules })),
    setConfig: async (config) => void (await admin("PUT", "/config", config)),
    addKey: async (spec) => void (await admin("POST", "/keys", spec)),
    revokeKey: async (key) => void (await admin("DELETE", `/keys/${encodeURIComponent(key)}`)),
    reset: async () => void (await admin("POST", "/reset", {})),
    createBody,
    seedServer: (fields = {}, key = KEYS.full) => seedServer(api, shape, createBody, fields, key),
    waitForStatus: (id, status, timeoutMs = 3000) => waitForStatus(api, shape, id, status, timeoutMs),
  };
}

/** The admin API (/_sim/) of the simulator at `url`; a status of 400 or more throws. */
function adminOf(url: string): TestSimulator["admin"] {
  return async (method, path, body) => {
    const res = await fetch(`${url}/_sim${path}`, {
      method,
      headers: { "Content-Type": "application/json" }, // the admin API takes JSON only (admin-guard.ts)
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 400) throw new Error(`admin ${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };
}

/** API calls to the simulator at `url`, with the full key unless told otherwise. */
function apiOf(url: string): TestSimulator["api"] {
  return (method, path, o = {}) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    const key = o.key === undefined ? KEYS.full : o.key;
    if (key !== null) headers.Authorization = `Bearer ${key}`;
    let body: string | undefined;
    if (typeof o.body === "string") body = o.body;
    else if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === "content-type")) headers["Content-Type"] = "application/json";
    }
    return fetch(`${url}${path}`, { method, headers, body });
  };
}

/** Creates a server as a person or another tool would; shape B's tags follow by PATCH. */
async function seedServer(
  api: TestSimulator["api"], shape: TestShape, createBody: TestSimulator["createBody"], fields: Record<string, unknown>, key: string,
): Promise<string> {
  const { tags, ...rest } = fields as { tags?: string[] };
  const inCreate = shape === "A" && tags !== undefined ? { tags } : {};
  const res = await api("POST", "/v1/servers", { key, body: { ...createBody(rest), ...inCreate } });
  if (res.status !== 201 && res.status !== 202) throw new Error(`seed POST /v1/servers: ${res.status} ${await res.text()}`);
  const id = unwrapServer(shape, await res.json()).id as string;
  if (shape === "B" && tags !== undefined) {
    const patched = await api("PATCH", `/v1/servers/${id}`, { key, body: { tags } });
    if (patched.status !== 200) throw new Error(`seed PATCH /v1/servers/${id}: ${patched.status} ${await patched.text()}`);
  }
  return id;
}

/** Polls GET /v1/servers/:id until the status is reached ("http 404" for gone); throws past the time-out. */
async function waitForStatus(api: TestSimulator["api"], shape: TestShape, id: string, status: string, timeoutMs: number): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  let last: any;
  while (Date.now() < deadline) {
    const res = await api("GET", `/v1/servers/${id}`);
    last = res.status === 200 ? unwrapServer(shape, await res.json()) : { status: `http ${res.status}` };
    if (last.status === status) return last;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`server ${id} did not reach ${status} within ${timeoutMs} ms (last: ${last?.status})`);
}

/** The single-record envelope of a shape. */
export function unwrapServer(shape: TestShape, body: any): any {
  return shape === "A" ? body.server : body.data;
}

/** The list envelope of a shape: items, total, next link. */
export function unwrapList(shape: TestShape, body: any): { items: any[]; total: number; next: string | null; prev: string | null } {
  return shape === "A"
    ? { items: body.servers, total: body.meta.total, next: body.meta.links.next ?? null, prev: body.meta.links.prev ?? null }
    : { items: body.data, total: body.meta.total, next: body.links.next ?? null, prev: body.links.prev ?? null };
}

/**
 * Requests the simulator counted (keys "METHOD /route OUTCOME", OUTCOME a status, `lost` or
 * `reset`) whose key starts with `prefix`. A bare "METHOD /route" counts every outcome of that
 * route and no longer one ("GET /v1/servers" is not "GET /v1/servers/:id"); "POST /v1/servers 5"
 * counts its 5xx answers.
 */
export function countRequests(stats: { byRoute: Record<string, number> }, prefix: string): number {
  const start = /^[A-Z]+ \S+$/.test(prefix) ? `${prefix} ` : prefix;
  return Object.entries(stats.byRoute)
    .filter(([key]) => key.startsWith(start))
    .reduce((n, [, c]) => n + c, 0);
}

/**
 * A handle to a simulator that a suite starts later (in `before`): tests written at
 * declaration time use `handle`, which forwards to the simulator once `started`.
 */
export function lateSimulator(): { handle: TestSimulator; started(sim: TestSimulator): void; current(): TestSimulator | undefined } {
  let current: TestSimulator | undefined;
  const handle = new Proxy({} as TestSimulator, {
    get: (_target, key) => {
      if (!current) throw new Error("the simulator is not started yet: use it inside it(), before() or beforeEach()");
      return current[key as keyof TestSimulator];
    },
  });
  return { handle, started: (sim) => (current = sim), current: () => current };
}

/**
 * Declares `title` once per shape, each against its own simulator started before the
 * suite and reset before every test. `sim` always refers to the current shape's simulator.
 */
export function describeShapes(
  title: string,
  options: SimulatorOptions,
  body: (sim: TestSimulator, shape: TestShape) => void,
): void {
  describe(title, () => {
    for (const shape of SHAPES) {
      describe(`shape ${shape}`, () => {
        const sim = lateSimulator();
        before(async () => {
          sim.started(await startTestSimulator({ ...options, shape }));
        });
        after(() => sim.current()?.close());
        beforeEach(() => sim.current()?.reset());
        body(sim.handle, shape);
      });
    }
  });
}
