// The end-to-end suite's view of the simulator: its admin API (/_sim/, see
// docs/contract.md), read over HTTP as any outside observer would.
export interface RawServer {
  id: string;
  status: string;
  label: string;
  deleted_at?: string | null;
  tags?: string[];
  [field: string]: unknown;
}

export class SimAdmin {
  constructor(readonly url: string) {}

  private async call(method: string, path: string, body?: unknown): Promise<any> {
    const res = await fetch(`${this.url}/_sim${path}`, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} /_sim${path}: ${res.status} ${await res.text()}`);
    const text = await res.text();
    return text ? JSON.parse(text) : undefined;
  }

  async rawServers(): Promise<RawServer[]> {
    return (await this.call("GET", "/servers")).servers;
  }

  /** Servers not deleted (any status but terminated). */
  async liveServers(): Promise<RawServer[]> {
    return (await this.rawServers()).filter((s) => !s.deleted_at && s.status !== "terminated");
  }

  async rawWebhooks(): Promise<any[]> {
    const body = await this.call("GET", "/webhooks");
    return body.webhooks ?? body;
  }

  async deliveries(): Promise<any[]> {
    return (await this.call("GET", "/deliveries")).deliveries;
  }

  /** Request counts keyed "METHOD /route STATUS". */
  async stats(): Promise<{ total: number; rateLimited: number; byRoute: Record<string, number> }> {
    return this.call("GET", "/stats");
  }

  resetStats(): Promise<void> {
    return this.call("POST", "/stats/reset");
  }

  setConfig(config: Record<string, unknown>): Promise<void> {
    return this.call("PUT", "/config", config);
  }

  setFaults(rules: Record<string, unknown>[]): Promise<void> {
    return this.call("PUT", "/faults", { rules });
  }

  addKey(key: string, permission: "read" | "write" | "full", tier: Record<string, unknown> = {}): Promise<void> {
    return this.call("POST", "/keys", { key, permission, ...tier });
  }

  revokeKey(key: string): Promise<void> {
    return this.call("DELETE", `/keys/${encodeURIComponent(key)}`);
  }

  /** Deletes a server behind the program's back, as a person in the control panel would. */
  deleteServer(id: string): Promise<void> {
    return this.call("DELETE", `/servers/${id}`);
  }
}

/** Sums the request counts whose "METHOD /route STATUS" key starts with `prefix`. */
export function countRequests(byRoute: Record<string, number>, prefix: string): number {
  return Object.entries(byRoute)
    .filter(([key]) => key.startsWith(prefix))
    .reduce((sum, [, n]) => sum + n, 0);
}
