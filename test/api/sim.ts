// The client tests' view of the real simulator (started by the shared test helper on a free
// loopback port), watched through its admin API (/_sim/, docs/contract.md) as any outside
// observer would, so the tests assert on what the server saw rather than on what the client
// says it did.

import type { SimulatorOptions } from "../../simulator";
import { startTestSimulator, type TestSimulator } from "../helpers/simulator";
import { createClient, type ClientOptions, type HostingClient } from "../../provider/api";

export const SHAPES = ["A", "B"] as const;
export const FULL_KEY = "test-full-key-0123456789abcdef";
export const FAST_KEY = "test-fast-key-enterprise-9f8e7d";

export interface RawServer {
  id: string;
  status: string;
  deleted_at: string | null;
  created_by_request?: string;
  [field: string]: unknown;
}

export interface SimStats {
  total: number;
  rateLimited: number;
  byRoute: Record<string, number>;
}

export class TestSim {
  private constructor(private readonly sim: TestSimulator) {}

  static async start(shape: "A" | "B", opts: SimulatorOptions = {}): Promise<TestSim> {
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
    return new TestSim(sim);
  }

  get url(): string {
    return this.sim.url;
  }

  get shape(): "A" | "B" {
    return this.sim.shape;
  }

  close(): Promise<void> {
    return this.sim.close();
  }

  /** A client with test timings (every wait in milliseconds). */
  client(opts: Partial<ClientOptions> = {}): HostingClient {
    return createClient({
      baseUrl: this.url,
      apiKey: FAST_KEY,
      minRetryDelayMs: 5,
      maxRetryDelayMs: 100,
      timeoutMs: 5_000,
      ...opts,
    });
  }

  admin(method: string, path: string, body?: unknown): Promise<any> {
    return this.sim.admin(method, path, body);
  }

  reset(): Promise<void> {
    return this.admin("POST", "/reset");
  }

  addKey(key: string, permission: "read" | "write" | "full", tier: Record<string, unknown> = {}): Promise<void> {
    return this.admin("POST", "/keys", { key, permission, ...tier });
  }

  setFaults(rules: Record<string, unknown>[]): Promise<void> {
    return this.admin("PUT", "/faults", { rules });
  }

  setConfig(config: Record<string, number>): Promise<void> {
    return this.sim.setConfig(config);
  }

  async stats(): Promise<SimStats> {
    return this.admin("GET", "/stats");
  }

  resetStats(): Promise<void> {
    return this.admin("POST", "/stats/reset");
  }

  async rawServers(): Promise<RawServer[]> {
    return (await this.admin("GET", "/servers")).servers;
  }

  /** Creates `n` servers through the API with the unlimited key, `concurrency` at a time. */
  async seedServers(n: number, make: (i: number) => Record<string, unknown>, concurrency = 32): Promise<void> {
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let i = next++; i < n; i = next++) {
        const res = await fetch(`${this.url}/v1/servers`, {
          method: "POST",
          headers: { Authorization: `Bearer ${FAST_KEY}`, "Content-Type": "application/json" },
          body: JSON.stringify(make(i)),
        });
        if (res.status >= 300) throw new Error(`seeding server ${i}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }
}

/** Sums the simulator's request counts whose "METHOD /route STATUS" key starts with `prefix`. */
export function count(stats: SimStats, prefix: string): number {
  return Object.entries(stats.byRoute)
    .filter(([k]) => k.startsWith(prefix))
    .reduce((n, [, v]) => n + v, 0);
}

/** A create body of the simulator's shape (for seeding behind the client's back). */
export function wireCreate(shape: "A" | "B", label: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { region: "ewr", plan: "vc2-1c-1gb", label, ...(shape === "A" ? { os_id: UBUNTU_ID } : { os: UBUNTU_SLUG }), ...extra };
}

// Filled in from the catalogue at run time by `learnCatalogue`.
export let UBUNTU_ID = 0;
export let UBUNTU_SLUG = "";
export async function learnCatalogue(sim: TestSim): Promise<void> {
  const images = await sim.client().listOsImages();
  const ubuntu = images.find((i) => i.slug.startsWith("ubuntu")) ?? images[0]!;
  UBUNTU_ID = ubuntu.id;
  UBUNTU_SLUG = ubuntu.slug;
}
