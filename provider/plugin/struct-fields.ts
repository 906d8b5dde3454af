// The resource methods' Struct fields cross the gRPC boundary as bytes: the service's requests
// are read with their Struct fields set aside as bytes, which struct-codec.ts reads into plain
// properties when a handler asks (`requestProps`); an answer's Struct fields are written by
// struct-codec.ts and appended to the rest of the message, which google-protobuf writes
// (`answerProps`). Every other field, and every other method, goes through the SDK's generated
// messages as before. A message built outside the service (a test's) falls back on
// google-protobuf's Struct (wire.ts).

import type { ServiceDefinition } from "@grpc/grpc-js";
import type { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { provrpc } from "./grpc";
import { decodeProps, encodeProps, varint, type ByteCursor } from "./struct-codec";
import { fromStruct, type Unwrapped } from "./wire";

/** Each resource method's Struct fields by name: their field numbers in the request and the answer (provider.proto). */
const FIELDS = {
  check: { request: { olds: 2, news: 3 }, response: { inputs: 1 } },
  diff: { request: { olds: 3, news: 4, oldInputs: 6 }, response: {} },
  create: { request: { properties: 2 }, response: { properties: 2 } },
  read: { request: { properties: 3, inputs: 4 }, response: { properties: 2, inputs: 3 } },
  update: { request: { olds: 3, news: 4, oldInputs: 8 }, response: { properties: 1 } },
  delete: { request: { properties: 3, oldInputs: 5 }, response: {} },
} as const satisfies Record<string, { request: Record<string, number>; response: Record<string, number> }>;

/** The Struct fields a request arrived with, as bytes, by name. */
const received = new WeakMap<object, Map<string, Buffer>>();
/** The Struct fields an answer carries, as bytes, by name. */
const answered = new WeakMap<object, Map<string, Buffer>>();

/** A message with a Struct getter of this name (`olds` → `getOlds`). */
type WithStruct<N extends string> = { [K in `get${Capitalize<N>}`]: () => Struct | undefined };

/** A request's Struct field as plain properties and the names of its top-level secrets (wire.ts's fromStruct). */
export function requestProps<N extends string>(req: WithStruct<N>, name: N): Unwrapped {
  const bytes = received.get(req)?.get(name);
  if (bytes) return decodeProps(bytes);
  const getter = `get${name[0]!.toUpperCase()}${name.slice(1)}` as keyof WithStruct<N>;
  return fromStruct(req[getter]());
}

/** Sets an answer's Struct field to `props`, each top-level property named in `secrets` wrapped (wire.ts's toStruct). */
export function answerProps<M extends object>(res: M, name: string, props: unknown, secrets: Iterable<string> = []): M {
  const fields = answered.get(res) ?? new Map<string, Buffer>();
  fields.set(name, encodeProps(props, secrets));
  answered.set(res, fields);
  return res;
}

function varintBytes(n: number): Buffer {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return Buffer.from(out);
}

/** Splits a message's bytes: the named length-delimited fields' contents (repeats joined, as protobuf merges them), and the rest. */
function setAside(buf: Buffer, fields: Record<string, number>): { rest: Buffer; structs: Map<string, Buffer> } {
  const names = new Map(Object.entries(fields).map(([name, n]) => [n, name]));
  const rest: Buffer[] = [];
  const parts = new Map<string, Buffer[]>();
  const c: ByteCursor = { buf, pos: 0 };
  while (c.pos < buf.length) {
    const start = c.pos;
    const tag = varint(c);
    const wire = tag & 7;
    const name = names.get(tag >>> 3);
    if (wire === 2) {
      const n = varint(c);
      if (name !== undefined) parts.set(name, [...(parts.get(name) ?? []), buf.subarray(c.pos, c.pos + n)]);
      c.pos += n;
    } else if (wire === 0) varint(c);
    else if (wire === 1) c.pos += 8;
    else if (wire === 5) c.pos += 4;
    else throw new Error(`unsupported protobuf wire type ${wire}`);
    if (name === undefined || wire !== 2) rest.push(buf.subarray(start, c.pos));
  }
  const structs = new Map([...parts].map(([name, p]) => [name, p.length === 1 ? p[0]! : Buffer.concat(p)]));
  return { rest: Buffer.concat(rest), structs };
}

type MethodDefinition = ServiceDefinition[string];

/** One method whose Struct fields go through struct-codec.ts. */
function structMethod(def: MethodDefinition, fields: (typeof FIELDS)[keyof typeof FIELDS]): MethodDefinition {
  return {
    ...def,
    requestDeserialize: (buf: Buffer) => {
      const { rest, structs } = setAside(buf, fields.request);
      const req = def.requestDeserialize(rest) as object;
      received.set(req, structs);
      return req;
    },
    responseSerialize: (res: object) => {
      const head = def.responseSerialize(res);
      const structs = answered.get(res);
      if (!structs) return head;
      const out: Buffer[] = [head];
      const numbers: Record<string, number> = fields.response;
      for (const [name, bytes] of structs) {
        const n = numbers[name];
        if (n === undefined) throw new Error(`${def.path} answers no Struct field named ${name}`);
        out.push(varintBytes((n << 3) | 2), varintBytes(bytes.length), bytes);
      }
      return Buffer.concat(out);
    },
  };
}

/** The ResourceProvider service's definition, with the resource methods' Struct fields read and written as bytes. */
export function structWireService(): ServiceDefinition {
  const service: Record<string, MethodDefinition> = { ...(provrpc.ResourceProviderService as unknown as ServiceDefinition) };
  for (const [name, fields] of Object.entries(FIELDS)) service[name] = structMethod(service[name]!, fields);
  return service as ServiceDefinition;
}
