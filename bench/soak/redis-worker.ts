// One process of the Redis soak (redis-soak.ts): its own client on the shared key, every
// token taken from the coordinator in Redis. It starts at `startAt` (epoch ms, the same for
// every process), keeps `demand` requests waiting or in flight until `durationMs` has passed
// (a create, then a status poll of that server, then a read, over and over: all three
// priorities), and prints its client's counts as JSON.
//   node redis-worker.js <baseUrl> <apiKey> <redisUrl> <startAt> <durationMs> <demand> <labelPrefix>

import { createClient } from "../../provider/api";

async function main(): Promise<void> {
  const [baseUrl, apiKey, redisUrl, startAt, durationMs, demand, prefix] = process.argv.slice(2) as [string, string, string, string, string, string, string];
  const warnings: string[] = [];
  const api = createClient({ baseUrl, apiKey, rateLimitRedis: redisUrl, timeoutMs: 10_000, onWarning: (m) => warnings.push(m) });
  const lateMs = Math.max(0, Date.now() - Number(startAt));
  await new Promise((resolve) => setTimeout(resolve, Number(startAt) - Date.now()));
  const images = await api.listOsImages();
  const os = (images.find((i) => i.slug.startsWith("ubuntu")) ?? images[0]!).slug;
  const end = Number(startAt) + Number(durationMs);
  let created = 0;
  await Promise.all(
    Array.from({ length: Number(demand) }, async (_, lane) => {
      for (let i = 0; Date.now() < end; i++) {
        const { server } = await api.createServer({ region: "ewr", plan: "vc2-1c-1gb", os, label: `${prefix}${lane}-${i}` });
        created++;
        if (Date.now() >= end) break;
        await api.getServer(server.id, { priority: "poll" });
        if (Date.now() >= end) break;
        await api.getAccount();
      }
    }),
  );
  process.stdout.write(`${JSON.stringify({ ...api.stats(), created, coordinated: api.rateLimitState().coordinated, lateMs, warnings })}\n`);
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
