// The servers GET /v1/servers can show (not terminated, not gone), kept in creation order and
// by tag, label and region, so that a page, a filter and a total cost what the page holds,
// not what the table holds. The store calls `sync` after anything about a server changes; it
// compares the server with what was indexed and moves it between the sets.
import { SeqSet } from "./seq-set";
import type { ServerRecord } from "./types";

/** What a server was indexed under, to take it out again after its record changed. */
interface IndexedAs {
  label: string;
  region: string;
  tags: string[];
}

const NOTHING = new SeqSet();

export class ListedServers {
  private every = new SeqSet();
  private readonly byTag = new Map<string, SeqSet>();
  private readonly byLabel = new Map<string, SeqSet>();
  private readonly byRegion = new Map<string, SeqSet>();
  private readonly records = new Map<number, ServerRecord>();
  private readonly indexedAs = new Map<number, IndexedAs>();

  /** Whether a list shows the server: not terminated, and its terminated window not over. */
  static shows(s: ServerRecord): boolean {
    return s.status !== "terminated" && !s.gone;
  }

  /** Brings the indexes in line with the server's record as it is now. */
  sync(s: ServerRecord): void {
    const was = this.indexedAs.get(s.seq);
    const now = ListedServers.shows(s) ? indexedAs(s) : undefined;
    if (was && now && sameIndex(was, now) && this.records.get(s.seq) === s) return;
    if (was) this.remove(s.seq, was);
    if (now) this.insert(s, now);
  }

  /** The listed server of a creation number the sets handed out. */
  record(seq: number): ServerRecord {
    return this.records.get(seq)!;
  }

  /** Every listed server's creation number. */
  get all(): SeqSet {
    return this.every;
  }

  withTag(tag: string): SeqSet {
    return this.byTag.get(tag) ?? NOTHING;
  }

  withLabel(label: string): SeqSet {
    return this.byLabel.get(label) ?? NOTHING;
  }

  inRegion(region: string): SeqSet {
    return this.byRegion.get(region) ?? NOTHING;
  }

  clear(): void {
    this.every = new SeqSet();
    this.byTag.clear();
    this.byLabel.clear();
    this.byRegion.clear();
    this.records.clear();
    this.indexedAs.clear();
  }

  private insert(s: ServerRecord, as: IndexedAs): void {
    this.every.add(s.seq);
    this.records.set(s.seq, s);
    this.indexedAs.set(s.seq, as);
    addTo(this.byLabel, as.label, s.seq);
    addTo(this.byRegion, as.region, s.seq);
    for (const t of as.tags) addTo(this.byTag, t, s.seq);
  }

  private remove(seq: number, as: IndexedAs): void {
    this.every.delete(seq);
    this.records.delete(seq);
    this.indexedAs.delete(seq);
    removeFrom(this.byLabel, as.label, seq);
    removeFrom(this.byRegion, as.region, seq);
    for (const t of as.tags) removeFrom(this.byTag, t, seq);
  }
}

/** Tags are indexed once each; a record whose tags are not a list (only the admin API can do that) has none. */
function indexedAs(s: ServerRecord): IndexedAs {
  const tags = Array.isArray(s.tags) ? [...new Set(s.tags)] : [];
  return { label: s.label, region: s.region, tags };
}

function sameIndex(a: IndexedAs, b: IndexedAs): boolean {
  return a.label === b.label && a.region === b.region && a.tags.length === b.tags.length && a.tags.every((t, i) => t === b.tags[i]);
}

function addTo(map: Map<string, SeqSet>, key: string, seq: number): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new SeqSet()));
  set.add(seq);
}

function removeFrom(map: Map<string, SeqSet>, key: string, seq: number): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(seq);
  if (set.size === 0) map.delete(key);
}
