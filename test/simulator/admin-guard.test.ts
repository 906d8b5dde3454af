// The admin API (/_sim/) cannot be driven from a web page or the network: requests a browser page,
// a DNS-rebinding page or a neighbour could send are refused with their status and change nothing,
// and the token, loopback-only listening and the state file's mode hold.
//
// The admin API (/_sim/) cannot be driven from a web page or from the network:
// a table of requests a browser page, a DNS-rebinding page or a neighbour could send, each
// refused with its status, and the state left as it was; the admin token; the refusal to
// listen beyond loopback without one; the state file's permissions.
import { expect } from "chai";
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as http from "http";
import * as os from "os";
import * as path from "path";
import { startSimulator, type SimulatorOptions } from "../../simulator";

type Answer = { status: number; body: string };

/** A raw request, so that Host and Content-Type are exactly what the row says. */
function raw(port: number, method: string, p: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: p, headers, setHost: false }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

interface Row {
  name: string;
  method: string;
  path: string;
  headers: (port: number) => Record<string, string>;
  body?: string;
  status: number;
  message: RegExp;
}

const JSON_TYPE = { "Content-Type": "application/json" };
const own = (port: number) => ({ Host: `127.0.0.1:${port}` });
const NEW_KEY = JSON.stringify({ key: "stolen-full-key", permission: "full" });

export const ADMIN_REFUSALS: Row[] = [
  { name: "a form POST (text/plain) adding a Full key", method: "POST", path: "/_sim/keys", headers: (p) => ({ ...own(p), "Content-Type": "text/plain" }), body: NEW_KEY, status: 415, message: /takes only Content-Type: application\/json/ },
  { name: "a form POST (urlencoded) resetting", method: "POST", path: "/_sim/reset", headers: (p) => ({ ...own(p), "Content-Type": "application/x-www-form-urlencoded" }), body: "keys=true", status: 415, message: /application\/json/ },
  { name: "a POST with no Content-Type resetting", method: "POST", path: "/_sim/reset", headers: own, status: 415, message: /had none/ },
  { name: "a multipart POST changing the config", method: "PUT", path: "/_sim/config", headers: (p) => ({ ...own(p), "Content-Type": "multipart/form-data; boundary=x" }), body: "--x--", status: 415, message: /application\/json/ },
  { name: "a DNS-rebinding read of the keys (Host: the attacker's name)", method: "GET", path: "/_sim/keys", headers: (p) => ({ Host: `evil.example:${p}` }), status: 403, message: /Host is the address it listens on .* had Host "evil.example:\d+"/ },
  { name: "a DNS-rebinding JSON POST adding a key", method: "POST", path: "/_sim/keys", headers: (p) => ({ Host: `evil.example:${p}`, ...JSON_TYPE }), body: NEW_KEY, status: 403, message: /Host/ },
  { name: "a rebinding name that looks local", method: "GET", path: "/_sim/keys", headers: (p) => ({ Host: `127.0.0.1.nip.io:${p}` }), status: 403, message: /Host/ },
  { name: "the right name on another port", method: "GET", path: "/_sim/keys", headers: () => ({ Host: "127.0.0.1:1" }), status: 403, message: /Host/ },
  { name: "a Host that hides a name after the port", method: "GET", path: "/_sim/keys", headers: (p) => ({ Host: `127.0.0.1:${p}@evil.example` }), status: 403, message: /Host/ },
];

async function withSim<T>(options: SimulatorOptions, fn: (port: number) => Promise<T>): Promise<T> {
  const sim = await startSimulator({ port: 0, ...options });
  try {
    return await fn(sim.port);
  } finally {
    await sim.close();
  }
}

describe("simulator admin API: refuses what a web page or the network could send", () => {
  for (const row of ADMIN_REFUSALS) {
    it(`refuses ${row.name} with ${row.status}, and changes nothing`, async () => {
      await withSim({}, async (port) => {
        const answer = await raw(port, row.method, row.path, row.headers(port), row.body);
        expect(answer.status, answer.body).to.equal(row.status);
        expect(JSON.parse(answer.body).error.message).to.match(row.message);
        const keys = await raw(port, "GET", "/_sim/keys", own(port));
        expect(JSON.parse(keys.body).keys.map((k: { key: string }) => k.key)).to.deep.equal(["sim-full-key"]);
      });
    });
  }

  it("answers its own tools: JSON with its own Host, loopback names included", async () => {
    await withSim({}, async (port) => {
      expect((await raw(port, "POST", "/_sim/keys", { ...own(port), ...JSON_TYPE }, NEW_KEY)).status).to.equal(201);
      expect((await raw(port, "GET", "/_sim/keys", { Host: `localhost:${port}` })).status).to.equal(200);
      expect((await raw(port, "POST", "/_sim/reset", { ...own(port), ...JSON_TYPE })).status).to.equal(200);
    });
  });

  it("with --admin-token, refuses a missing or wrong token (401) and accepts the right one", async () => {
    const token = "an-admin-token-of-32-characters!";
    await withSim({ adminToken: token }, async (port) => {
      expect((await raw(port, "GET", "/_sim/keys", own(port))).status).to.equal(401);
      expect((await raw(port, "GET", "/_sim/keys", { ...own(port), Authorization: `Bearer ${token.slice(0, -1)}x` })).status).to.equal(401);
      expect((await raw(port, "GET", "/_sim/keys", { ...own(port), Authorization: `Bearer ${token}` })).status).to.equal(200);
    });
  });

  it("refuses to listen beyond loopback without an admin token (library and CLI)", async () => {
    let error: Error | undefined;
    await startSimulator({ host: "0.0.0.0" }).catch((e: Error) => (error = e));
    expect(error?.message).to.match(/host 0\.0\.0\.0 is not loopback: the admin API .* give an admin token \(--admin-token/);
    const cli = path.join(__dirname, "..", "..", "simulator", "cli.js");
    const run = spawnSync(process.execPath, [cli, "--host", "0.0.0.0"], { encoding: "utf8", timeout: 20_000 });
    expect(run.status).to.not.equal(0);
    expect(run.stderr).to.match(/hosting-simulator: host 0\.0\.0\.0 is not loopback/);
  });

  it("writes the state file 0600 (it holds API keys and webhook secrets)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sim-state-"));
    try {
      const file = path.join(dir, "state.json");
      const sim = await startSimulator({ port: 0, stateFile: file });
      sim.admin.flush();
      await sim.close();
      expect(fs.statSync(file).mode & 0o777).to.equal(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
