// The client's CPU for one create request, and what of it the HTTP stack alone costs: a
// Fleet's `up` sends one POST per member (the API has no bulk create), so this is the floor
// under the plugin's CPU per member. Not a test. Three ways to send the same POST to the
// simulator, in its own process, on an unlimited key, 64 at a time (the transport's
// MAX_SOCKETS), each in this process's CPU time (user + system):
//   node:http         http.request with a keep-alive agent, the answer parsed as JSON;
//   axios (Transport) the provider's one HTTP attempt (provider/api/http/transport.ts);
//   createServer      the provider's client: pacing, retries, the idempotency key, the model.
// Each way runs --rounds times, alternating; the median round is reported, with its ratio to
// node:http's: what the layers above Node's HTTP client add.
// Run: npm run bench:http-floor -- [--requests 5000] [--rounds 3]

import * as http from "http";
import * as path from "path";
import { createClient } from "../provider/api";
import { MAX_SOCKETS, Transport, defaultUserAgent } from "../provider/api/http/transport";
import { BENCH_KEY, SimulatorProcess } from "./fleet/simulator-process";

const WARM_UP = 300;

type Send = () => Promise<unknown>;

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

/** µs of this process's CPU per call of `send`, `n` calls with MAX_SOCKETS in flight. */
async function cpuPerCall(send: Send, n: number): Promise<number> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next++ < n) await send();
  };
  const before = process.cpuUsage();
  await Promise.all(Array.from({ length: MAX_SOCKETS }, worker));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / n;
}

function nodeHttp(url: URL, body: string): Send {
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS });
  const headers = {
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(body)),
    Accept: "application/json",
    "User-Agent": defaultUserAgent(),
    Authorization: `Bearer ${BENCH_KEY}`,
  };
  return () => new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method: "POST", path: "/v1/servers", agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => (res.statusCode === 202 || res.statusCode === 201 ? resolve(JSON.parse(Buffer.concat(chunks).toString())) : reject(new Error(`POST answered ${res.statusCode}`))));
    });
    req.on("error", reject);
    req.end(body);
  });
}

function viaTransport(baseUrl: string, body: unknown): Send {
  const transport = new Transport({ apiKey: BENCH_KEY, baseUrl, timeoutMs: 30_000, userAgent: defaultUserAgent() });
  return async () => {
    const res = await transport.send({ method: "POST", path: "/v1/servers", body });
    if (res.status !== 202 && res.status !== 201) throw new Error(`POST answered ${res.status}`);
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function main(): Promise<void> {
  const requests = flag("requests", 5000);
  const rounds = flag("rounds", 3);
  const repoRoot = path.resolve(__dirname, "..", "..");
  // Servers stay pending for the whole run: no provisioning work in the simulator.
  const sim = await SimulatorProcess.start(repoRoot, "A", 3_600_000, "unlimited");
  try {
    const client = createClient({ baseUrl: sim.url, apiKey: BENCH_KEY, shape: "A" });
    const os = (await client.listOsImages())[0]!;
    const fields = { region: "ewr", plan: "vc2-1c-1gb", label: "web-ewr-1", tags: ["fleet:web", "hosting-stack:bench"] };
    // The body the client itself sends in shape A (provider/api/wire/normalize.ts, toCreateBody).
    const body = { ...fields, os_id: os.id };
    const ways: Array<[string, Send]> = [
      ["node:http", nodeHttp(new URL(sim.url), JSON.stringify(body))],
      ["axios (Transport)", viaTransport(sim.url, body)],
      ["createServer", () => client.createServer({ ...fields, os: os.slug })],
    ];
    const figures = new Map<string, number[]>(ways.map(([name]) => [name, []]));
    for (const [, send] of ways) await cpuPerCall(send, WARM_UP);
    for (let round = 0; round < rounds; round++) {
      for (const [name, send] of ways) figures.get(name)!.push(await cpuPerCall(send, requests));
    }
    console.log(`${requests} POST /v1/servers a round, ${MAX_SOCKETS} in flight, ${rounds} rounds (median), Node ${process.version}`);
    const floor = median(figures.get("node:http")!);
    for (const [name, xs] of figures) {
      const us = median(xs);
      console.log(`${name.padEnd(18)} ${us.toFixed(0).padStart(5)} µs of CPU a request  ${(us / floor).toFixed(2)}× node:http  (rounds: ${xs.map((x) => x.toFixed(0)).join(", ")})`);
    }
  } finally {
    await sim.close();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
