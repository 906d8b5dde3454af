// Schemathesis derives requests from docs/openapi.yaml in every phase (examples, coverage, fuzzing,
// stateful), sends them to the simulator in both shapes and finds every answer as documented: no
// server error, a documented status, content type, headers and body.
//
// A check of the simulator from outside the project: Schemathesis derives requests from
// docs/openapi.yaml (the document of the simulator's shape, test/helpers/openapi.ts), sends
// them to a simulator on a free loopback port, and checks every answer against the document:
// no server error, a documented status, content type, headers and body. Every phase runs:
// examples, coverage (edge and invalid values), fuzzing, and the stateful phase, which follows
// the document's links so that the id of a server or webhook just created flows into the
// calls after it. A last run sends hostile strings (test/helpers/hostile-values.ts) to every
// parameter, body field and body field name through the hooks of schemathesis-hostile.py: a
// name of an Object.prototype member must be answered as an unknown name of the same
// spelling is, and nothing may be a server error. Both shapes. Schemathesis comes from
// scripts/schemathesis.sh; without it this test fails and says how to install it.
import { expect } from "chai";
import { spawn } from "child_process";
import * as fs from "fs";
import * as http from "http";
import type { AddressInfo } from "net";
import * as os from "os";
import * as path from "path";
import { startSimulator, type SimulatorHandle } from "pulumi-hosting/simulator";
import { OS_IMAGES, PLANS, REGIONS } from "../../simulator/catalogue-data";
import type { ApiShape } from "../../protocol/shapes";
import { OTHER_HOSTILE_VALUES, PROTOTYPE_NAMES, unknownTwin } from "../helpers/hostile-values";
import { loadOpenApi, resolveRef, shapeDocument } from "../helpers/openapi";
import { SHAPES } from "../helpers/simulator";

const REPO_ROOT = path.resolve(__dirname, "../../..");
/** The hooks of the hostile-values run (Python, read by Schemathesis from the source tree). */
const HOSTILE_HOOKS = path.join(REPO_ROOT, "test/simulator/schemathesis-hostile.py");
const INSTALL = "bash scripts/schemathesis.sh";
const KEY = "schemathesis-key";
/** The checks, by the names of the pinned Schemathesis version. */
const SCHEMATHESIS_CHECKS = [
  "not_a_server_error",
  "status_code_conformance",
  "content_type_conformance",
  "response_headers_conformance",
  "response_schema_conformance",
];
/** Test cases per operation and phase, and steps per stateful scenario: the run's bound. */
const MAX_EXAMPLES = 25;
const MAX_STEPS = 10;

/** Where scripts/schemathesis.sh installs the `schemathesis` command (the same cache rule). */
function schemathesisPath(env: NodeJS.ProcessEnv = process.env): string {
  const script = fs.readFileSync(path.join(REPO_ROOT, "scripts/schemathesis.sh"), "utf8");
  const version = /^VERSION="([^"]+)"/m.exec(script)?.[1];
  if (!version) throw new Error("scripts/schemathesis.sh has no VERSION= line");
  const cacheRoot = env.PULUMI_HOSTING_CACHE || path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "pulumi-hosting");
  return path.join(cacheRoot, `schemathesis-v${version}`, "bin", "schemathesis");
}

/** The Schemathesis to run, or an error naming the tool and the command that installs it. */
function findSchemathesis(env: NodeJS.ProcessEnv = process.env): string {
  const bin = schemathesisPath(env);
  const installed = fs.existsSync(path.join(path.dirname(path.dirname(bin)), ".installed"));
  if (!installed || !fs.existsSync(bin)) {
    throw new Error(`Schemathesis (PyPI package schemathesis) is not installed at ${bin}: run \`${INSTALL}\` once on this machine`);
  }
  return bin;
}

/**
 * The document of one shape, told this deployment's catalogue: the create fields that must
 * name a region, a plan offered there and an OS image take the simulator's own ids, and a
 * webhook's url this test's receiver (the simulator delivers to loopback only), so that
 * creates succeed and the stateful phase has real ids to follow.
 */
function deploymentDocument(shape: ApiShape, receiverUrl: string): unknown {
  const doc = shapeDocument(loadOpenApi(), shape);
  const create = doc.components.schemas[`CreateServer${shape}`].properties;
  create.region.enum = REGIONS.map((r) => r.id);
  create.plan.enum = PLANS.filter((p) => p.regions.length === REGIONS.length).map((p) => p.id);
  if (shape === "A") create.os_id.enum = OS_IMAGES.map((o) => o.id);
  else create.os.enum = OS_IMAGES.map((o) => o.slug);
  for (const name of ["CreateWebhook", "UpdateWebhook"]) {
    doc.components.schemas[name].properties.url = { type: "string", enum: [`${receiverUrl}/hooks/a`, `${receiverUrl}/hooks/b`] };
  }
  return doc;
}

/** Where a hostile value can go in one operation's request (schemathesis-hostile.py fills it). */
interface Slot {
  in: "query" | "path" | "header" | "body" | "body-key";
  name?: string;
  type?: string;
}

/**
 * Every slot of every operation of `doc`, by "METHOD /path" as Schemathesis names operations:
 * each parameter, each field of the JSON body, and, for a body, a field named by the value.
 */
function hostileSlots(doc: any): Record<string, Slot[]> {
  const deref = (o: any): any => (o?.$ref ? deref(resolveRef(doc, o.$ref)) : o);
  const out: Record<string, Slot[]> = {};
  for (const [p, item] of Object.entries<any>(doc.paths)) {
    for (const method of ["get", "post", "put", "patch", "delete"]) {
      const op = item[method];
      if (!op) continue;
      const slots: Slot[] = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(deref).map((x) => ({ in: x.in, name: x.name }));
      let body = deref(op.requestBody?.content?.["application/json"]?.schema);
      if (body?.oneOf) {
        if (body.oneOf.length !== 1) throw new Error(`${method} ${p}: a body of ${body.oneOf.length} branches; the slots need one`);
        body = deref(body.oneOf[0]);
      }
      if (body) {
        for (const [name, prop] of Object.entries<any>(body.properties ?? {})) slots.push({ in: "body", name, type: deref(prop).type });
        slots.push({ in: "body-key" });
      }
      out[`${method.toUpperCase()} ${p}`] = slots;
    }
  }
  return out;
}

interface RunResult {
  status: number | null;
  output: string;
}

function run(bin: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    // Asynchronous: the simulator under test answers from this process's event loop.
    const child = spawn(bin, args, { cwd, env: { ...process.env, NO_COLOR: "1", SCHEMATHESIS_TELEMETRY: "false", ...env } });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, output }));
  });
}

/** "N generated, N passed" and "x covered / y selected" out of Schemathesis's summary. */
function figures(output: string): { generated: number; passed: number; links?: [number, number] } {
  const cases = /(\d+) generated, (\d+) passed/.exec(output);
  const links = /API Links:\s+(\d+) covered \/ (\d+) selected/.exec(output);
  return {
    generated: Number(cases?.[1] ?? 0),
    passed: Number(cases?.[2] ?? 0),
    links: links ? [Number(links[1]), Number(links[2])] : undefined,
  };
}

async function startReceiver(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received++;
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

describe("simulator: Schemathesis checks it against docs/openapi.yaml", function () {
  this.timeout(240_000);

  it("Schemathesis is installed (scripts/schemathesis.sh)", () => {
    findSchemathesis();
  });

  it("a missing Schemathesis is an error naming the tool and the command that installs it", () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "no-schemathesis-"));
    try {
      expect(() => findSchemathesis({ PULUMI_HOSTING_CACHE: empty })).to.throw(/Schemathesis.*run `bash scripts\/schemathesis\.sh`/);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  for (const shape of SHAPES) {
    describe(`shape ${shape}`, () => {
      let sim: SimulatorHandle;
      let receiver: Awaited<ReturnType<typeof startReceiver>>;
      let dir: string;
      before(async () => {
        sim = await startSimulator({
          shape, port: 0, seed: 1, provisionMs: 200, transitionMs: 100,
          keys: [{ key: KEY, permission: "full", tier: "enterprise" }],
        });
        receiver = await startReceiver();
        dir = fs.mkdtempSync(path.join(os.tmpdir(), `schemathesis-${shape}-`));
        fs.writeFileSync(path.join(dir, "openapi.json"), JSON.stringify(deploymentDocument(shape, receiver.url)));
        fs.writeFileSync(path.join(dir, "schemathesis.toml"), `[phases.stateful]\nmax-steps = ${MAX_STEPS}\n`);
        // The hostile run's base cases: one per operation even where the document has no example.
        fs.writeFileSync(path.join(dir, "hostile.toml"), "[phases.examples]\nfill-missing = true\n");
      });
      after(async () => {
        await sim?.close();
        await receiver?.close();
        if (dir) fs.rmSync(dir, { recursive: true, force: true });
      });

      const schemathesis = (phases: string, extra: string[] = [], o: { config?: string; checks?: string[]; env?: NodeJS.ProcessEnv } = {}): Promise<RunResult> => run(findSchemathesis(), [
        "--config-file", path.join(dir, o.config ?? "schemathesis.toml"),
        "run", path.join(dir, "openapi.json"),
        "--url", `${sim.url}/v1`,
        "--header", `Authorization: Bearer ${KEY}`,
        "--phases", phases,
        "--checks", [...SCHEMATHESIS_CHECKS, ...(o.checks ?? [])].join(","),
        "--max-examples", String(MAX_EXAMPLES),
        "--seed", "1",
        "--workers", "1",
        ...extra,
      ], dir, o.env);

      const expectClean = (name: string, r: RunResult): ReturnType<typeof figures> => {
        const f = figures(r.output);
        const fail = `${name}: Schemathesis found a problem:\n${r.output.slice(-6000)}`;
        expect(r.status, fail).to.equal(0);
        expect(f.generated, fail).to.be.above(0);
        expect(f.passed, fail).to.equal(f.generated);
        console.log(`      shape ${shape}, ${name}: ${f.generated} test cases, ${f.passed} passed${f.links ? `, links ${f.links[0]}/${f.links[1]} covered` : ""}`);
        return f;
      };

      it("examples, coverage and fuzzing: every answer conforms, none is a server error", async () => {
        expectClean("examples+coverage+fuzzing", await schemathesis("examples,coverage,fuzzing"));
      });

      it("stateful, servers: real ids flow from a create through every link", async () => {
        const f = expectClean("stateful servers", await schemathesis("stateful", ["--include-path-regex", "^/servers"]));
        expect(f.links, "links covered / selected").to.deep.equal([7, 7]);
      });

      it("stateful, webhooks: real ids flow from a registration through every link", async () => {
        const f = expectClean("stateful webhooks", await schemathesis("stateful", ["--include-path-regex", "^/webhooks"]));
        expect(f.links, "links covered / selected").to.deep.equal([3, 3]);
      });

      it("hostile values in every slot: a prototype name is answered as an unknown name, nothing is a server error", async () => {
        const slots = hostileSlots(JSON.parse(fs.readFileSync(path.join(dir, "openapi.json"), "utf8")));
        const report = path.join(dir, "hostile-report.jsonl");
        const plan = path.join(dir, "hostile-plan.json");
        const twins = PROTOTYPE_NAMES.map((name) => [name, unknownTwin(name)]);
        fs.writeFileSync(plan, JSON.stringify({ twins, others: OTHER_HOSTILE_VALUES, slots, report }));
        const r = await schemathesis("examples", ["--continue-on-failure"], {
          config: "hostile.toml", checks: ["prototype_names_are_unknown"], env: { SCHEMATHESIS_HOOKS: HOSTILE_HOOKS, HOSTING_HOSTILE_PLAN: plan },
        });
        expectClean("hostile values", r);
        // Every slot of every operation got every prototype name, its twin and every other value
        // (a header only those it can carry: visible Latin-1 and spaces).
        const fitsHeader = (v: string): boolean => /^[\t\x20-\x7e\x80-\xff]*$/.test(v);
        const sent = new Set(fs.readFileSync(report, "utf8").trim().split("\n").map((line) => {
          const { operation, slot, value } = JSON.parse(line) as { operation: string; slot: string; value: string };
          return JSON.stringify([operation, slot, value]);
        }));
        const missing: string[] = [];
        for (const [operation, list] of Object.entries(slots)) {
          for (const slot of list) {
            const label = slot.name === undefined ? slot.in : `${slot.in}:${slot.name}`;
            for (const value of [...twins.flat(), ...OTHER_HOSTILE_VALUES].filter((v) => slot.in !== "header" || fitsHeader(v))) {
              if (!sent.has(JSON.stringify([operation, label, value]))) missing.push(`${operation} ${label}=${JSON.stringify(value.slice(0, 20))}`);
            }
          }
        }
        expect(missing, "slots and values Schemathesis did not send").to.deep.equal([]);
        console.log(`      shape ${shape}, hostile values: ${sent.size} slot and value pairs over ${Object.keys(slots).length} operations`);
      });

      it("the simulator itself counted no 5xx answer", () => {
        const byRoute = sim.admin.sim.stats.byRoute;
        const serverErrors = Object.entries(byRoute).filter(([route]) => / 5\d\d$/.test(route));
        expect(serverErrors).to.deep.equal([]);
        expect(Object.values(byRoute).reduce((a, b) => a + b, 0), "requests answered").to.be.above(1000);
      });
    });
  }
});
