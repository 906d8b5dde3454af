// Simulator benchmark (not a test): requests/s and p99 latency of GET /v1/servers?per_page=100
// with 1,000 servers stored, then the simulator's RSS with 10,000 servers. The simulator
// runs as its own process (the CLI) so that client and server do not share an event loop.
// Loopback only; bounded by request count and time. Run: node dist/bench/simulator-bench.js
import { spawn } from "child_process";
import * as fs from "fs";
import * as http from "http";
import * as path from "path";

const KEY = "bench-key";
const CONCURRENCY = 32;
const MAX_REQUESTS = 20_000;
const MAX_SECONDS = 10;

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function request(base: URL, method: string, p: string, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${KEY}` };
    if (body) headers["Content-Type"] = "application/json";
    const req = http.request({ host: base.hostname, port: base.port, path: p, method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function fill(base: URL, count: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      const body = JSON.stringify({ region: ["ewr", "fra", "nrt", "syd"][i % 4], plan: "vc2-1c-1gb", os_id: 2284, label: `bench-${i}`, tags: ["bench"] });
      const r = await request(base, "POST", "/v1/servers", body);
      if (r.status !== 202) throw new Error(`create failed: ${r.status} ${r.text}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)![1]);
  return kb / 1024;
}

async function main(): Promise<void> {
  const cli = path.join(__dirname, "..", "simulator", "cli.js");
  const child = spawn(process.execPath, [cli, "--port", "0", "--shape", "A", "--key", `full:${KEY}:enterprise`,
    "--provision-ms", "3600000", "--seed", "1"], { stdio: ["ignore", "pipe", "inherit"] });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      child.stdout!.once("data", (c: Buffer) => resolve(c.toString().split("\n")[0]));
      child.once("exit", (code) => reject(new Error(`simulator exited with ${code}`)));
    });
    const base = new URL(line.replace("listening on ", ""));
    await fill(base, 1000);

    // Warm-up, then the measured run.
    for (let i = 0; i < 200; i++) await request(base, "GET", "/v1/servers?per_page=100");
    const latencies: number[] = [];
    let sent = 0;
    const started = process.hrtime.bigint();
    const deadline = Date.now() + MAX_SECONDS * 1000;
    const worker = async (): Promise<void> => {
      while (sent < MAX_REQUESTS && Date.now() < deadline) {
        sent++;
        const t0 = process.hrtime.bigint();
        const r = await request(base, "GET", "/v1/servers?per_page=100");
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (r.status !== 200) throw new Error(`list failed: ${r.status}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    latencies.sort((a, b) => a - b);
    const pct = (p: number): number => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
    console.log(`GET /v1/servers?per_page=100 with 1,000 servers, concurrency ${CONCURRENCY}, keep-alive:`);
    console.log(`  ${latencies.length} requests in ${seconds.toFixed(2)} s = ${Math.round(latencies.length / seconds)} req/s`);
    console.log(`  latency p50 ${pct(0.5).toFixed(2)} ms, p99 ${pct(0.99).toFixed(2)} ms, max ${latencies[latencies.length - 1].toFixed(2)} ms`);
    console.log(`  RSS with 1,000 servers: ${rssMb(child.pid!).toFixed(1)} MB`);

    await fill(base, 9000);
    const total = JSON.parse((await request(base, "GET", "/v1/servers?per_page=1")).text).meta.total;
    console.log(`  RSS with ${total.toLocaleString("en-US")} servers: ${rssMb(child.pid!).toFixed(1)} MB`);
  } finally {
    agent.destroy();
    child.kill("SIGTERM");
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
