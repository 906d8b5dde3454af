// Typed errors of the client (the layout of ky's source/errors/*.ts: one base, one guard).
// Every message says what was asked, what happened and what to do. None of them ever holds
// the API key: they are built from plain strings and numbers only, never from an axios error
// (whose `config.headers.Authorization` carries the key), so JSON.stringify and util.inspect
// of any of them are safe to print.

import type { Server } from "../wire/types";

/** Common base: the request that failed. */
export class ApiError extends Error {
  override readonly name: string = "ApiError";
  readonly method: string;
  readonly path: string;
  constructor(method: string, path: string, message: string) {
    super(message);
    this.method = method;
    this.path = path;
  }
  /** Plain, key-free view for JSON.stringify (Error's own `message` is not enumerable). */
  toJSON(): Record<string, unknown> {
    return { ...(this as object), name: this.name, message: this.message };
  }
}

export interface HttpErrorDetails {
  method: string;
  path: string;
  status: number;
  code: string;
  apiMessage: string;
  field?: string;
  hint?: string;
}

/** The API answered with a status that is not a success. */
export class HttpError extends ApiError {
  override readonly name: string = "HttpError";
  readonly status: number;
  /** The API's `error.code`, e.g. `FORBIDDEN`. */
  readonly code: string;
  /** The API's `error.message`. */
  readonly apiMessage: string;
  /** The API's `error.field`, when it named one. */
  readonly field?: string;
  /** What to do about it, when we know. */
  readonly hint?: string;
  constructor(d: HttpErrorDetails) {
    super(d.method, d.path, formatHttpMessage(d));
    this.status = d.status;
    this.code = d.code;
    this.apiMessage = d.apiMessage;
    if (d.field !== undefined) this.field = d.field;
    if (d.hint !== undefined) this.hint = d.hint;
  }
}

/** 429 after the retries ran out. */
export class RateLimitError extends HttpError {
  override readonly name: string = "RateLimitError";
  /** Unix seconds after which the API accepts requests again (its `retry_after`). */
  readonly retryAfter: number;
  constructor(d: HttpErrorDetails, retryAfter: number) {
    super(d);
    this.retryAfter = retryAfter;
  }
}

/** No answer: refused, reset, DNS, TLS. `causeCode` is Node's code, e.g. `ECONNRESET`. */
export class NetworkError extends ApiError {
  override readonly name: string = "NetworkError";
  readonly causeCode: string;
  constructor(method: string, path: string, causeCode: string, causeMessage: string, baseUrl: string) {
    super(
      method,
      path,
      `${method} ${path} failed: no answer from ${baseUrl} (${causeCode}: ${causeMessage}). ` +
        "Check that the API is reachable from here (network, proxy, firewall).",
    );
    this.causeCode = causeCode;
  }
}

/** One attempt took longer than `timeoutMs`. */
export class TimeoutError extends ApiError {
  override readonly name: string = "TimeoutError";
  readonly timeoutMs: number;
  constructor(method: string, path: string, timeoutMs: number) {
    super(
      method,
      path,
      `${method} ${path} failed: no answer within ${timeoutMs} ms. ` +
        "The API may be overloaded; raise the client's timeoutMs if this persists.",
    );
    this.timeoutMs = timeoutMs;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

function formatHttpMessage(d: HttpErrorDetails): string {
  const field = d.field ? ` (field \`${d.field}\`)` : "";
  const hint = d.hint ? ` (${d.hint})` : "";
  return `${d.method} ${d.path} failed: ${d.status} ${d.code}: ${d.apiMessage}${field}${hint}`;
}

/**
 * A create's Idempotency-Key was answered with a server the caller already holds for something
 * else (`CreateServerOptions.heldElsewhere`): a key a killed run sent, whose server a fleet's
 * update took over for another member. Nothing was sent about that server (no tags PATCH), and
 * this create made nothing: its caller may try again with another key.
 */
export class ReplayHeldElsewhereError extends ApiError {
  override readonly name: string = "ReplayHeldElsewhereError";
  constructor(readonly serverId: string) {
    super("POST", "/v1/servers", `the Idempotency-Key was answered with server ${serverId}, which this operation holds for another member; nothing was changed`);
  }
}

/**
 * The server was created, but a call that belongs to the create failed after the POST (shape
 * B's tags, which its create table lacks, go by PATCH right after). The server exists: callers
 * must keep `server` (the provider records it as a partial create), never forget it.
 */
export class IncompleteCreateError extends ApiError {
  override readonly name: string = "IncompleteCreateError";
  constructor(
    readonly server: Server,
    readonly estimatedProvisioningMs: number | undefined,
    override readonly cause: Error,
  ) {
    super("PATCH", `/v1/servers/${server.id}`, `server ${server.id} was created, but setting its tags afterwards failed: ${cause.message}`);
  }
}
