// A small HTTP receiver for webhook deliveries: verifies each one, drops duplicates
// (remembered for the whole retry window, in memory or in the store you give), then
// acknowledges and only afterwards hands the event to your callback. The spec wants a
// 200 within 10 seconds; a slow handler must not turn into a retry, so the answer never
// waits for it. Used by the demo, the end-to-end tests and examples/webhook-receiver.
//
// Acknowledged means verified and recorded: once the 200 is sent the API will not resend,
// so a handler that fails is reported through `onHandlerError` and not retried here.
import * as http from "http";
import { AddressInfo } from "net";
import { MemoryReplayStore, type ReplayStore } from "./replay-store";
import { acceptDelivery, type DeliveryEvent } from "./verify-delivery";

export interface ReceiverOptions {
  secret: string;
  /** @default 0 (a free port) */
  port?: number;
  /** @default "127.0.0.1" */
  host?: string;
  /** Oldest accepted event, seconds after its timestamp. @default DEFAULT_MAX_AGE_SECONDS (14 h 46 min) */
  maxAgeSeconds?: number;
  /** Where accepted event ids are remembered. @default a new MemoryReplayStore (lost on restart) */
  store?: ReplayStore;
  /** The clock, for tests. @default Date.now */
  now?: () => number;
  /** Runs after the 200 is sent; may be async. Events are handed over one at a time, in arrival order. */
  onEvent?: (event: DeliveryEvent) => void | Promise<void>;
  /** Called when `onEvent` throws or rejects. @default logs to stderr */
  onHandlerError?: (error: unknown, event: DeliveryEvent) => void;
  /** Called for every delivery refused or dropped, with the reason. */
  onReject?: (reason: string, status: number) => void;
}

export interface RunningReceiver {
  url: string;
  /** Genuine events, in arrival order (recorded when acknowledged, before the handler runs). */
  events: DeliveryEvent[];
  /** Refused or dropped deliveries with their reasons. */
  rejected: { status: number; reason: string }[];
  /** Resolves when every acknowledged event has been through `onEvent`. */
  idle(): Promise<void>;
  /** Stops listening, then waits for the handlers of acknowledged events. */
  close(): Promise<void>;
}

/** Largest body accepted; deliveries are small JSON documents. */
const MAX_BODY_BYTES = 1024 * 1024;

export async function startWebhookReceiver(options: ReceiverOptions): Promise<RunningReceiver> {
  const store = options.store ?? new MemoryReplayStore();
  const events: DeliveryEvent[] = [];
  const rejected: { status: number; reason: string }[] = [];
  let queue: Promise<void> = Promise.resolve();
  const handOver = (event: DeliveryEvent) => {
    queue = queue.then(() => options.onEvent?.(event)).catch((e: unknown) => reportHandlerError(options, e, event));
  };

  const server = http.createServer((req, res) => {
    if (req.method !== "POST") {
      res.writeHead(405, { Allow: "POST" }).end();
      return;
    }
    readBody(req, async (body) => {
      const header = req.headers["x-service-signature"];
      const verdict = await acceptDelivery(body, Array.isArray(header) ? header[0] : header, {
        secret: options.secret,
        maxAgeSeconds: options.maxAgeSeconds,
        now: options.now,
        seen: store,
      }).catch((e: unknown) => ({ ok: false as const, status: 503, reason: `replay store failed: ${(e as Error).message}` }));
      if (verdict.ok) {
        events.push(verdict.event);
        res.writeHead(200).end("ok");
        handOver(verdict.event);
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
    idle: () => queue,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())).then(() => queue),
  };
}

/** Collects the body up to MAX_BODY_BYTES (a larger one is cut off) and calls `done` with it. */
function readBody(req: http.IncomingMessage, done: (body: Buffer) => Promise<void>): void {
  const chunks: Buffer[] = [];
  let size = 0;
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) req.destroy();
    else chunks.push(chunk);
  });
  req.on("end", () => void done(Buffer.concat(chunks)));
}

function reportHandlerError(options: ReceiverOptions, error: unknown, event: DeliveryEvent): void {
  if (options.onHandlerError) options.onHandlerError(error, event);
  else console.error(`webhook receiver: the handler failed on event ${event.id} (${event.event}): ${(error as Error)?.message ?? String(error)}`);
}
