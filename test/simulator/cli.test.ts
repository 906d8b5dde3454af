// The simulator's command line: every flag parsed into options, and in each shape `listening on
// <url>` printed first, the given key served, and exit 0 on SIGTERM.
import { expect } from "chai";
import { spawn, type ChildProcess } from "child_process";
import * as path from "path";
import { parseArgs } from "../../simulator/cli-args";
import { SHAPES } from "../helpers/simulator";

const CLI = path.join(__dirname, "..", "..", "simulator", "cli.js");

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let buf = "";
    child.stdout!.on("data", (c: Buffer) => {
      buf += c.toString();
      const nl = buf.indexOf("\n");
      if (nl >= 0) resolve(buf.slice(0, nl));
    });
    child.on("exit", (code) => reject(new Error(`exited with ${code} before printing`)));
  });
}

describe("simulator: command line", () => {
  it("parses every flag into options", () => {
    const o = parseArgs(["--port", "0", "--shape", "b", "--key", "read:r1", "--key", "full:f1:pro", "--provision-ms", "10",
      "--transition-ms=5", "--error-rate", "0.25", "--state-file", "/tmp/x.json", "--seed", "9", "--webhook-retry-scale", "0.001",
      "--fault", "POST /v1/servers/:id/stop@errorRate=0.5,errorStatuses=502|503", "--log"]);
    expect(o).to.deep.equal({
      port: 0, shape: "B", provisionMs: 10, transitionMs: 5, errorRate: 0.25, stateFile: "/tmp/x.json", seed: 9,
      webhookRetryScale: 0.001, log: true,
      keys: [{ key: "r1", permission: "read", tier: "default" }, { key: "f1", permission: "full", tier: "pro" }],
      faults: [{ route: "POST /v1/servers/:id/stop", errorRate: 0.5, errorStatuses: [502, 503] }],
    });
    expect(parseArgs(["--hide-fields", "backups,ssh_key_ids", "--hide-fields", "ddos_protection"])).to.deep.equal({ hiddenFields: ["backups", "ssh_key_ids", "ddos_protection"] });
    expect(() => parseArgs(["--hide-fields", "tags"])).to.throw("--hide-fields: tags cannot be hidden; allowed: backups, ddos_protection, ssh_key_ids");
    expect(() => parseArgs(["--key", "admin:x"])).to.throw(/permission/);
    expect(() => parseArgs(["--bogus"])).to.throw(/unknown flag/);
  });

  it("refuses a --key permission or tier and a --fault field named like an Object.prototype member, as any unknown one", () => {
    const refusal = (argv: string[], name: string): string => {
      try {
        parseArgs(argv);
        return "accepted";
      } catch (e) {
        return (e as Error).message.split(name).join("<NAME>");
      }
    };
    const lines = (name: string): string[][] => [["--key", `${name}:k`], ["--key", `read:k:${name}`], ["--fault", `/v1/servers@${name}=1`]];
    const unknown = lines("bogus").map((argv) => refusal(argv, "bogus"));
    expect(unknown.every((m) => m !== "accepted"), unknown.join("; ")).to.equal(true);
    for (const name of Object.getOwnPropertyNames(Object.prototype)) {
      expect(lines(name).map((argv) => refusal(argv, name)), name).to.deep.equal(unknown);
    }
  });

  for (const shape of SHAPES) {
    describe(`shape ${shape}`, () => {
      it("prints `listening on <url>` first, serves with the given key, and exits 0 on SIGTERM", async () => {
        const child = spawn(process.execPath, [CLI, "--port", "0", "--shape", shape, "--key", "write:cli-key:pro", "--seed", "1", "--provision-ms", "50"],
          { stdio: ["ignore", "pipe", "inherit"] });
        try {
          const line = await firstLine(child);
          expect(line).to.match(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
          const url = line.slice("listening on ".length);
          const res = await fetch(`${url}/v1/servers`, {
            method: "POST",
            headers: { Authorization: "Bearer cli-key", "Content-Type": "application/json" },
            body: JSON.stringify({ region: "fra", plan: "vc2-1c-1gb", ...(shape === "A" ? { os_id: 2136 } : { os: "debian-12" }) }),
          });
          expect(res.status).to.equal(shape === "A" ? 202 : 201);
          expect(res.headers.get("x-ratelimit-limit")).to.equal("300");
          expect((await fetch(`${url}/v1/servers`, { headers: { Authorization: "Bearer sim-full-key" } })).status).to.equal(401);
        } finally {
          const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
          child.kill("SIGTERM");
          expect(await exited).to.equal(0);
        }
      });
    });
  }
});
