// The HTTP server: reads the body, sends /_sim/ to the admin router and the rest to the
// API pipeline. Keep-alive stays on (Node's default) so clients and the benchmark reuse
// connections.
import * as http from "http";
import type { Sim } from "./context";
import { handleAdmin, handleApi, readBody, refusalHeaders, send, errorReply } from "./http/pipeline";
import { Router } from "./http/router";
import { registerAdminRoutes } from "./routes/admin";
import { registerCatalogueRoutes } from "./routes/catalogue";
import { registerServerRoutes } from "./routes/servers";
import { registerWebhookRoutes } from "./routes/webhooks";

/** Where the simulated servers answer their health checks (a simulator addition, not the API's). */
export const HEALTH_PREFIX = "/_health/";

/** The /v1 routes (exported so the header walk test can list them). */
export function buildApiRouter(sim: Sim): Router {
  const api = new Router();
  registerServerRoutes(api, sim);
  registerCatalogueRoutes(api, sim);
  registerWebhookRoutes(api, sim);
  return api;
}

export function createHttpServer(sim: Sim): http.Server {
  const api = buildApiRouter(sim);
  const admin = new Router();
  registerAdminRoutes(admin, sim);

  const server = http.createServer((req, res) => {
    const started = Date.now();
    if (!isAdminPath(req.url)) {
      sim.stats.begin();
      res.once("close", () => sim.stats.answered());
    }
    if (sim.options.log) {
      res.on("finish", () => console.log(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`));
    }
    if (isHealthPath(req.url)) return answerHealth(sim, req, res);
    void (async () => {
      try {
        const raw = await readBody(req);
        const url = new URL(req.url ?? "/", "http://localhost");
        if (isAdminPath(req.url)) await handleAdmin(sim, admin, req, res, url, raw);
        else await handleApi(sim, api, req, res, url, raw);
      } catch (e) {
        // Only body reading fails here (413, aborted upload); count it like any /v1 answer.
        const reply = errorReply(e);
        const admin = isAdminPath(req.url);
        if (!admin) sim.stats.count(req.method ?? "GET", "*", reply.status);
        send(res, reply.status, JSON.stringify(reply.body), admin ? {} : refusalHeaders(sim, req.headers.authorization));
      }
    })();
  });
  server.keepAliveTimeout = 30_000;
  // A malformed request line or header gets a 400 instead of an unhandled error.
  server.on("clientError", (_err, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
    else socket.destroy();
  });
  return server;
}

function isHealthPath(url: string | undefined): boolean {
  return (url ?? "/").startsWith(HEALTH_PREFIX);
}

/** The health route (health.ts): no key, no token, not counted; a server by id or main IP. */
function answerHealth(sim: Sim, req: http.IncomingMessage, res: http.ServerResponse): void {
  req.resume();
  const path = (req.url ?? "/").split("?")[0];
  let ref = "";
  try {
    ref = decodeURIComponent(path.slice(HEALTH_PREFIX.length));
  } catch {
    ref = "";
  }
  const s = sim.store.visibleServer(ref) ?? sim.store.servers.find((x) => x.main_ip === ref && !x.gone);
  const { status, body } = req.method === "GET" || req.method === "HEAD" ? sim.health.answer(s, sim.clock.now()) : { status: 405, body: { healthy: false, reason: "GET only" } };
  send(res, status, JSON.stringify(body), {});
}

function isAdminPath(url: string | undefined): boolean {
  const path = (url ?? "/").split("?")[0];
  return path === "/_sim" || path.startsWith("/_sim/");
}
