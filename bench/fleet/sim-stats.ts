// Request accounting from the simulator's own counters (`/_sim/stats`, docs/contract.md):
// what the API saw, by route and status, whatever the client believes it sent.

export interface SimStats {
  total: number;
  rateLimited: number;
  /** How long the API was busy answering, in ms (simulator/answer-time.ts). */
  answerMs: number;
  byRoute: Record<string, number>;
}

export interface RequestCount {
  /** Every /v1 request the API answered (429s included). */
  total: number;
  /** 429 answers. */
  rateLimited: number;
  /** "GET /v1/servers/:id 200" -> count. */
  byRoute: Record<string, number>;
  /** Requests outside the catalogue (regions, plans, OS images). */
  beyondCatalogue: number;
}

const CATALOGUE = /^GET \/v1\/(regions|plans|os) /;

export function countRequests(stats: SimStats): RequestCount {
  const beyondCatalogue = Object.entries(stats.byRoute)
    .filter(([route]) => !CATALOGUE.test(route))
    .reduce((n, [, c]) => n + c, 0);
  return { total: stats.total, rateLimited: stats.rateLimited, byRoute: { ...stats.byRoute }, beyondCatalogue };
}

/** The most frequent routes, for the log: "POST /v1/servers 202: 100, GET /v1/servers 200: 3". */
export function describeRoutes(count: RequestCount, max = 6): string {
  return Object.entries(count.byRoute)
    .sort((a, b) => b[1] - a[1])
    .slice(0, max)
    .map(([route, n]) => `${route}: ${n}`)
    .join(", ");
}
