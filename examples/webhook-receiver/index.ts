// A webhook receiver you can run next to your fleet: verifies the
// X-Service-Signature of every delivery (HMAC-SHA-256 of the body, constant-time
// comparison), refuses events older than the spec's retry window (14 h 36 min plus
// slack) and drops event ids it has already seen (the API may deliver an event more
// than once), remembered on a file so a restart does not forget them.
//
//   WEBHOOK_SECRET=... PORT=8787 node dist/examples/webhook-receiver/index.js
import { FileReplayStore, startWebhookReceiver } from "pulumi-hosting/receiver";

async function main(): Promise<void> {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) {
    console.error("set WEBHOOK_SECRET to the secret of the hosting.Webhook (pulumi stack output, or config)");
    process.exit(2);
  }
  const receiver = await startWebhookReceiver({
    secret,
    port: Number(process.env.PORT ?? 8787),
    store: new FileReplayStore(process.env.SEEN_FILE ?? "webhook-seen.jsonl"),
    onEvent: (e) => {
      const server = (e.data as any)?.server ?? {};
      console.log(`accepted ${e.id} ${e.event} ${server.id ?? ""} ${server.status ?? ""}`);
    },
    onReject: (reason, status) => console.log(`refused (${status}): ${reason}`),
  });
  console.log(`listening on ${receiver.url}`);
  const stop = () => receiver.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

void main();
