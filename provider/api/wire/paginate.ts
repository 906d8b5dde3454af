// An async iterator over the pages of a list endpoint, by the spec's paging rules
// (docs/openapi.yaml, GET /v1/servers):
// - cursor: request `links.next` (shape B: `links`, shape A: `meta.links`) until it is null,
//   absent, or `links` is empty; the cursor and every filter are already in that URL;
// - page: `page=1, 2, ...` until a page holds fewer items than `per_page`.
// Either way an empty page also ends the walk, and a `next` seen twice ends it rather than
// looping forever. A `next` link is only ever sent to our own base URL: a link to another
// origin keeps its path and query but not its host, so the key never goes elsewhere.

/** How full listings walk the pages (both are in the spec; cursor is the v1.8 way). */
export type PagingMode = "cursor" | "page";

type Wire = Record<string, unknown>;

export interface Page {
  items: Wire[];
  body: unknown;
}

export interface PaginateOptions {
  mode: PagingMode;
  perPage: number;
  /** Fetches one page: path and query below the base URL. */
  fetchPage: (pathAndQuery: string) => Promise<Page>;
}

export async function* paginate(
  path: string,
  query: Record<string, string | undefined>,
  opts: PaginateOptions,
): AsyncGenerator<Wire, void, undefined> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== "") params.set(k, v);
  params.set("per_page", String(opts.perPage));

  if (opts.mode === "page") {
    for (let page = 1; ; page++) {
      params.set("page", String(page));
      const { items } = await opts.fetchPage(`${path}?${params}`);
      yield* items;
      if (items.length < opts.perPage) return;
    }
  }

  const seen = new Set<string>();
  let next: string | undefined = `${path}?${params}`;
  while (next !== undefined) {
    seen.add(next);
    const { items, body }: Page = await opts.fetchPage(next);
    yield* items;
    const link = nextLink(body);
    next = link === undefined || items.length === 0 ? undefined : relativeTo(link);
    if (next !== undefined && seen.has(next)) return;
  }
}

/** `links.next` (B) or `meta.links.next` (A); undefined when null, absent or `links: {}`. */
export function nextLink(body: unknown): string | undefined {
  const b = body as { links?: { next?: unknown }; meta?: { links?: { next?: unknown } } } | undefined;
  const next = b?.links?.next ?? b?.meta?.links?.next;
  return typeof next === "string" && next !== "" ? next : undefined;
}

/** Path and query of a (usually absolute) link. */
function relativeTo(link: string): string {
  const u = new URL(link, "http://base.invalid");
  return `${u.pathname}${u.search}`;
}
