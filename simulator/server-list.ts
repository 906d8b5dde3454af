// GET /v1/servers: filters, sort/order and both kinds of paging of the spec. The cursor is
// opaque base64url of the last (or first) item's sort key plus its creation number, so a
// page boundary stays put when servers are added or deleted between requests.
import { invalid } from "./http/errors";
import type { ServerRecord } from "./store/types";

export const DEFAULT_PER_PAGE = 100;
export const MAX_PER_PAGE = 500;

/**
 * Sortable fields; the date sorts by creation number (same order, no ties). A Map, so that a
 * `sort` naming a member of Object.prototype is an unknown field like any other.
 */
const SORT_FIELDS = new Map<string, (s: ServerRecord) => string | number>([
  ["date_created", (s) => s.seq],
  ["created_at", (s) => s.seq],
  ["label", (s) => s.label],
  ["id", (s) => s.id],
  ["status", (s) => s.status],
  ["region", (s) => s.region],
  ["plan", (s) => s.plan],
]);

interface Cursor {
  d: "n" | "p";
  v: string | number;
  s: number;
}

export interface ListPage {
  items: ServerRecord[];
  total: number;
  next: string | null;
  prev: string | null;
}

function intParam(q: URLSearchParams, name: string, min: number): number | undefined {
  const raw = q.get(name);
  if (raw === null) return undefined;
  if (!/^\d+$/.test(raw)) throw invalid(name, `${name} must be an integer, got "${raw}"`);
  const n = Number(raw);
  if (n < min) throw invalid(name, `${name} must be at least ${min}`);
  return n;
}

function decodeCursor(raw: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Cursor;
    if ((c.d === "n" || c.d === "p") && typeof c.s === "number" && (typeof c.v === "string" || typeof c.v === "number")) return c;
  } catch {
    // fall through to the error below
  }
  throw invalid("cursor", "cursor is not one this API handed out; take it from the next link");
}

const encodeCursor = (c: Cursor): string => Buffer.from(JSON.stringify(c)).toString("base64url");

/** The query of one list request, checked. */
interface ListQuery {
  perPage: number;
  page: number | undefined;
  sortName: string;
  keyOf: (s: ServerRecord) => string | number;
  order: "asc" | "desc";
  cursor: Cursor | null;
  filters: { label: string | null; region: string | null; tag: string | null };
}

function parseQuery(q: URLSearchParams): ListQuery {
  const perPage = intParam(q, "per_page", 1) ?? DEFAULT_PER_PAGE;
  if (perPage > MAX_PER_PAGE) throw invalid("per_page", `per_page is ${perPage}; the maximum is ${MAX_PER_PAGE}`);
  const page = intParam(q, "page", 1);
  const sortName = q.get("sort") ?? "date_created";
  const keyOf = SORT_FIELDS.get(sortName);
  if (!keyOf) throw invalid("sort", `sort must be one of ${[...SORT_FIELDS.keys()].join(", ")}`);
  const order = q.get("order") ?? "asc";
  if (order !== "asc" && order !== "desc") throw invalid("order", `order must be asc or desc, got "${order}"`);
  const cursorRaw = q.get("cursor");
  if (cursorRaw !== null && page !== undefined) throw invalid("cursor", "give either cursor or page, not both");
  const cursor = cursorRaw === null ? null : decodeCursor(cursorRaw);
  return { perPage, page, sortName, keyOf, order, cursor, filters: { label: q.get("label"), region: q.get("region"), tag: q.get("tag") } };
}

/** Compares two rows by sort key, then creation number, in the query's order. */
function comparer(query: ListQuery) {
  const dir = query.order === "asc" ? 1 : -1;
  return (a: string | number, as: number, b: string | number, bs: number): number => (a < b ? -1 : a > b ? 1 : as - bs) * dir;
}

/** The listed servers that pass the filters, in the query's order. */
function selectRows(all: ServerRecord[], query: ListQuery): ServerRecord[] {
  const { label, region, tag } = query.filters;
  const rows = all.filter((s) => s.status !== "terminated" && !s.gone &&
    (label === null || s.label === label) && (region === null || s.region === region) && (tag === null || s.tags.includes(tag)));
  const cmp = comparer(query);
  if (query.sortName !== "date_created" && query.sortName !== "created_at") {
    return rows.sort((a, b) => cmp(query.keyOf(a), a.seq, query.keyOf(b), b.seq));
  }
  return query.order === "desc" ? rows.reverse() : rows;
}

/** The slice [start, end) of `rows` that this page holds: after/before a cursor, or by number. */
function pageWindow(rows: ServerRecord[], query: ListQuery): { start: number; end: number } {
  const { cursor, perPage, keyOf } = query;
  const cmp = comparer(query);
  if (cursor?.d === "n") {
    const found = rows.findIndex((s) => cmp(keyOf(s), s.seq, cursor.v, cursor.s) > 0);
    const start = found < 0 ? rows.length : found;
    return { start, end: Math.min(rows.length, start + perPage) };
  }
  if (cursor?.d === "p") {
    const found = rows.findIndex((s) => cmp(keyOf(s), s.seq, cursor.v, cursor.s) >= 0);
    const end = found < 0 ? rows.length : found;
    return { start: Math.max(0, end - perPage), end };
  }
  const start = Math.min(rows.length, ((query.page ?? 1) - 1) * perPage);
  return { start, end: Math.min(rows.length, start + perPage) };
}

/** The next and previous links: page numbers when the request used them, else cursors. */
function pageLinks(q: URLSearchParams, query: ListQuery, baseUrl: string, rows: ServerRecord[], window: { start: number; end: number }) {
  const link = (extra: Record<string, string>): string => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(query.filters)) if (v !== null) p.set(k, v);
    if (q.has("sort")) p.set("sort", query.sortName);
    if (q.has("order")) p.set("order", query.order);
    p.set("per_page", String(query.perPage));
    for (const [k, v] of Object.entries(extra)) p.set(k, v);
    return `${baseUrl}/v1/servers?${p.toString()}`;
  };
  const { start, end } = window;
  const { page, keyOf } = query;
  if (page !== undefined) {
    return { next: end < rows.length ? link({ page: String(page + 1) }) : null, prev: page > 1 ? link({ page: String(page - 1) }) : null };
  }
  const last = rows[end - 1];
  const first = rows[start];
  return {
    next: end < rows.length && end > start ? link({ cursor: encodeCursor({ d: "n", v: keyOf(last), s: last.seq }) }) : null,
    prev: start > 0 && end > start ? link({ cursor: encodeCursor({ d: "p", v: keyOf(first), s: first.seq }) }) : null,
  };
}

export function listServers(all: ServerRecord[], q: URLSearchParams, baseUrl: string): ListPage {
  const query = parseQuery(q);
  const rows = selectRows(all, query);
  const window = pageWindow(rows, query);
  return { items: rows.slice(window.start, window.end), total: rows.length, ...pageLinks(q, query, baseUrl, rows, window) };
}
