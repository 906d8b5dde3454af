// A small HTTP receiver for webhook deliveries: verifies each one, drops
// duplicates, and hands genuine events to a callback. Used by the demo, the
// end-to-end tests and examples/webhook-receiver.
import * as http from "http";
import { AddressInfo } from "net";
import { DeliveryEvent, ReplayGuard, verifyDelivery } from "./verify-delivery";

export interface ReceiverOptions {
  secret: string;
  /** @default 0 (a free port) */
  port?: number;
  /** @default "127.0.0.1" */
  host?: string;
  /** @default 300 */
  toleranceSeconds?: number;
  onEvent?: (event: DeliveryEvent) => void;
  /** Called for every delivery refused or dropped, with the reason. */
  onReject?: (reason: string, status: number) => void;
}

export interface RunningReceiver {
  url: string;
  /** Genuine events, in arrival order. */
  events: DeliveryEvent[];
  /** Refused or dropped deliveries with their reasons. */
  rejected: { status: number; reason: string }[];
  close(): Promise<void>;
}

/** Largest body accepted; deliveries are small JSON documents. */
const MAX_BODY_BYTES = 1024 * 1024;

export async function startWebhookReceiver(options: ReceiverOptions): Promise<RunningReceiver> {
  const seen = new ReplayGuard();
  const events: DeliveryEvent[] = [];
  const rejected: { status: number; reason: string }[] = [];

  const server = http.createServer((req, res) => {
    if (req.method !== "POST") {
      res.writeHead(405, { Allow: "POST" }).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on("end", () => {
      const header = req.headers["x-service-signature"];
      const verdict = verifyDelivery(Buffer.concat(chunks), Array.isArray(header) ? header[0] : header, {
        secret: options.secret,
        toleranceSeconds: options.toleranceSeconds,
        seen,
      });
      if (verdict.ok) {
        events.push(verdict.event);
        options.onEvent?.(verdict.event);
        res.writeHead(200).end("ok");
      } else {
        rejected.push({ status: verdict.status, reason: verdict.reason });
        options.onReject?.(verdict.reason, verdict.status);
        res.writeHead(verdict.status, { "Content-Type": "text/plain" }).end(verdict.reason);
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? "127.0.0.1"}:${port}/hooks`,
    events,
    rejected,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
