// The request pipeline of /v1: faults → auth → rate limit → route → permission → path
// decoding → body → idempotency → handler → late faults (delay, lost answer). Every refusal
// is an ApiRefusal rendered as the error object; anything unexpected becomes a 500, never a
// crash. Every answer carries the three X-RateLimit-* headers (rate-limit.ts says which
// numbers a refusal gets).
import type { IncomingMessage, ServerResponse } from "http";
import { authenticate, authorize } from "../auth";
import type { Sim } from "../context";
import type { FaultPlan } from "../faults";
import { fingerprint, Idempotency } from "../idempotency";
import { anonymousHeaders } from "../rate-limit";
import type { KeyRecord } from "../store/types";
import { guardAdmin } from "./admin-guard";
import { parseJsonBody, readBody } from "./body";
import { ApiRefusal, FAULT_CODES, notFound } from "./errors";
import { decodeParams, type Match, type Router } from "./router";
import type { Reply, Req } from "./types";
import { ERROR_CODES } from "../../protocol/errors";
import { IDEMPOTENCY_KEY } from "../../protocol/headers";

let requestCounter = 0;

/** One /v1 request on its way through the pipeline. */
interface Call {
  sim: Sim;
  req: IncomingMessage;
  url: URL;
  raw: Buffer;
  method: string;
  match: Match | null;
  routeName: string;
  requestId: string;
  /** Answer headers, filled as the pipeline learns them. */
  headers: Record<string, string>;
}

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
  const match = router.match(method, url.pathname);
  const pattern = match ? match.route.pattern : (router.patternOf(url.pathname) ?? "*");
  const requestId = `req_${++requestCounter}`;
  const call: Call = { sim, req, url, raw, method, match, routeName: `${method} ${pattern}`, requestId, headers: { "X-Request-Id": requestId } };
  const fault = sim.faults.plan(method, url.pathname);
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "")?.[1];
  const finish = (status: number, body: string | null): void => {
    sim.stats.count(method, pattern, status, bearer);
    send(res, status, body, call.headers);
  };
  if (fault.reset || fault.lostAnswer) {
    // A reset happens before any work; a lost answer after the work, with nobody told.
    if (fault.lostAnswer) answer(call, fault);
    sim.stats.count(method, pattern, fault.reset ? "reset" : "lost", bearer);
    req.socket.destroy();
    return;
  }
  const reply = answer(call, fault);
  const text = render(reply);
  if (fault.delayMs === undefined) return finish(reply.status, text);
  // A timer may fire a fraction of a millisecond before its delay by the clock the stats read
  // (it runs on the event loop's cached time), so the answer waits until that clock says so.
  const due = performance.now() + fault.delayMs;
  let t: NodeJS.Timeout;
  const hold = (): void => {
    const left = due - performance.now();
    if (left <= 0) finish(reply.status, text);
    else t = setTimeout(hold, Math.ceil(left));
  };
  hold();
  res.on("close", () => clearTimeout(t));
}

/** The reply to a call, refusals included; never throws. */
function answer(call: Call, fault: FaultPlan): Reply {
  try {
    const key = admit(call, fault);
    if (!call.match) throw notFound(`no route ${call.method} ${call.url.pathname}`);
    authorize(key, call.match.route.permission ?? "full", call.routeName);
    const params = decodeParams(call.match.params);
    let body: unknown;
    if (call.match.route.takesBody) {
      body = call.raw.length === 0 && call.method === "PATCH" ? {} : parseJsonBody(call.raw, call.req.headers["content-type"], call.routeName);
    }
    return runOnce(call, key, call.match, params, body);
  } catch (e) {
    return errorReply(e);
  }
}

/** Authenticates and takes a token, setting the rate-limit headers whatever the outcome. */
function admit(call: Call, fault: FaultPlan): KeyRecord {
  const { sim } = call;
  const now = sim.clock.now();
  let key: KeyRecord;
  try {
    key = authenticate(sim.store, call.req.headers.authorization);
  } catch (e) {
    Object.assign(call.headers, anonymousHeaders(now));
    throw e;
  }
  if (fault.error) {
    Object.assign(call.headers, sim.limiter.peek(key, now));
    throw new ApiRefusal(fault.error, (Object.hasOwn(FAULT_CODES, fault.error) ? FAULT_CODES[fault.error] : ERROR_CODES.internalError), `injected fault: ${call.routeName} answered ${fault.error}`);
  }
  const verdict = sim.limiter.take(key, now);
  Object.assign(call.headers, verdict.headers);
  if (!verdict.allowed) {
    const at = verdict.retryAfter!;
    throw new ApiRefusal(429, ERROR_CODES.rateLimitExceeded,
      `rate limit of ${key.limit} requests per minute (burst ${key.burst}) exceeded; retry after ${new Date(at * 1000).toISOString()}`,
      undefined, { retry_after: at });
  }
  return key;
}

/** Runs the handler, or replays the first answer to the same Idempotency-Key. */
function runOnce(call: Call, key: KeyRecord, match: Match, params: Record<string, string>, body: unknown): Reply {
  const { sim, method, url } = call;
  const idemHeader = method === "POST" ? call.req.headers[IDEMPOTENCY_KEY.toLowerCase()] : undefined;
  const idemKey = Array.isArray(idemHeader) ? idemHeader[0] : idemHeader;
  const now = sim.clock.now();
  let fp = "";
  if (idemKey !== undefined) {
    Idempotency.check(idemKey);
    fp = fingerprint(method, url.pathname, call.raw);
    const prior = sim.idempotency.lookup(key.key, idemKey, fp, now);
    if (prior) {
      call.headers["Idempotent-Replayed"] = "true";
      return { status: prior.status, raw: prior.body ?? undefined };
    }
  }
  const r: Req = {
    method, path: url.pathname, query: url.searchParams, params, headers: call.req.headers, body, key,
    baseUrl: `http://${call.req.headers.host ?? "127.0.0.1"}`, requestId: idemKey ?? call.requestId,
  };
  let reply: Reply;
  try {
    reply = match.route.handler(r);
  } catch (e) {
    if (!(e instanceof ApiRefusal)) throw e;
    reply = { status: e.status, body: e.body() };
  }
  // The handler ran: its answer, success or refusal, is what a retry must see.
  if (idemKey !== undefined) sim.idempotency.remember(key.key, idemKey, fp, reply.status, render(reply), now);
  return reply;
}

/**
 * The rate-limit headers of an answer given before the pipeline ran (a body over the size
 * limit): the caller's bucket untouched, or a fresh default one without a valid key.
 */
export function refusalHeaders(sim: Sim, authorization: string | undefined): Record<string, string> {
  const now = sim.clock.now();
  try {
    return sim.limiter.peek(authenticate(sim.store, authorization), now);
  } catch {
    return anonymousHeaders(now);
  }
}

export function errorReply(e: unknown): Reply {
  if (e instanceof ApiRefusal) return { status: e.status, body: e.body() };
  console.error("hosting-simulator: unexpected error", e);
  return { status: 500, body: new ApiRefusal(500, ERROR_CODES.internalError, `unexpected simulator error: ${(e as Error)?.message ?? String(e)}`).body() };
}

export async function handleAdmin(sim: Sim, router: Router, req: IncomingMessage, res: ServerResponse, url: URL, raw: Buffer): Promise<void> {
  const method = req.method ?? "GET";
  let reply: Reply;
  try {
    guardAdmin(req, { host: sim.options.host, adminToken: sim.options.adminToken });
    const match = router.match(method, url.pathname);
    if (!match) throw notFound(`no admin route ${method} ${url.pathname}`);
    reply = match.route.handler({
      method, path: url.pathname, query: url.searchParams, params: decodeParams(match.params), headers: req.headers,
      body: parseAdminBody(raw), key: null, baseUrl: `http://${req.headers.host ?? "127.0.0.1"}`, requestId: "admin",
    });
  } catch (e) {
    reply = errorReply(e);
  }
  send(res, reply.status, render(reply), {});
}

function parseAdminBody(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch (e) {
    throw new ApiRefusal(400, ERROR_CODES.invalidJson, `the request body is not valid JSON: ${(e as Error).message}`);
  }
}

export { readBody };
