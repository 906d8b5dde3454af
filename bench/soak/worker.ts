// One "process" of the soak's shared-key and crash cases (and of the Redis coordinator's test):
// its own client (nothing shared with the others but
// the API) says "ready", waits for a line on stdin (so the processes start together however
// slowly each one loaded), creates M servers at once, then prints its client's stats as JSON.
//   node worker.js <baseUrl> <apiKey> <labelPrefix> <m> <on|off> <os slug> [<redis url>]
// With a Redis URL the client takes every token from the coordinator there; its warnings go
// to stderr, one line each.

import { createClient } from "../../provider/api";

async function main(): Promise<void> {
  const [baseUrl, apiKey, prefix, m, coop, os, redis] = process.argv.slice(2) as [string, string, string, string, string, string, string?];
  const api = createClient({
    baseUrl, apiKey, cooperate: coop === "on", minRetryDelayMs: 5, maxRetryDelayMs: 100, timeoutMs: 5000,
    rateLimitRedis: redis ?? "",
    onWarning: (message) => process.stderr.write(`warning: ${message}\n`),
  });
  process.stdout.write("ready\n");
  await new Promise((resolve) => process.stdin.once("data", resolve));
  process.stdin.pause();
  await Promise.all(Array.from({ length: Number(m) }, (_, i) => api.createServer({ region: "ewr", plan: "vc2-1c-1gb", os, label: `${prefix}${i}` })));
  process.stdout.write(`${JSON.stringify({ ...api.stats(), coordinated: api.rateLimitState().coordinated })}\n`);
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
