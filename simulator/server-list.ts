// GET /v1/servers: filters, sort/order and both kinds of paging of the spec. The cursor is
// opaque base64url of the last (or first) item's sort key plus its creation number, so a
// page boundary stays put when servers are added or deleted between requests.
import { invalid } from "./http/errors";
import type { ServerRecord } from "./store/types";

export const DEFAULT_PER_PAGE = 100;
export const MAX_PER_PAGE = 500;

/** Sortable fields; the date sorts by creation number (same order, no ties). */
const SORT_FIELDS: Record<string, (s: ServerRecord) => string | number> = {
  date_created: (s) => s.seq,
  created_at: (s) => s.seq,
  label: (s) => s.label,
  id: (s) => s.id,
  status: (s) => s.status,
  region: (s) => s.region,
  plan: (s) => s.plan,
};

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

export function listServers(all: ServerRecord[], q: URLSearchParams, baseUrl: string): ListPage {
  const perPage = intParam(q, "per_page", 1) ?? DEFAULT_PER_PAGE;
  if (perPage > MAX_PER_PAGE) throw invalid("per_page", `per_page is ${perPage}; the maximum is ${MAX_PER_PAGE}`);
  const page = intParam(q, "page", 1);
  const sortName = q.get("sort") ?? "date_created";
  const keyOf = SORT_FIELDS[sortName];
  if (!keyOf) throw invalid("sort", `sort must be one of ${Object.keys(SORT_FIELDS).join(", ")}`);
  const order = q.get("order") ?? "asc";
  if (order !== "asc" && order !== "desc") throw invalid("order", `order must be asc or desc, got "${order}"`);
  const cursorRaw = q.get("cursor");
  if (cursorRaw !== null && page !== undefined) throw invalid("cursor", "give either cursor or page, not both");
  const cursor = cursorRaw === null ? null : decodeCursor(cursorRaw);

  const label = q.get("label");
  const region = q.get("region");
  const tag = q.get("tag");
  let rows = all.filter((s) => s.status !== "terminated" && !s.gone &&
    (label === null || s.label === label) && (region === null || s.region === region) && (tag === null || s.tags.includes(tag)));

  const dir = order === "asc" ? 1 : -1;
  const cmp = (a: string | number, as: number, b: string | number, bs: number): number =>
    (a < b ? -1 : a > b ? 1 : as - bs) * dir;
  if (sortName !== "date_created" && sortName !== "created_at") {
    rows = rows.sort((a, b) => cmp(keyOf(a), a.seq, keyOf(b), b.seq));
  } else if (dir < 0) {
    rows = rows.reverse();
  }

  let start: number;
  let end: number;
  if (cursor?.d === "n") {
    start = rows.findIndex((s) => cmp(keyOf(s), s.seq, cursor.v, cursor.s) > 0);
    if (start < 0) start = rows.length;
    end = Math.min(rows.length, start + perPage);
  } else if (cursor?.d === "p") {
    end = rows.findIndex((s) => cmp(keyOf(s), s.seq, cursor.v, cursor.s) >= 0);
    if (end < 0) end = rows.length;
    start = Math.max(0, end - perPage);
  } else {
    start = Math.min(rows.length, ((page ?? 1) - 1) * perPage);
    end = Math.min(rows.length, start + perPage);
  }
  const items = rows.slice(start, end);

  const link = (extra: Record<string, string>): string => {
    const p = new URLSearchParams();
    for (const [k, v] of [["label", label], ["region", region], ["tag", tag]] as const) if (v !== null) p.set(k, v);
    if (q.has("sort")) p.set("sort", sortName);
    if (q.has("order")) p.set("order", order);
    p.set("per_page", String(perPage));
    for (const [k, v] of Object.entries(extra)) p.set(k, v);
    return `${baseUrl}/v1/servers?${p.toString()}`;
  };
  let next: string | null = null;
  let prev: string | null = null;
  if (page !== undefined) {
    if (end < rows.length) next = link({ page: String(page + 1) });
    if (page > 1) prev = link({ page: String(page - 1) });
  } else {
    const last = items[items.length - 1];
    const first = items[0];
    if (end < rows.length && last) next = link({ cursor: encodeCursor({ d: "n", v: keyOf(last), s: last.seq }) });
    if (start > 0 && first) prev = link({ cursor: encodeCursor({ d: "p", v: keyOf(first), s: first.seq }) });
  }
  return { items, total: rows.length, next, prev };
}
