import type { KeySpec } from "../../simulator";
import { expect } from "chai";
import { spawn } from "child_process";
import * as path from "path";
import { UBUNTU_SLUG, useClientSimulator } from "../helpers/client-simulator";
import { SHAPES } from "../helpers/simulator";

const WORKER = path.join(__dirname, "shared-key-worker.js");
const K = 3;
const M = 20;
// 600/min, burst 20: the 60 creates need about 4 s past the burst.
const TIER: Omit<KeySpec, "key" | "permission"> = { tier: "custom", limit: 600, burst: 20 };

interface Worker {
  ready: Promise<void>;
  go(): void;
  done: Promise<{ requests: number; rateLimited: number }>;
}

function startWorker(url: string, key: string, prefix: string, cooperate: boolean): Worker {
  const child = spawn(process.execPath, [WORKER, url, key, prefix, String(M), cooperate ? "on" : "off", UBUNTU_SLUG], { stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  let err = "";
  let readyNow: () => void;
  const ready = new Promise<void>((resolve) => (readyNow = resolve));
  child.stdout.on("data", (d) => {
    out += d;
    if (out.startsWith("ready\n")) readyNow();
  });
  child.stderr.on("data", (d) => (err += d));
  const done = new Promise<{ requests: number; rateLimited: number }>((resolve, reject) =>
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out.split("\n")[1]!)) : reject(new Error(`worker ${prefix} exited ${code}: ${err}`)))),
  );
  return { ready, go: () => child.stdin.end("go\n"), done };
}

for (const shape of SHAPES) {
  describe(`${K} processes on one key, shape ${shape}`, () => {
    const sim = useClientSimulator(shape);

    const run = async (key: string, cooperate: boolean) => {
      await sim().addKey({ key, permission: "full", ...TIER });
      await sim().resetStats();
      const workers = Array.from({ length: K }, (_, k) => startWorker(sim().url, key, `p${k}-`, cooperate));
      // All loaded first, then all at once: like stacks that a CI starts together.
      await Promise.all(workers.map((w) => w.ready));
      for (const w of workers) w.go();
      await Promise.all(workers.map((w) => w.done));
      const labels = (await sim().rawServers()).filter((s) => !s.deleted_at).map((s) => s.label);
      return { stats: await sim().stats(), labels };
    };

    it("creates every server once with few 429s, where processes pacing alone collide", async function () {
      this.timeout(120_000);
      const together = await run(`shared-on-${shape}-key-0123456`, true);
      const expected = Array.from({ length: K }, (_, k) => Array.from({ length: M }, (_, i) => `p${k}-${i}`)).flat();
      expect([...together.labels].sort()).to.deep.equal([...expected].sort());
      // Not zero: the first requests race for the small burst before a process has seen the
      // others, and a 429's pause ends for all at the same whole second. Measured up to 12% on
      // this tier on a loaded 2-core machine. The real CLI's numbers: docs/benchmarks.md.
      expect(together.stats.rateLimited, "429s with cooperation").to.be.at.most(Math.ceil(0.15 * together.stats.total));

      await sim().reset();
      const alone = await run(`shared-off-${shape}-key-0123456`, false);
      expect(alone.labels).to.have.length(K * M);
      // The same run with each process pacing as if alone: the key's limit is overrun.
      expect(alone.stats.rateLimited, "429s without cooperation").to.be.greaterThan(2 * together.stats.rateLimited + 5);
    });
  });
}
