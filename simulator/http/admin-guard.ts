// What keeps the admin API (/_sim/) from being driven by anything but the developer's own
// tools. A web page open in a browser on the same machine can send "simple" cross-origin
// requests (a form POST with text/plain, no custom header) without a CORS preflight, and
// DNS rebinding lets it read answers under its own host name. So:
// - POST, PUT and PATCH must carry `Content-Type: application/json`: a browser sends that
//   cross-origin only after a preflight, which the simulator never grants (Fetch standard,
//   "CORS-safelisted request-header");
// - the `Host` header must name the address the simulator listens on (a rebinding page's
//   requests carry the attacker's name), with the listening port;
// - with an admin token, `Authorization: Bearer <token>` is required; the simulator refuses
//   to listen beyond loopback without one (options.ts).
import type { IncomingMessage } from "http";
import { timingSafeEqual } from "crypto";
import { isIP } from "net";
import { ApiRefusal } from "./errors";
import { isLoopbackHost } from "../loopback";
import { ERROR_CODES } from "../../protocol/errors";

export interface AdminGuardOptions {
  /** The configured listen address (`--host`). */
  host: string;
  adminToken: string | undefined;
}

const WILDCARDS = new Set(["0.0.0.0", "::"]);

/** Throws the refusal for an admin request that fails a rule; returns when it passes them all. */
export function guardAdmin(req: IncomingMessage, options: AdminGuardOptions): void {
  checkHost(req, options.host);
  const method = req.method ?? "GET";
  if (method === "POST" || method === "PUT" || method === "PATCH") {
    const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
    if (type !== "application/json") {
      throw new ApiRefusal(415, ERROR_CODES.unsupportedMediaType,
        `${method} ${req.url ?? ""}: the admin API takes only Content-Type: application/json on ${method} (the request had ${type || "none"}), so that a web page cannot post to it`);
    }
  }
  if (options.adminToken !== undefined) checkToken(req.headers.authorization, options.adminToken);
}

function checkHost(req: IncomingMessage, listenHost: string): void {
  const given = req.headers.host ?? "";
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(given);
  const name = m ? m[1].replace(/^\[|\]$/g, "").toLowerCase() : "";
  const port = m?.[2] !== undefined ? Number(m[2]) : 80;
  const listen = listenHost.replace(/^\[|\]$/g, "").toLowerCase();
  const nameOk = name === listen || (isLoopbackHost(listen) && isLoopbackHost(name)) || (WILDCARDS.has(listen) && isIP(name) !== 0);
  if (!nameOk || port !== req.socket.localPort) {
    throw new ApiRefusal(403, ERROR_CODES.forbidden,
      `the admin API answers only requests whose Host is the address it listens on (${listen}:${req.socket.localPort}); this one had Host ${given ? `"${given}"` : "none"}`);
  }
}

function checkToken(header: string | undefined, token: string): void {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  const given = Buffer.from(m ? m[1] : "");
  const want = Buffer.from(token);
  if (given.length !== want.length || !timingSafeEqual(given, want)) {
    throw new ApiRefusal(401, ERROR_CODES.unauthorized,
      "the admin API needs Authorization: Bearer <admin token> (the simulator was started with --admin-token)");
  }
}
