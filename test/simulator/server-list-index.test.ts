// The simulator's indexed server listing (simulator/store/listed-servers.ts, seq-set.ts) answers
// what filtering and sorting the whole table answers, over random sequences of creates, label
// and tag changes, deletes, revivals and paged reads by number and by cursor, in every sort.
import { expect } from "chai";
import * as fc from "fast-check";
import { listServers, type ListPage } from "../../simulator/server-list";
import { MemoryStore } from "../../simulator/store/memory-store";
import { SeqSet } from "../../simulator/store/seq-set";
import type { ServerRecord } from "../../simulator/store/types";

const BASE = "http://sim.test";
const LABELS = ["a", "b", "c", ""];
const REGIONS = ["ewr", "fra", "nrt"];
const TAGS = ["x", "y", "z"];
const SORTS = ["date_created", "created_at", "label", "id", "status", "region", "plan"];

/** The listing as the whole table answers it: filter every record, sort, scan for the cursor. */
function wholeTableList(all: ServerRecord[], q: URLSearchParams): ListPage {
  const perPage = Number(q.get("per_page") ?? 100);
  const page = q.has("page") ? Number(q.get("page")) : undefined;
  const sortName = q.get("sort") ?? "date_created";
  const keyOf = (s: ServerRecord): string | number => (sortName === "date_created" || sortName === "created_at" ? s.seq : String(s[sortName as keyof ServerRecord]));
  const order = q.get("order") ?? "asc";
  const dir = order === "asc" ? 1 : -1;
  const cmp = (a: string | number, as: number, b: string | number, bs: number): number => (a < b ? -1 : a > b ? 1 : as - bs) * dir;
  const cursor = q.has("cursor") ? (JSON.parse(Buffer.from(q.get("cursor")!, "base64url").toString()) as { d: string; v: string | number; s: number }) : null;
  const [label, region, tag] = [q.get("label"), q.get("region"), q.get("tag")];
  const rows = all.filter((s) => s.status !== "terminated" && !s.gone &&
    (label === null || s.label === label) && (region === null || s.region === region) && (tag === null || s.tags.includes(tag)));
  rows.sort((a, b) => cmp(keyOf(a), a.seq, keyOf(b), b.seq));
  let start: number;
  let end: number;
  if (cursor?.d === "n") {
    const found = rows.findIndex((s) => cmp(keyOf(s), s.seq, cursor.v, cursor.s) > 0);
    start = found < 0 ? rows.length : found;
    end = Math.min(rows.length, start + perPage);
  } else if (cursor?.d === "p") {
    const found = rows.findIndex((s) => cmp(keyOf(s), s.seq, cursor.v, cursor.s) >= 0);
    end = found < 0 ? rows.length : found;
    start = Math.max(0, end - perPage);
  } else {
    start = Math.min(rows.length, ((page ?? 1) - 1) * perPage);
    end = Math.min(rows.length, start + perPage);
  }
  const link = (extra: Record<string, string>): string => {
    const p = new URLSearchParams();
    for (const [k, v] of [["label", label], ["region", region], ["tag", tag]] as const) if (v !== null) p.set(k, v);
    if (q.has("sort")) p.set("sort", sortName);
    if (q.has("order")) p.set("order", order);
    p.set("per_page", String(perPage));
    for (const [k, v] of Object.entries(extra)) p.set(k, v);
    return `${BASE}/v1/servers?${p.toString()}`;
  };
  const cursorLink = (d: string, s: ServerRecord): string => link({ cursor: Buffer.from(JSON.stringify({ d, v: keyOf(s), s: s.seq })).toString("base64url") });
  const links = page !== undefined
    ? { next: end < rows.length ? link({ page: String(page + 1) }) : null, prev: page > 1 ? link({ page: String(page - 1) }) : null }
    : { next: end < rows.length && end > start ? cursorLink("n", rows[end - 1]) : null, prev: start > 0 && end > start ? cursorLink("p", rows[start]) : null };
  return { items: rows.slice(start, end), total: rows.length, ...links };
}

type Op =
  | { kind: "create"; label: number; region: number; tags: number[] }
  | { kind: "relabel"; pick: number; label: number }
  | { kind: "retag"; pick: number; tags: number[] }
  | { kind: "delete"; pick: number }
  | { kind: "gone"; pick: number }
  | { kind: "revive"; pick: number }
  | { kind: "read"; perPage: number; label: number; region: number; tag: number; sort: number; desc: boolean; page: number; cursorFrom: number };

const tagPicks = fc.array(fc.nat({ max: TAGS.length - 1 }), { maxLength: 3 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("create" as const), label: fc.nat(), region: fc.nat(), tags: tagPicks }), weight: 4 },
  fc.record({ kind: fc.constant("relabel" as const), pick: fc.nat(), label: fc.nat() }),
  fc.record({ kind: fc.constant("retag" as const), pick: fc.nat(), tags: tagPicks }),
  fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("gone" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("revive" as const), pick: fc.nat() }),
  { arbitrary: fc.record({ kind: fc.constant("read" as const), perPage: fc.integer({ min: 1, max: 4 }),
    label: fc.integer({ min: -3, max: LABELS.length - 1 }), region: fc.integer({ min: -3, max: REGIONS.length - 1 }),
    tag: fc.integer({ min: -3, max: TAGS.length }), sort: fc.integer({ min: -1, max: SORTS.length - 1 }), desc: fc.boolean(),
    page: fc.integer({ min: -4, max: 4 }), cursorFrom: fc.nat() }), weight: 5 },
);

function newServer(store: MemoryStore, o: Extract<Op, { kind: "create" }>): ServerRecord {
  const seq = store.nextSeq++;
  return {
    seq, id: `id-${(seq * 7919) % 1000}-${seq}`, label: LABELS[o.label % LABELS.length], status: seq % 3 === 0 ? "pending" : "active",
    region: REGIONS[o.region % REGIONS.length], plan: seq % 2 === 0 ? "vc2-1c-1gb" : "vhf-1c-1gb", os_id: 2284, main_ip: `10.0.0.${seq}`,
    hostname: `h${seq}`, tags: o.tags.map((t) => TAGS[t]), backups: false, ddos_protection: false, ssh_key_ids: [], user_data: null,
    created_at: new Date(seq * 1000).toISOString(), next: null, deleted_at: null, gone: false, created_by_request: `r${seq}`,
  };
}

/** The query of a read op: filters (a negative pick means none; TAGS.length a tag nobody has), sort, order, and a page number (page > 0) or a cursor of an earlier answer, of any query (none yet: the first page). */
function readQuery(o: Extract<Op, { kind: "read" }>, links: string[]): URLSearchParams {
  const q = new URLSearchParams();
  if (o.label >= 0) q.set("label", LABELS[o.label]);
  if (o.region >= 0) q.set("region", REGIONS[o.region]);
  if (o.tag >= 0) q.set("tag", TAGS[o.tag] ?? "nobody");
  if (o.sort >= 0) q.set("sort", SORTS[o.sort]);
  if (o.desc) q.set("order", "desc");
  q.set("per_page", String(o.perPage));
  if (o.page > 0) q.set("page", String(o.page));
  else if (links.length > 0) q.set("cursor", new URL(links[o.cursorFrom % links.length]).searchParams.get("cursor")!);
  return q;
}

describe("simulator: the indexed server listing", () => {
  it("answers what filtering and sorting the whole table answers, after any sequence of changes and reads", () => {
    fc.assert(fc.property(fc.array(op, { minLength: 30, maxLength: 150 }), (ops) => {
      const store = new MemoryStore();
      const cursorLinks: string[] = [];
      for (const o of ops) {
        const pick = "pick" in o && store.servers.length > 0 ? store.servers[o.pick % store.servers.length] : undefined;
        if (o.kind === "create") store.addServer(newServer(store, o));
        else if (o.kind === "read") {
          const q = readQuery(o, cursorLinks);
          const got = listServers(store.listed, q, BASE);
          const want = wholeTableList(store.servers, q);
          expect({ ...got, items: got.items.map((s) => s.id) }, q.toString()).to.deep.equal({ ...want, items: want.items.map((s) => s.id) });
          for (const l of [got.next, got.prev]) if (l?.includes("cursor=")) cursorLinks.push(l);
        } else if (pick) {
          if (o.kind === "relabel") pick.label = LABELS[o.label % LABELS.length];
          if (o.kind === "retag") pick.tags = o.tags.map((t) => TAGS[t]);
          if (o.kind === "delete") pick.status = "terminated";
          if (o.kind === "gone" && pick.status === "terminated") pick.gone = true;
          if (o.kind === "revive" && !pick.gone) pick.status = "active";
          store.reindex(pick);
        }
      }
    }), { numRuns: 300 });
  });

  it("keeps a set of creation numbers in order across block splits and removals", () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 3000 })), { maxLength: 4000 }), (changes) => {
      const set = new SeqSet();
      const model = new Set<number>();
      for (const [add, seq] of changes) {
        expect(add ? set.add(seq) : set.delete(seq)).to.equal(add ? !model.has(seq) : model.has(seq));
        if (add) model.add(seq);
        else model.delete(seq);
      }
      const sorted = [...model].sort((a, b) => a - b);
      expect(set.size).to.equal(sorted.length);
      expect(set.values()).to.deep.equal(sorted);
      for (let i = 0; i < sorted.length; i += 97) expect(set.at(i)).to.equal(sorted[i]);
      const [from, to] = [Math.min(3, sorted.length), Math.min(700, sorted.length)];
      expect(set.slice(from, to)).to.deep.equal(sorted.slice(from, to));
    }), { numRuns: 40 });
  });
});
