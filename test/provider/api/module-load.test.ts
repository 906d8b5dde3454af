// Loading from the CommonJS build: p-retry (ESM only) loads through require(esm) or the import()
// fallback and prints nothing else, and ioredis loads only when Redis is configured, failing with
// the setting and the install command when it is missing.
import { execFile } from "child_process";
import * as path from "path";
import { expect } from "chai";
import { until } from "../../helpers/wait";
import { startClientSimulator, type ClientSimulator } from "../../helpers/client-simulator";
import { countRequests } from "../../helpers/simulator";

const API = path.resolve(__dirname, "../../../provider/api");
const PROVIDER = path.resolve(__dirname, "../../../provider");

/** Runs a script in a fresh Node process; resolves with its output, or rejects with stderr. */
function node(script: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["-e", script], { timeout: 30_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve({ stdout, stderr }),
    );
  });
}

/** Makes require() of the named packages fail as when they are not installed. */
const HIDE = (ids: string[]) => `
  const Module = require("module");
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (request, ...rest) {
    if (${JSON.stringify(ids)}.includes(request)) throw Object.assign(new Error("Cannot find module '" + request + "'"), { code: "MODULE_NOT_FOUND" });
    return resolve.call(this, request, ...rest);
  };
`;

/** Runs a retried request in a fresh Node process with the given flags. */
function run(flags: string[], url: string): Promise<{ stdout: string; stderr: string }> {
  const script = `
    const { createClient } = require(${JSON.stringify(API)});
    const c = createClient({ baseUrl: ${JSON.stringify(url)}, apiKey: "test-fast-key-enterprise-9f8e7d", minRetryDelayMs: 100, maxRetryDelayMs: 200 });
    c.getAccount().then(() => console.log("retries=" + c.stats().retries), (e) => { console.error(e.message); process.exit(1); });
  `;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [...flags, "-e", script], { timeout: 20_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve({ stdout, stderr }),
    );
  });
}

describe("loading p-retry (ESM-only) from the CommonJS build", () => {
  let sim: ClientSimulator;
  before(async () => {
    sim = await startClientSimulator("A");
  });
  beforeEach(() => sim.reset());
  after(() => sim.close());

  for (const flags of [[], ["--no-experimental-require-module"]]) {
    it(`retries with ${flags.length ? "the dynamic import() fallback" : "require(esm)"} and prints nothing else`, async function () {
      this.timeout(20_000);
      await sim.setFaults([{ route: "GET /v1/account", errorRate: 1, errorStatuses: [503] }]);
      const child = run(flags, sim.url);
      // Once the simulator has refused an attempt, lift the fault so a retry succeeds.
      await until("a 503 on GET /v1/account", async () => countRequests(await sim.stats(), "GET /v1/account 503") > 0, { timeoutMs: 15_000 });
      await sim.setFaults([]);
      const { stdout, stderr } = await child;
      expect(stderr).to.equal("");
      expect(stdout).to.match(/^retries=[1-9]\d*\n$/);
    });
  }
});

describe("ioredis loads only when Redis is configured", () => {
  let sim: ClientSimulator;
  before(async () => {
    sim = await startClientSimulator("A");
  });
  after(() => sim.close());

  it("a client without Redis, and the whole provider, run with ioredis missing and do not load it", async function () {
    this.timeout(30_000);
    const { stdout } = await node(`
      ${HIDE(["ioredis"])}
      require(${JSON.stringify(PROVIDER)});
      const { createClient } = require(${JSON.stringify(API)});
      const c = createClient({ baseUrl: ${JSON.stringify(sim.url)}, apiKey: "test-fast-key-enterprise-9f8e7d" });
      c.getAccount().then(() => {
        const loaded = Object.keys(require.cache).filter((f) => /node_modules[\\/]ioredis[\\/]/.test(f));
        console.log("loaded=" + loaded.length);
      }, (e) => { console.error(e.message); process.exit(1); });
    `);
    expect(stdout).to.equal("loaded=0\n");
  });

  {
    const missing = "ioredis";
    it(`a client with Redis configured and ${missing} missing fails with the setting and the install command`, async function () {
      this.timeout(30_000);
      const { stdout } = await node(`
        ${HIDE([missing])}
        const { createClient } = require(${JSON.stringify(API)});
        try {
          createClient({ baseUrl: ${JSON.stringify(sim.url)}, apiKey: "test-fast-key-enterprise-9f8e7d", rateLimitRedis: "redis://127.0.0.1:1" });
          console.log("created");
        } catch (e) {
          console.log(e.name + ": " + e.message);
        }
      `);
      expect(stdout).to.match(/^RedisPackageMissingError: /);
      expect(stdout).to.include(`"${missing}"`).and.to.include("HOSTING_RATE_LIMIT_REDIS").and.to.include("npm install ioredis");
    });
  }
});
