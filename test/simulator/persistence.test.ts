// The simulator's state file and seed in both shapes: servers, webhooks, keys and idempotency keys
// survive a restart, the file is whole JSON at every moment while changes stream in, and the same
// seed gives the same ids and IPs.
import { expect } from "chai";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { SHAPES, startTestSimulator, unwrapServer } from "../helpers/simulator";

describe("simulator: state file and seed", () => {
  for (const shape of SHAPES) {
    describe(`shape ${shape}`, () => {
      let dir: string;
      beforeEach(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "sim-state-"));
      });
      afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

      it("keeps servers, webhooks, keys and idempotency keys across a restart", async () => {
        const stateFile = path.join(dir, "state.json");
        const a = await startTestSimulator({ shape, stateFile });
        const res = await a.api("POST", "/v1/servers", { body: a.createBody({ label: "keeper" }), headers: { "Idempotency-Key": "persist-1" } });
        const s = unwrapServer(shape, await res.json());
        await a.api("POST", "/v1/webhooks", { body: { url: "http://127.0.0.1:9/", events: ["server.created"], secret: "s" } });
        await a.addKey({ key: "added-later", permission: "read" });
        await a.close();
        expect(fs.readdirSync(dir)).to.deep.equal(["state.json"]);
        expect(() => JSON.parse(fs.readFileSync(stateFile, "utf8"))).to.not.throw();

        const b = await startTestSimulator({ shape, stateFile });
        try {
          const got = unwrapServer(shape, await (await b.api("GET", `/v1/servers/${s.id}`)).json());
          expect(got.label).to.equal("keeper");
          // The provisioning timer resumes after the restart.
          await b.waitForStatus(s.id, "active");
          const hooks = (await (await b.api("GET", "/v1/webhooks")).json()) as any;
          expect((shape === "A" ? hooks.webhooks : hooks.data)).to.have.length(1);
          expect((await b.api("GET", "/v1/os", { key: "added-later" })).status).to.equal(200);
          const replay = await b.api("POST", "/v1/servers", { body: b.createBody({ label: "keeper" }), headers: { "Idempotency-Key": "persist-1" } });
          expect(replay.headers.get("idempotent-replayed")).to.equal("true");
          expect(await b.rawServers()).to.have.length(1);
        } finally {
          await b.close();
        }
      });

      it("writes atomically: the file is always whole JSON while changes stream in", async () => {
        const stateFile = path.join(dir, "state.json");
        const sim = await startTestSimulator({ shape, stateFile });
        try {
          let reads = 0;
          for (let i = 0; i < 30; i++) {
            await sim.api("POST", "/v1/servers", { body: sim.createBody({ label: `n${i}` }) });
            // Writes are coalesced over 25 ms; pause now and then so some land mid-stream.
            if (i % 10 === 9) await new Promise((r) => setTimeout(r, 40));
            if (fs.existsSync(stateFile)) {
              JSON.parse(fs.readFileSync(stateFile, "utf8"));
              reads++;
            }
          }
          expect(reads).to.be.greaterThan(0);
        } finally {
          await sim.close();
        }
        expect(JSON.parse(fs.readFileSync(stateFile, "utf8")).servers).to.have.length(30);
        expect(fs.readdirSync(dir).filter((f) => f.endsWith(".tmp"))).to.deep.equal([]);
      });

      it("reproduces ids and IPs with the same seed", async () => {
        const run = async (seed: number): Promise<string[]> => {
          const sim = await startTestSimulator({ shape, seed });
          try {
            const out: string[] = [];
            for (let i = 0; i < 3; i++) {
              const s = unwrapServer(shape, await (await sim.api("POST", "/v1/servers", { body: sim.createBody() })).json());
              out.push(`${s.id} ${s.main_ip}`);
            }
            return out;
          } finally {
            await sim.close();
          }
        };
        const first = await run(42);
        expect(await run(42)).to.deep.equal(first);
        expect(await run(43)).to.not.deep.equal(first);
      });
    });
  }
});
