// The simulator in its own process (so the engine, the language host and the provider do not
// share its event loop), on a free loopback port, with a key on the default tier. Its admin
// API (`/_sim/`) is not rate limited and not counted in the stats.

import { spawn, type ChildProcess } from "child_process";
import * as path from "path";
import * as readline from "readline";
import type { Shape } from "./options";
import { TIER } from "./options";
import type { SimStats } from "./sim-stats";

export const BENCH_KEY = "bench-fleet-key-4d2e91";

/** The bench key's tier: the default (60/min, burst 100), or unlimited (the simulator's enterprise tier). */
export type KeyTier = "default" | "unlimited";

export class SimulatorProcess {
  private constructor(readonly url: string, private readonly child: ChildProcess, private readonly tier: KeyTier) {}

  static async start(repoRoot: string, shape: Shape, provisionMs: number, tier: KeyTier = "default"): Promise<SimulatorProcess> {
    const cli = path.join(repoRoot, "dist", "simulator", "cli.js");
    const child = spawn(process.execPath, [cli, "--port", "0", "--host", "127.0.0.1", "--shape", shape, "--provision-ms", String(provisionMs), "--seed", "1"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const url = await new Promise<string>((resolve, reject) => {
      const lines = readline.createInterface({ input: child.stdout! });
      lines.once("line", (line) => {
        const m = /listening on (http:\/\/\S+)/.exec(line);
        if (m) resolve(m[1]!);
        else reject(new Error(`simulator: unexpected first line "${line}"`));
      });
      child.once("exit", (code) => reject(new Error(`simulator exited with ${code} before listening`)));
    });
    child.stdout!.resume();
    const sim = new SimulatorProcess(url, child, tier);
    await sim.freshKey();
    return sim;
  }

  /** The simulator's process id (bench/fleet/proc-sampler.ts reads its CPU and memory). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** (Re)creates the bench key on its tier: on the default tier a fresh, full bucket (60/min, burst 100). */
  async freshKey(): Promise<void> {
    await this.admin("POST", "/keys", { key: BENCH_KEY, permission: "full", tier: this.tier === "unlimited" ? "enterprise" : TIER.name });
  }

  /** The health route's rules (simulator/health.ts): per image or server, healthy, never, after N s, flapping. */
  async setHealthRules(rules: { image?: string; server?: string; mode: string; afterSeconds?: number }[]): Promise<void> {
    await this.admin("PUT", "/health", { rules });
  }

  async resetStats(): Promise<void> {
    await this.admin("POST", "/stats/reset");
  }

  async stats(): Promise<SimStats> {
    return this.admin("GET", "/stats");
  }

  /** Servers not deleted, from the raw table. */
  async liveServers(): Promise<number> {
    const { servers } = await this.admin("GET", "/servers");
    return servers.filter((s: any) => !s.deleted_at && s.status !== "terminated").length;
  }

  /** Servers whose status is `active`. */
  async activeServers(): Promise<number> {
    const { servers } = await this.admin("GET", "/servers");
    return servers.filter((s: any) => !s.deleted_at && s.status === "active").length;
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    this.child.kill("SIGTERM");
    await exited;
  }

  private async admin(method: string, p: string, body?: unknown): Promise<any> {
    const res = await fetch(`${this.url}/_sim${p}`, {
      method,
      headers: { "Content-Type": "application/json" }, // the admin API takes JSON only (admin-guard.ts)
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} /_sim${p}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  }
}
