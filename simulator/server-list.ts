// GET /v1/servers: filters, sort/order and both kinds of paging of the spec. The cursor is
// opaque base64url of the last (or first) item's sort key plus its creation number, so a
// page boundary stays put when servers are added or deleted between requests. It reads the
// store's index (store/listed-servers.ts): in creation order, a page costs its own servers
// plus a binary search, whatever the table holds.
import { invalid } from "./http/errors";
import type { ListedServers } from "./store/listed-servers";
import type { SeqSet } from "./store/seq-set";
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

/**
 * The rows of one answer in the query's order, read by position. `byCreation` says the order is
 * creation order (either way): every cursor test is then monotone along the rows, so a binary
 * search finds what a scan from the start finds.
 */
interface Rows {
  length: number;
  byCreation: boolean;
  at(i: number): ServerRecord;
  slice(start: number, end: number): ServerRecord[];
}

function arrayRows(rows: ServerRecord[], byCreation: boolean): Rows {
  return { length: rows.length, byCreation, at: (i) => rows[i], slice: (start, end) => rows.slice(start, end) };
}

/** A set of the index read in creation order, ascending or descending, without copying it. */
function setRows(listed: ListedServers, set: SeqSet, order: "asc" | "desc"): Rows {
  const n = set.size;
  const records = (seqs: number[]): ServerRecord[] => seqs.map((seq) => listed.record(seq));
  if (order === "asc") {
    return { length: n, byCreation: true, at: (i) => listed.record(set.at(i)), slice: (start, end) => records(set.slice(start, end)) };
  }
  return { length: n, byCreation: true, at: (i) => listed.record(set.at(n - 1 - i)), slice: (start, end) => records(set.slice(n - end, n - start).reverse()) };
}

const byCreationNumber = (query: ListQuery): boolean => query.sortName === "date_created" || query.sortName === "created_at";

function passes(s: ServerRecord, { label, region, tag }: ListQuery["filters"]): boolean {
  return (label === null || s.label === label) && (region === null || s.region === region) && (tag === null || s.tags.includes(tag));
}

/** The index's sets of the query's filters, smallest first; every listed server when there is no filter. */
function candidateSets(listed: ListedServers, { label, region, tag }: ListQuery["filters"]): SeqSet[] {
  const sets: SeqSet[] = [];
  if (label !== null) sets.push(listed.withLabel(label));
  if (region !== null) sets.push(listed.inRegion(region));
  if (tag !== null) sets.push(listed.withTag(tag));
  return sets.length === 0 ? [listed.all] : sets.sort((a, b) => a.size - b.size);
}

/**
 * The listed servers that pass the filters, in the query's order. In creation order with at most
 * one filter the answer is a set of the index as it stands; with several filters, the smallest
 * set's servers are checked against the rest; another sort sorts those candidates.
 */
function selectRows(listed: ListedServers, query: ListQuery): Rows {
  const [smallest, ...others] = candidateSets(listed, query.filters);
  if (others.length === 0 && byCreationNumber(query)) return setRows(listed, smallest, query.order);
  const rows = smallest.values().map((seq) => listed.record(seq)).filter((s) => passes(s, query.filters));
  if (byCreationNumber(query)) return arrayRows(query.order === "desc" ? rows.reverse() : rows, true);
  const cmp = comparer(query);
  return arrayRows(rows.sort((a, b) => cmp(query.keyOf(a), a.seq, query.keyOf(b), b.seq)), false);
}

/** The first position whose row passes `test` (rows.length when none does). */
function firstPassing(rows: Rows, test: (s: ServerRecord) => boolean): number {
  if (!rows.byCreation) {
    for (let i = 0; i < rows.length; i++) if (test(rows.at(i))) return i;
    return rows.length;
  }
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (test(rows.at(mid))) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The slice [start, end) of `rows` that this page holds: after/before a cursor, or by number. */
function pageWindow(rows: Rows, query: ListQuery): { start: number; end: number } {
  const { cursor, perPage, keyOf } = query;
  const cmp = comparer(query);
  if (cursor?.d === "n") {
    const start = firstPassing(rows, (s) => cmp(keyOf(s), s.seq, cursor.v, cursor.s) > 0);
    return { start, end: Math.min(rows.length, start + perPage) };
  }
  if (cursor?.d === "p") {
    const end = firstPassing(rows, (s) => cmp(keyOf(s), s.seq, cursor.v, cursor.s) >= 0);
    return { start: Math.max(0, end - perPage), end };
  }
  const start = Math.min(rows.length, ((query.page ?? 1) - 1) * perPage);
  return { start, end: Math.min(rows.length, start + perPage) };
}

/** The next and previous links: page numbers when the request used them, else cursors. */
function pageLinks(q: URLSearchParams, query: ListQuery, baseUrl: string, rows: Rows, window: { start: number; end: number }) {
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
  const cursorAt = (d: "n" | "p", s: ServerRecord): string => link({ cursor: encodeCursor({ d, v: keyOf(s), s: s.seq }) });
  return {
    next: end < rows.length && end > start ? cursorAt("n", rows.at(end - 1)) : null,
    prev: start > 0 && end > start ? cursorAt("p", rows.at(start)) : null,
  };
}

/** One page of GET /v1/servers over the store's index of listed servers. */
export function listServers(listed: ListedServers, q: URLSearchParams, baseUrl: string): ListPage {
  const query = parseQuery(q);
  const rows = selectRows(listed, query);
  const window = pageWindow(rows, query);
  return { items: rows.slice(window.start, window.end), total: rows.length, ...pageLinks(q, query, baseUrl, rows, window) };
}
