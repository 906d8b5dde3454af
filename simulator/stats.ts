// Request counters for the admin API: by "METHOD /route/pattern STATUS", 429s included,
// so tests can assert on what the server saw rather than on what the client says it did.
export class Stats {
  total = 0;
  rateLimited = 0;
  byRoute: Record<string, number> = {};

  count(method: string, pattern: string, status: number | "reset" | "lost"): void {
    this.total++;
    if (status === 429) this.rateLimited++;
    const k = `${method} ${pattern} ${status}`;
    this.byRoute[k] = (this.byRoute[k] ?? 0) + 1;
  }

  reset(): void {
    this.total = 0;
    this.rateLimited = 0;
    this.byRoute = {};
  }

  toJSON(): unknown {
    return { total: this.total, rateLimited: this.rateLimited, byRoute: this.byRoute };
  }
}
