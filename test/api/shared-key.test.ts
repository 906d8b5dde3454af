import { expect } from "chai";
import { spawn } from "child_process";
import * as path from "path";
import { SHAPES, TestSim, learnCatalogue, UBUNTU_SLUG } from "./sim";

const WORKER = path.join(__dirname, "shared-key-worker.js");
const K = 3;
const M = 20;
// 240/min, burst 40: the 60 creates need about 5 s past the burst.
const TIER = { tier: "custom", limit: 240, burst: 40 };

function runWorker(url: string, key: string, prefix: string, cooperate: boolean): Promise<{ requests: number; rateLimited: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WORKER, url, key, prefix, String(M), cooperate ? "on" : "off", UBUNTU_SLUG], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`worker ${prefix} exited ${code}: ${err}`))));
  });
}

for (const shape of SHAPES) {
  describe(`${K} processes on one key, shape ${shape}`, () => {
    let sim: TestSim;

    before(async () => {
      sim = await TestSim.start(shape);
      await learnCatalogue(sim);
    });
    after(() => sim.close());
    beforeEach(() => sim.reset());

    const run = async (key: string, cooperate: boolean) => {
      await sim.addKey(key, "full", TIER);
      await sim.resetStats();
      await Promise.all(Array.from({ length: K }, (_, k) => runWorker(sim.url, key, `p${k}-`, cooperate)));
      const labels = (await sim.rawServers()).filter((s) => !s.deleted_at).map((s) => s.label);
      return { stats: await sim.stats(), labels };
    };

    it("creates every server once with (near) zero 429s, where processes pacing alone collide", async function () {
      this.timeout(120_000);
      const together = await run(`shared-on-${shape}-key-0123456`, true);
      const expected = Array.from({ length: K }, (_, k) => Array.from({ length: M }, (_, i) => `p${k}-${i}`)).flat();
      expect([...together.labels].sort()).to.deep.equal([...expected].sort());
      // Near zero: the first answers can race before a process has seen the others.
      expect(together.stats.rateLimited, "429s with cooperation").to.be.at.most(Math.ceil(0.05 * together.stats.total));

      await sim.reset();
      const alone = await run(`shared-off-${shape}-key-0123456`, false);
      expect(alone.labels).to.have.length(K * M);
      // The same run with each process pacing as if alone: the key's limit is overrun.
      expect(alone.stats.rateLimited, "429s without cooperation").to.be.greaterThan(together.stats.rateLimited + 5);
    });
  });
}
