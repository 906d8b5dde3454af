// A deployment that has only what the spec shows for webhooks (POST /v1/webhooks): a
// loopback proxy in front of the simulator that answers 404 NOT_FOUND for the webhook list,
// read, update and delete routes and forwards everything else unchanged.

import * as http from "http";
import type { AddressInfo } from "net";

export interface PostOnlyProxy {
  url: string;
  close(): Promise<void>;
}

const HIDDEN = /^(GET|PATCH|DELETE) \/v1\/webhooks(\/[^/?]+)?(\?.*)?$/;

/** `hidden`: the "METHOD /path" requests answered 404 (default: the webhook routes beyond POST). */
export async function startPostOnlyProxy(target: string, hidden: RegExp = HIDDEN): Promise<PostOnlyProxy> {
  const server = http.createServer((req, res) => {
    if (hidden.test(`${req.method} ${req.url}`)) {
      res.writeHead(404, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { code: "NOT_FOUND", message: `no route ${req.method} ${req.url}` } }));
      return;
    }
    const upstream = http.request(new URL(req.url ?? "/", target), { method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
