// The plugin's wire conversion of a Fleet's member table (not a test): an UpdateRequest whose
// olds, news and old inputs hold N members is read into the plain properties the core takes
// (olds and news, as the Update handler reads them), and an UpdateResponse of the N members'
// outputs is written, by google-protobuf's Struct (wire.ts's fromStruct/toStruct) and by the
// plugin's codec (struct-codec.ts, as the service runs it: struct-fields.ts), beside
// JSON.parse/JSON.stringify of the same data. Each case runs in a process of its own, which
// holds only its input (the request's bytes, read from a file this process writes; or the plain
// outputs) and prints its time, the heap still held after a full GC (the message read and its
// result), and its peak RSS beside its RSS before.
//
//   npm run bench:struct-wire -- [--members 10000]

import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { provproto } from "../provider/plugin/grpc";
import { answerProps, requestProps, structWireService } from "../provider/plugin/struct-fields";
import { fromStruct, toStruct } from "../provider/plugin/wire";

const SIG = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** A recorded member as a Fleet's outputs hold it. */
function member(i: number): Record<string, unknown> {
  const region = ["ewr", "fra", "sgp", "syd"][i % 4]!;
  return {
    id: `0b6df584-48eb-4254-a53f-${String(i).padStart(12, "0")}`,
    label: `web-${region}-${i}`,
    mainIp: `45.76.${i % 256}.${(i * 7) % 256}`,
    os: "ubuntu-24.04",
    osId: 2284,
    ownerTag: "pulumi-stack:scale/dev",
    fleetTag: "pulumi-fleet:7f3c2a9e-4b1d-4f6a-9c3e-2d8b1a0f5e7c",
    memberTag: `pulumi-member:web-${region}-${i}`,
    plan: "vc2-1c-1gb",
    region,
    status: "active",
    tags: ["fleet", "web", "team:platform"],
    sshKeyIds: ["5f1c0e2a-3b4d-4c5e-8f6a-7b8c9d0e1f2a"],
    backups: false,
    ddosProtection: false,
    createdAt: "2026-11-28T23:59:59.000Z",
    vcpus: 1,
    ramGb: 1,
    diskGb: 25,
  };
}

function table(n: number): { outputs: Record<string, unknown>; inputs: Record<string, unknown> } {
  const members: Record<string, unknown> = {};
  const memberSpecs: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const m = member(i);
    members[m.label as string] = m;
    memberSpecs[m.label as string] = { label: m.label, os: m.os, osId: m.osId, ownerTag: m.ownerTag, plan: m.plan, region: m.region, tags: m.tags };
  }
  const groups = [{ name: "web", regions: ["ewr", "fra", "sgp", "syd"], count: n / 4, plan: "vc2-1c-1gb", os: "ubuntu-24.04", tags: ["fleet"], label: "{key}", sshKeyIds: [], backups: false, ddosProtection: false }];
  const common = { groups, maxSurge: 1, maxUnavailable: 0, pauseSeconds: 0, waitTimeoutSeconds: 600, ownerTag: "pulumi-stack:scale/dev", apiKey: { [SIG]: SECRET_SIG, value: "key" } };
  return { outputs: { ...common, members, leftovers: {}, generation: 2 }, inputs: { ...common, memberSpecs } };
}

type Case = "protobuf-read" | "protobuf-write" | "codec-read" | "codec-write" | "json-read" | "json-write";
const CASES: Case[] = ["protobuf-read", "codec-read", "json-read", "protobuf-write", "codec-write", "json-write"];

const gc = (): void => (global as unknown as { gc: () => void }).gc();
const heapMb = (): number => process.memoryUsage().heapUsed / 2 ** 20;

/** The request's bytes: an UpdateRequest whose olds are the outputs and news and old inputs the inputs. */
function requestBytes(n: number): { bytes: Buffer; json: string } {
  const { outputs, inputs } = table(n);
  const request = new provproto.UpdateRequest().setOlds(toStruct(outputs)).setNews(toStruct(inputs)).setOldInputs(toStruct(inputs));
  return { bytes: Buffer.from(request.serializeBinary()), json: JSON.stringify({ olds: outputs, news: inputs, oldInputs: inputs }) };
}

/** One case in this process: prints a JSON line of its figures. */
function runCase(which: Case, n: number, dir: string): void {
  const reading = which.endsWith("read");
  const bytes = reading ? fs.readFileSync(path.join(dir, "request.bin")) : Buffer.alloc(0);
  const json = reading ? fs.readFileSync(path.join(dir, "request.json"), "utf8") : "";
  const outputs = reading ? {} : table(n).outputs;
  const update = structWireService().update!;
  let keep: unknown[] = [bytes, json, outputs];
  gc();
  const heapBefore = heapMb();
  const rssBefore = process.memoryUsage().rss / 2 ** 20;
  const start = process.hrtime.bigint();
  let result: unknown;
  switch (which) {
    case "protobuf-read": {
      const req = provproto.UpdateRequest.deserializeBinary(bytes);
      result = [req, fromStruct(req.getOlds()), fromStruct(req.getNews())];
      break;
    }
    case "codec-read": {
      const req = update.requestDeserialize(bytes) as InstanceType<typeof provproto.UpdateRequest>;
      result = [req, requestProps(req, "olds"), requestProps(req, "news")];
      break;
    }
    case "json-read": {
      const parsed = JSON.parse(json) as Record<string, unknown>;
      result = [parsed];
      break;
    }
    case "protobuf-write":
      result = Buffer.from(new provproto.UpdateResponse().setProperties(toStruct(outputs, ["apiKey"])).serializeBinary());
      break;
    case "codec-write":
      result = update.responseSerialize(answerProps(new provproto.UpdateResponse(), "properties", outputs, ["apiKey"]));
      break;
    case "json-write":
      result = JSON.stringify(outputs);
      break;
  }
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  gc();
  const heldMb = heapMb() - heapBefore;
  keep = [keep, result];
  console.log(JSON.stringify({ which, n, ms, heldMb, peakMb, rssBefore, requestMb: bytes.length / 2 ** 20, keep: keep.length }));
}

function main(): void {
  const caseArg = process.argv.indexOf("--case");
  const i = process.argv.indexOf("--members");
  const n = i >= 0 ? Number(process.argv[i + 1]) : 10_000;
  if (caseArg >= 0) return runCase(process.argv[caseArg + 1] as Case, n, process.argv[caseArg + 2]!);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "struct-wire-"));
  try {
    const { bytes, json } = requestBytes(n);
    fs.writeFileSync(path.join(dir, "request.bin"), bytes);
    fs.writeFileSync(path.join(dir, "request.json"), json);
    console.log(`node ${process.version}; ${n.toLocaleString("en-US")} members; the request ${(bytes.length / 2 ** 20).toFixed(1)} MB; each case in its own process`);
    for (const which of CASES) {
      const out = execFileSync(process.execPath, ["--expose-gc", __filename, "--case", which, dir, "--members", String(n)], { encoding: "utf8" });
      const r = JSON.parse(out.trim().split("\n").pop()!) as { ms: number; heldMb: number; peakMb: number; rssBefore: number };
      const what = which.endsWith("read") ? "read the request" : "write the answer";
      const figures = `${r.ms.toFixed(0).padStart(6)} ms  held after GC ${r.heldMb.toFixed(0).padStart(4)} MB  peak RSS ${r.peakMb.toFixed(0).padStart(4)} MB (${r.rssBefore.toFixed(0)} MB before)`;
      console.log(`${which.padEnd(15)} ${what.padEnd(17)} ${figures}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main();
