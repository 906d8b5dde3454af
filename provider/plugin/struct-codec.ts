// google.protobuf.Struct read from and written to its wire bytes straight from and into plain
// values, without google-protobuf's message objects: a Fleet's member table crosses the engine's
// boundary on every request, and a wrapper object per value costs many times the table's own
// size. The values are the ones google-protobuf gives and takes (with wire.ts's secret
// handling), and the bytes written are the ones it writes: Struct { map<string, Value> fields =
// 1 } in sorted key order (read in any order, the last of a repeated key winning); Value's
// null = 1, number = 2, string = 3, bool = 4, struct = 5, list = 6; ListValue { repeated Value
// values = 1 }. Pulumi's special values (unknowns, secrets, assets, resource references) are
// plain strings and objects in a Struct and pass as any other value; a secret's wrapper is
// removed on the way in and put back on the named top-level properties on the way out.

import { isSecret, SECRET_SIG, SIG_KEY, type Props, type Unwrapped } from "./wire";

const UNEXPECTED = "Unexpected struct type";

/** A position in the bytes of one message. */
export interface ByteCursor {
  buf: Buffer;
  pos: number;
}

/** A cursor over the bytes of one message, and the secrets it has unwrapped so far. */
interface Cursor extends ByteCursor {
  secrets: number;
}

/** Reads one varint at the cursor and moves past it. */
export function varint(c: ByteCursor): number {
  let result = 0;
  let scale = 1;
  for (;;) {
    const b = c.buf[c.pos++];
    if (b === undefined) throw new Error("truncated protobuf varint");
    result += (b & 0x7f) * scale;
    if (b < 0x80) return result;
    scale *= 128;
  }
}

/** Skips one field's value of wire type `wire`. */
function skip(c: Cursor, wire: number): void {
  if (wire === 0) varint(c);
  else if (wire === 1) c.pos += 8;
  else if (wire === 2) c.pos += varint(c);
  else if (wire === 5) c.pos += 4;
  else throw new Error(`unsupported protobuf wire type ${wire}`);
}

/**
 * The Struct in `buf[start, end)` as plain properties, each secret's wrapper replaced by its
 * value, and the names of the top-level properties that held one: what wire.ts's fromStruct
 * gives for the same bytes.
 */
export function decodeProps(buf: Uint8Array, start = 0, end = buf.length): Unwrapped {
  const c: Cursor = { buf: Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength), pos: start, secrets: 0 };
  const secrets = new Set<string>();
  const props = readStruct(c, end, (key) => secrets.add(key));
  return { props, secrets };
}

function readStruct(c: Cursor, end: number, heldSecret?: (key: string) => void): Props {
  const keys: string[] = [];
  const values: unknown[] = [];
  let sorted = true;
  while (c.pos < end) {
    const tag = varint(c);
    if (tag !== 0x0a) {
      skip(c, tag & 7);
      continue;
    }
    const length = varint(c);
    const entryEnd = c.pos + length;
    let key = "";
    let value: unknown;
    let hasValue = false;
    const before = c.secrets;
    while (c.pos < entryEnd) {
      const t = varint(c);
      if (t === 0x0a) {
        const n = varint(c);
        key = c.buf.toString("utf8", c.pos, c.pos + n);
        c.pos += n;
      } else if (t === 0x12) {
        const n = varint(c);
        value = readValue(c, c.pos + n);
        hasValue = true;
      } else skip(c, t & 7);
    }
    c.pos = entryEnd;
    if (!hasValue) throw new Error(UNEXPECTED);
    if (c.secrets > before) heldSecret?.(key);
    if (keys.length > 0 && !(keys[keys.length - 1]! < key)) sorted = false;
    keys.push(key);
    values.push(value);
  }
  c.pos = end;
  const out: Props = {};
  const order = sorted ? keys.keys() : lastOfEachKey(keys);
  for (const i of order) {
    // Struct.toJavaScript's `ret[key] =` on "__proto__" sets no property, and wire.ts's
    // unwrapping copy keeps own properties only: the key is dropped.
    if (keys[i] !== "__proto__") out[keys[i]!] = values[i];
  }
  return out;
}

/** The index of the last entry of each key, in sorted key order. */
function lastOfEachKey(keys: string[]): number[] {
  const last = new Map<string, number>();
  keys.forEach((k, i) => last.set(k, i));
  return [...last.keys()].sort().map((k) => last.get(k)!);
}

/** One Value in `[c.pos, end)`; a secret's wrapper object is replaced by its value. */
function readValue(c: Cursor, end: number): unknown {
  let value: unknown;
  let kind = false;
  while (c.pos < end) {
    const tag = varint(c);
    const field = tag >>> 3;
    const wire = tag & 7;
    if (field === 1 && wire === 0) {
      varint(c);
      value = null;
    } else if (field === 2 && wire === 1) {
      value = c.buf.readDoubleLE(c.pos);
      c.pos += 8;
    } else if (field === 3 && wire === 2) {
      const n = varint(c);
      value = c.buf.toString("utf8", c.pos, c.pos + n);
      c.pos += n;
    } else if (field === 4 && wire === 0) {
      value = varint(c) !== 0;
    } else if (field === 5 && wire === 2) {
      const n = varint(c);
      value = readStruct(c, c.pos + n);
      if (isSecret(value)) {
        c.secrets++;
        value = value.value;
      }
    } else if (field === 6 && wire === 2) {
      const n = varint(c);
      value = readList(c, c.pos + n);
    } else {
      skip(c, wire);
      continue;
    }
    kind = true;
  }
  c.pos = end;
  if (!kind) throw new Error(UNEXPECTED);
  return value;
}

function readList(c: Cursor, end: number): unknown[] {
  const out: unknown[] = [];
  while (c.pos < end) {
    const tag = varint(c);
    if (tag !== 0x0a) {
      skip(c, tag & 7);
      continue;
    }
    const n = varint(c);
    out.push(readValue(c, c.pos + n));
  }
  c.pos = end;
  return out;
}

// Writing: one pass measures every Struct and ListValue (in the order the second pass meets
// them), the second writes into one buffer of the exact size.

/** The first pass's measures: each Struct's and ListValue's size and each Struct's sorted keys, in the order met. */
type Sizes = { sizes: number[]; keys: string[][] };

/** The Struct of `props` with each top-level property named in `secrets` wrapped: wire.ts's toStruct, as bytes. */
export function encodeProps(props: unknown, secrets: Iterable<string> = []): Buffer {
  const keep = new Set(secrets);
  const top: Props = {};
  for (const [k, v] of Object.entries(props !== null && typeof props === "object" ? props : {})) {
    if (v === undefined) continue;
    top[k] = keep.has(k) ? { [SIG_KEY]: SECRET_SIG, value: v } : v;
  }
  const plan: Sizes = { sizes: [], keys: [] };
  const size = structSize(top, plan);
  const buf = Buffer.allocUnsafe(size);
  const w = { buf, pos: 0, size: 0, key: 0 };
  writeStructBody(w, top, plan);
  if (w.pos !== size) throw new Error(`struct encoding wrote ${w.pos} bytes of ${size}`);
  return buf;
}

const varintSize = (n: number): number => (n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5);
const field = (n: number): number => varintSize(n) + n;

/** The defined own entries of an object, keys sorted (google-protobuf writes a map so). */
function sortedKeys(o: object): string[] {
  return Object.keys(o)
    .filter((k) => (o as Props)[k] !== undefined)
    .sort();
}

function structSize(o: object, plan: Sizes): number {
  const at = plan.sizes.length;
  plan.sizes.push(0);
  const keys = sortedKeys(o);
  plan.keys.push(keys);
  let size = 0;
  for (const k of keys) {
    const entry = 1 + field(Buffer.byteLength(k)) + 1 + field(valueSize((o as Props)[k], plan));
    size += 1 + field(entry);
  }
  plan.sizes[at] = size;
  return size;
}

function valueSize(v: unknown, plan: Sizes): number {
  if (v === null || v === undefined) return 2;
  switch (typeof v) {
    case "string":
      return 1 + field(Buffer.byteLength(v));
    case "number":
      return 9;
    case "boolean":
      return 2;
    case "object":
      return 1 + field(Array.isArray(v) ? listSize(v, plan) : structSize(v, plan));
    default:
      throw new Error(`${UNEXPECTED}.`);
  }
}

function listSize(a: unknown[], plan: Sizes): number {
  const at = plan.sizes.length;
  plan.sizes.push(0);
  let size = 0;
  for (const x of a) size += 1 + field(valueSize(x, plan));
  plan.sizes[at] = size;
  return size;
}

interface Writer {
  buf: Buffer;
  pos: number;
  /** The next entry of the plan's sizes and keys. */
  size: number;
  key: number;
}

function putVarint(w: Writer, n: number): void {
  while (n >= 0x80) {
    w.buf[w.pos++] = (n & 0x7f) | 0x80;
    n = Math.floor(n / 128);
  }
  w.buf[w.pos++] = n;
}

function putString(w: Writer, tag: number, s: string): void {
  w.buf[w.pos++] = tag;
  const n = Buffer.byteLength(s);
  putVarint(w, n);
  w.pos += w.buf.write(s, w.pos, "utf8");
}

function writeStructBody(w: Writer, o: object, plan: Sizes): void {
  w.size++;
  const keys = plan.keys[w.key++]!;
  for (const k of keys) {
    const v = (o as Props)[k];
    // The entry's size: its key, then its value, measured again but for the containers.
    const keyBytes = Buffer.byteLength(k);
    const valueBytes = writtenSize(v, plan, w);
    w.buf[w.pos++] = 0x0a;
    putVarint(w, 1 + field(keyBytes) + 1 + field(valueBytes));
    putString(w, 0x0a, k);
    w.buf[w.pos++] = 0x12;
    putVarint(w, valueBytes);
    writeValue(w, v, plan);
  }
}

/** The size of `v`'s Value, from the plan for a container (the next one the writer meets). */
function writtenSize(v: unknown, plan: Sizes, w: Writer): number {
  if (v !== null && typeof v === "object") return 1 + field(plan.sizes[w.size]!);
  if (v === null || v === undefined) return 2;
  if (typeof v === "string") return 1 + field(Buffer.byteLength(v));
  return typeof v === "number" ? 9 : 2;
}

function writeValue(w: Writer, v: unknown, plan: Sizes): void {
  if (v === null || v === undefined) {
    w.buf[w.pos++] = 0x08;
    w.buf[w.pos++] = 0;
  } else if (typeof v === "string") putString(w, 0x1a, v);
  else if (typeof v === "number") {
    w.buf[w.pos++] = 0x11;
    w.pos = w.buf.writeDoubleLE(v, w.pos);
  } else if (typeof v === "boolean") {
    w.buf[w.pos++] = 0x20;
    w.buf[w.pos++] = v ? 1 : 0;
  } else if (Array.isArray(v)) {
    w.buf[w.pos++] = 0x32;
    putVarint(w, plan.sizes[w.size]!);
    w.size++;
    for (const x of v) {
      w.buf[w.pos++] = 0x0a;
      putVarint(w, writtenSize(x, plan, w));
      writeValue(w, x, plan);
    }
  } else {
    w.buf[w.pos++] = 0x2a;
    putVarint(w, plan.sizes[w.size]!);
    writeStructBody(w, v as object, plan);
  }
}
