// The client tests' simulator: the shared test simulator (./simulator.ts) with the keys and
// timings the client suites use, plus a client wired to it. Tests watch the simulator through
// its admin API (/_sim/, docs/contract.md), so they assert on what the server saw rather than
// on what the client says it did.

import type { SimulatorOptions } from "../../simulator";
import { startTestSimulator, type TestShape, type TestSimulator } from "./simulator";
import { createClient, type ClientOptions, type HostingClient } from "../../provider/api";

export const FULL_KEY = "test-full-key-0123456789abcdef";
export const FAST_KEY = "test-fast-key-enterprise-9f8e7d";

export interface ClientSimulator extends TestSimulator {
  /** A client with test timings (every wait in milliseconds), on the enterprise key. */
  client(opts?: Partial<ClientOptions>): HostingClient;
  /** Creates `n` servers through the API with the unlimited key, `concurrency` at a time. */
  seedServers(n: number, make: (i: number) => Record<string, unknown>, concurrency?: number): Promise<void>;
}

export async function startClientSimulator(shape: TestShape, opts: SimulatorOptions = {}): Promise<ClientSimulator> {
  const sim = await startTestSimulator({
    shape,
    seed: 42,
    provisionMs: 200,
    transitionMs: 50,
    keys: [
      { key: FULL_KEY, permission: "full", tier: "default" },
      { key: FAST_KEY, permission: "full", tier: "enterprise" },
    ],
    ...opts,
  });
  const client = (o: Partial<ClientOptions> = {}): HostingClient =>
    createClient({ baseUrl: sim.url, apiKey: FAST_KEY, minRetryDelayMs: 5, maxRetryDelayMs: 100, timeoutMs: 5_000, ...o });
  const seedServers = async (n: number, make: (i: number) => Record<string, unknown>, concurrency = 32): Promise<void> => {
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let i = next++; i < n; i = next++) {
        // Shape B's create table has no tags: they follow by PATCH, as the client does it.
        const { tags, ...rest } = make(i);
        const later = shape === "B" && Array.isArray(tags) && tags.length > 0;
        const body = later || tags === undefined || shape === "B" ? rest : { ...rest, tags };
        const res = await sim.api("POST", "/v1/servers", { key: FAST_KEY, body });
        if (res.status >= 300) throw new Error(`seeding server ${i}: ${res.status} ${await res.text()}`);
        const created = (await res.json()) as { server?: { id: string }; data?: { id: string } };
        if (!later) continue;
        const id = (created.server ?? created.data)!.id;
        const patched = await sim.api("PATCH", `/v1/servers/${id}`, { key: FAST_KEY, body: { tags } });
        if (patched.status >= 300) throw new Error(`tagging server ${i}: ${patched.status} ${await patched.text()}`);
        await patched.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  };
  return Object.assign(sim, { client, seedServers });
}

/** A create body of the simulator's shape (for seeding behind the client's back). */
export function wireCreate(shape: TestShape, label: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { region: "ewr", plan: "vc2-1c-1gb", label, ...(shape === "A" ? { os_id: UBUNTU_ID } : { os: UBUNTU_SLUG }), ...extra };
}

// Filled in from the catalogue at run time by `learnCatalogue`.
export let UBUNTU_ID = 0;
export let UBUNTU_SLUG = "";
export async function learnCatalogue(sim: ClientSimulator): Promise<void> {
  const images = await sim.client().listOsImages();
  const ubuntu = images.find((i) => i.slug.startsWith("ubuntu")) ?? images[0]!;
  UBUNTU_ID = ubuntu.id;
  UBUNTU_SLUG = ubuntu.slug;
}

/**
 * The simulator of the enclosing `describe`: started with `opts` (its catalogue learnt) before
 * the suite, reset before each test, closed after the suite. Call the returned function inside
 * hooks and tests; it throws when the suite has not started the simulator yet.
 */
export function useClientSimulator(shape: TestShape, opts: SimulatorOptions = {}): () => ClientSimulator {
  let sim: ClientSimulator | undefined;
  before(async () => {
    sim = await startClientSimulator(shape, opts);
    await learnCatalogue(sim);
  });
  after(() => sim?.close());
  beforeEach(() => current().reset());
  const current = (): ClientSimulator => {
    if (!sim) throw new Error("useClientSimulator: the simulator starts in the suite's before hook; read it in a hook or test");
    return sim;
  };
  return current;
}
