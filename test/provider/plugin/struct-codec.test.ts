// The plugin's Struct codec reads and writes what google-protobuf's Struct does.
// The plugin's Struct codec (provider/plugin/struct-codec.ts) against google-protobuf's Struct
// (wire.ts's toStruct and fromStruct): for a member table with unknowns, secrets at the top and
// deep inside, nested values, numbers, nulls and Pulumi's special objects, the bytes written are
// google-protobuf's byte for byte, and the values read are the ones it gives, secrets found
// included; also for bytes written in another key order, with a key repeated (as another
// engine may write a map), and for any value of a seeded random sample.
import { expect } from "chai";
import { decodeProps, encodeProps } from "../../../provider/plugin/struct-codec";
import { fromStruct, toStruct } from "../../../provider/plugin/wire";
import { SIG, UNKNOWN, secret, structpb } from "./rpc";

const ASSET_SIG = "c44067f5952c0a294b673a41bacd8c17";
const ARCHIVE_SIG = "0def7320c3a5731c473e5ecbe6d01bc7";
const RESOURCE_REF_SIG = "5cf8f73096256a8f31e491e813e4eb8e";

/** A Fleet's outputs in small: members with the fields a recorded member holds. */
function memberTable(n: number): Record<string, unknown> {
  const members: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    members[`web-ewr-${i + 1}`] = {
      id: `0b6df584-48eb-4254-a53f-${String(i).padStart(12, "0")}`,
      label: `web-ewr-${i + 1}`,
      mainIp: i % 3 === 0 ? UNKNOWN : `45.76.${i % 256}.${(i * 7) % 256}`,
      os: "ubuntu-24.04",
      osId: 2284,
      plan: "vc2-1c-1gb",
      region: "ewr",
      status: "active",
      tags: ["fleet", `web-${i}`],
      ratio: i / 7,
      health: i % 2 ? null : { passes: i, seen: "200 OK", last: -0 },
      note: i % 4 === 0 ? secret(`password ${i}`) : "",
      sshKeyIds: [],
      extra: {},
    };
  }
  return {
    __fleetName: "fleet",
    members,
    leftovers: {},
    groups: [{ name: "web", regions: ["ewr", "fra"], count: n, backups: false, counts: { fra: 0 }, tags: [UNKNOWN] }],
    generation: 3,
    maxSurge: 1.5,
    pauseSeconds: 0,
    big: 2 ** 53 + 2,
    tiny: -1e-300,
    unicode: "naïve ☃ 𝄞 日本",
    apiKey: secret("key-1"),
    nested: [[1, [2, secret([3, { deep: secret("x") }])]], null, true, false],
    asset: { [SIG]: ASSET_SIG, path: "./index.html" },
    archive: { [SIG]: ARCHIVE_SIG, assets: { "a.txt": { [SIG]: ASSET_SIG, text: "a" } } },
    ref: { [SIG]: RESOURCE_REF_SIG, urn: "urn:pulumi:dev::p::hosting:index:Server::s", id: UNKNOWN, packageVersion: "" },
    unknown: UNKNOWN,
  };
}

const jspbBytes = (props: unknown, secrets: Iterable<string> = []) => Buffer.from(toStruct(props, secrets).serializeBinary());
const jspbRead = (bytes: Uint8Array) => fromStruct(structpb.Struct.deserializeBinary(bytes));

/** A seeded value of every kind the wire carries, undefined included (left out, or null in a list). */
function randomValue(next: () => number, depth: number): unknown {
  const pick = Math.floor(next() * (depth > 3 ? 6 : 9));
  const text = () => ["", "a", "b", "é", "10", "2", "__x", UNKNOWN, "z".repeat(200)][Math.floor(next() * 9)]!;
  switch (pick) {
    case 0:
      return null;
    case 1:
      return next() < 0.5;
    case 2:
      return [0, -0, 1, -1, 0.1, 1e21, -(2 ** 31), 2 ** 32 + 1, Number.MAX_VALUE, Number.MIN_VALUE][Math.floor(next() * 10)];
    case 3:
      return text();
    case 4:
      return undefined;
    case 5:
      return next() * 1e6;
    case 6:
      return Array.from({ length: Math.floor(next() * 4) }, () => randomValue(next, depth + 1));
    case 7:
      return Object.fromEntries(Array.from({ length: Math.floor(next() * 4) }, () => [text(), randomValue(next, depth + 1)]));
    default:
      return secret(randomValue(next, depth + 1));
  }
}

describe("plugin Struct codec against google-protobuf's Struct", () => {
  it("writes a member table with unknowns, secrets, nested and special values byte for byte as google-protobuf does", () => {
    const table = memberTable(50);
    for (const secrets of [[], ["apiKey"], ["members", "unknown", "missing"]]) {
      expect(encodeProps(table, secrets).equals(jspbBytes(table, secrets)), `secrets ${secrets.join(",")}`).to.equal(true);
    }
  });

  it("reads the same table's bytes into the values and top-level secrets google-protobuf gives", () => {
    const bytes = jspbBytes(memberTable(50), ["groups"]);
    const ours = decodeProps(bytes);
    const theirs = jspbRead(bytes);
    expect(ours.props).to.deep.equal(theirs.props);
    expect(Object.is((ours.props.members as any)["web-ewr-1"].health.last, -0), "-0 stays -0").to.equal(true);
    expect([...ours.secrets].sort()).to.deep.equal([...theirs.secrets].sort());
    expect([...ours.secrets].sort()).to.deep.equal(["apiKey", "groups", "members", "nested"]);
    expect(JSON.stringify(ours.props), "key order too").to.equal(JSON.stringify(theirs.props));
  });

  it("leaves undefined out of objects, makes it null in lists, and refuses what a Struct cannot hold, as toStruct does", () => {
    const props = { a: undefined, b: [undefined, 1], c: { d: undefined, e: "x" } };
    expect(encodeProps(props).equals(jspbBytes(props))).to.equal(true);
    expect(encodeProps("not an object").equals(jspbBytes("not an object"))).to.equal(true);
    expect(() => encodeProps({ f: () => 1 })).to.throw("Unexpected struct type");
    expect(() => toStruct({ f: () => 1 })).to.throw("Unexpected struct type");
  });

  it("reads keys written out of order and a repeated key as google-protobuf does: sorted, the last one winning", () => {
    // Entries of {b: 1}, {a: "x"}, {b: true}, written by hand in that order.
    const entry = (key: string, value: Buffer) => {
      const body = Buffer.concat([Buffer.from([0x0a, key.length]), Buffer.from(key), Buffer.from([0x12, value.length]), value]);
      return Buffer.concat([Buffer.from([0x0a, body.length]), body]);
    };
    const number1 = Buffer.from([0x11, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f]);
    const bytes = Buffer.concat([entry("b", number1), entry("a", Buffer.from([0x1a, 1, 0x78])), entry("b", Buffer.from([0x20, 1]))]);
    const ours = decodeProps(bytes);
    expect(ours.props).to.deep.equal(jspbRead(bytes).props).and.to.deep.equal({ a: "x", b: true });
    expect(Object.keys(ours.props)).to.deep.equal(Object.keys(jspbRead(bytes).props));
    expect(() => decodeProps(entry("v", Buffer.alloc(0)))).to.throw("Unexpected struct type");
    expect(() => jspbRead(entry("v", Buffer.alloc(0)))).to.throw("Unexpected struct type");
  });

  it("agrees with google-protobuf both ways on 500 seeded random values", () => {
    let seed = 42;
    const next = () => ((seed = (seed * 16_807) % 2_147_483_647) - 1) / 2_147_483_646;
    for (let i = 0; i < 500; i++) {
      const props = { v: randomValue(next, 0), w: randomValue(next, 0), [String(i)]: randomValue(next, 0) };
      const secrets = next() < 0.5 ? ["w"] : [];
      const theirs = jspbBytes(props, secrets);
      expect(encodeProps(props, secrets).equals(theirs), `value ${i}: ${JSON.stringify(props)}`).to.equal(true);
      const read = decodeProps(theirs);
      const expected = jspbRead(theirs);
      expect(read.props, `value ${i}`).to.deep.equal(expected.props);
      expect([...read.secrets].sort(), `value ${i}`).to.deep.equal([...expected.secrets].sort());
    }
  });
});
