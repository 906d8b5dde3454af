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
// calls after it. Both shapes. Schemathesis comes from scripts/schemathesis.sh; without it
// this test fails and says how to install it.
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
import { loadOpenApi, shapeDocument } from "../helpers/openapi";
import { SHAPES } from "../helpers/simulator";

const REPO_ROOT = path.resolve(__dirname, "../../..");
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

interface RunResult {
  status: number | null;
  output: string;
}

function run(bin: string, args: string[], cwd: string): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    // Asynchronous: the simulator under test answers from this process's event loop.
    const child = spawn(bin, args, { cwd, env: { ...process.env, NO_COLOR: "1", SCHEMATHESIS_TELEMETRY: "false" } });
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
      });
      after(async () => {
        await sim?.close();
        await receiver?.close();
        if (dir) fs.rmSync(dir, { recursive: true, force: true });
      });

      const schemathesis = (phases: string, extra: string[] = []): Promise<RunResult> => run(findSchemathesis(), [
        "--config-file", path.join(dir, "schemathesis.toml"),
        "run", path.join(dir, "openapi.json"),
        "--url", `${sim.url}/v1`,
        "--header", `Authorization: Bearer ${KEY}`,
        "--phases", phases,
        "--checks", SCHEMATHESIS_CHECKS.join(","),
        "--max-examples", String(MAX_EXAMPLES),
        "--seed", "1",
        "--workers", "1",
        ...extra,
      ], dir);

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

      it("the simulator itself counted no 5xx answer", () => {
        const byRoute = sim.admin.sim.stats.byRoute;
        const serverErrors = Object.entries(byRoute).filter(([route]) => / 5\d\d$/.test(route));
        expect(serverErrors).to.deep.equal([]);
        expect(Object.values(byRoute).reduce((a, b) => a + b, 0), "requests answered").to.be.above(1000);
      });
    });
  }
});
