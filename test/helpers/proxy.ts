// A loopback proxy in front of the simulator, for what the simulator itself does not show:
// the headers a client really sent (`seen`), and deployments that differ from the simulator
// (routes it hides, headers it drops). Everything else is forwarded unchanged.

import * as http from "http";
import type { AddressInfo } from "net";

export interface ProxyOptions {
  /** Requests ("METHOD /path?query") answered 404 NOT_FOUND instead of forwarded. */
  hide?: RegExp;
  /** Lower-case header names removed before forwarding, for requests matching `on`. */
  dropHeaders?: { on: RegExp; names: string[] };
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

export interface TestProxy {
  url: string;
  /** Every request the proxy received, in order, with the headers as the client sent them. */
  seen: SeenRequest[];
  close(): Promise<void>;
}

export async function startProxy(target: string, options: ProxyOptions = {}): Promise<TestProxy> {
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const line = `${req.method} ${req.url}`;
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: { ...req.headers } });
    if (options.hide?.test(line)) {
      res.writeHead(404, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { code: "NOT_FOUND", message: `no route ${line}` } }));
      return;
    }
    const headers = { ...req.headers };
    if (options.dropHeaders?.on.test(line)) for (const name of options.dropHeaders.names) delete headers[name];
    const upstream = http.request(new URL(req.url ?? "/", target), { method: req.method, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    // The simulator destroyed the socket (a reset or lost-answer fault): so does the proxy.
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/**
 * A deployment that has only what the spec shows for webhooks (POST /v1/webhooks): the
 * webhook list, read, update and delete routes answer 404 NOT_FOUND (or those `hidden` names).
 */
export function startPostOnlyProxy(target: string, hidden: RegExp = /^(GET|PATCH|DELETE) \/v1\/webhooks(\/[^/?]+)?(\?.*)?$/): Promise<TestProxy> {
  return startProxy(target, { hide: hidden });
}
