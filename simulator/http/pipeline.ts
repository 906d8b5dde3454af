// The request pipeline of /v1: faults → auth → rate limit → route → permission → body →
// idempotency → handler → late faults (delay, lost answer). Every refusal is an ApiRefusal
// rendered as the error object; anything unexpected becomes a 500, never a crash.
import type { IncomingMessage, ServerResponse } from "http";
import { authenticate, authorize } from "../auth";
import type { Sim } from "../context";
import { fingerprint, Idempotency } from "../idempotency";
import { parseJsonBody, readBody } from "./body";
import { ApiRefusal, FAULT_CODES, notFound } from "./errors";
import type { Router } from "./router";
import type { Reply, Req } from "./types";
import { ERROR_CODES } from "../../protocol/errors";
import { IDEMPOTENCY_KEY } from "../../protocol/headers";

let requestCounter = 0;

function render(reply: Reply): string | null {
  if (reply.status === 204) return null;
  return reply.raw ?? JSON.stringify(reply.body ?? {});
}

export function send(res: ServerResponse, status: number, body: string | null, headers: Record<string, string>): void {
  if (res.destroyed || res.headersSent) return;
  if (body === null) {
    res.writeHead(status, headers);
    res.end();
  } else {
    res.writeHead(status, { ...headers, "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) });
    res.end(body);
  }
}

export async function handleApi(sim: Sim, router: Router, req: IncomingMessage, res: ServerResponse, url: URL, raw: Buffer): Promise<void> {
  const method = req.method ?? "GET";
  const path = url.pathname;
  const match = router.match(method, path);
  const pattern = match ? match.route.pattern : (router.patternOf(path) ?? "*");
  const routeName = `${method} ${pattern}`;
  const headers: Record<string, string> = {};
  const requestId = `req_${++requestCounter}`;
  headers["X-Request-Id"] = requestId;
  const finish = (status: number, body: string | null): void => {
    sim.stats.count(method, pattern, status);
    send(res, status, body, headers);
  };

  const fault = sim.faults.plan(method, path);
  if (fault.reset) {
    sim.stats.count(method, pattern, "reset");
    req.socket.destroy();
    return;
  }
  let reply: Reply;
  try {
    if (fault.error) {
      throw new ApiRefusal(fault.error, FAULT_CODES[fault.error] ?? ERROR_CODES.internalError, `injected fault: ${routeName} answered ${fault.error}`);
    }
    const key = authenticate(sim.store, req.headers.authorization);
    const now = sim.clock.now();
    const verdict = sim.limiter.take(key, now);
    Object.assign(headers, verdict.headers);
    if (!verdict.allowed) {
      const at = verdict.retryAfter!;
      throw new ApiRefusal(429, ERROR_CODES.rateLimitExceeded,
        `rate limit of ${key.limit} requests per minute (burst ${key.burst}) exceeded; retry after ${new Date(at * 1000).toISOString()}`,
        undefined, { retry_after: at });
    }
    if (!match) throw notFound(`no route ${method} ${path}`);
    authorize(key, match.route.permission ?? "full", routeName);
    let body: unknown;
    if (match.route.takesBody) {
      body = raw.length === 0 && method === "PATCH" ? {} : parseJsonBody(raw, req.headers["content-type"], routeName);
    }
    const idemHeader = method === "POST" ? req.headers[IDEMPOTENCY_KEY.toLowerCase()] : undefined;
    const idemKey = Array.isArray(idemHeader) ? idemHeader[0] : idemHeader;
    let fp = "";
    if (idemKey !== undefined) {
      Idempotency.check(idemKey);
      fp = fingerprint(method, path, raw);
      const prior = sim.idempotency.lookup(key.key, idemKey, fp, now);
      if (prior) {
        headers["Idempotent-Replayed"] = "true";
        finish(prior.status, prior.body);
        return;
      }
    }
    const r: Req = {
      method, path, query: url.searchParams, params: match.params, headers: req.headers, body, key,
      baseUrl: `http://${req.headers.host ?? "127.0.0.1"}`, requestId: idemKey ?? requestId,
    };
    try {
      reply = match.route.handler(r);
    } catch (e) {
      if (!(e instanceof ApiRefusal)) throw e;
      reply = { status: e.status, body: e.body() };
    }
    // The handler ran: its answer, success or refusal, is what a retry must see.
    if (idemKey !== undefined) sim.idempotency.remember(key.key, idemKey, fp, reply.status, render(reply), now);
  } catch (e) {
    reply = errorReply(e);
  }
  const text = render(reply);
  if (fault.lostAnswer) {
    sim.stats.count(method, pattern, "lost");
    req.socket.destroy();
    return;
  }
  if (fault.delayMs !== undefined) {
    const t = setTimeout(() => finish(reply.status, text), fault.delayMs);
    res.on("close", () => clearTimeout(t));
    return;
  }
  finish(reply.status, text);
}

export function errorReply(e: unknown): Reply {
  if (e instanceof ApiRefusal) return { status: e.status, body: e.body() };
  console.error("hosting-simulator: unexpected error", e);
  return { status: 500, body: new ApiRefusal(500, ERROR_CODES.internalError, `unexpected simulator error: ${(e as Error)?.message ?? String(e)}`).body() };
}

export async function handleAdmin(router: Router, req: IncomingMessage, res: ServerResponse, url: URL, raw: Buffer): Promise<void> {
  const method = req.method ?? "GET";
  const match = router.match(method, url.pathname);
  let reply: Reply;
  try {
    if (!match) throw notFound(`no admin route ${method} ${url.pathname}`);
    let body: unknown;
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch (e) {
        throw new ApiRefusal(400, ERROR_CODES.invalidJson, `the request body is not valid JSON: ${(e as Error).message}`);
      }
    }
    reply = match.route.handler({
      method, path: url.pathname, query: url.searchParams, params: match.params, headers: req.headers, body,
      key: null, baseUrl: `http://${req.headers.host ?? "127.0.0.1"}`, requestId: "admin",
    });
  } catch (e) {
    reply = errorReply(e);
  }
  send(res, reply.status, render(reply), {});
}

export { readBody };
