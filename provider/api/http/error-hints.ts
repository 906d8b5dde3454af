// Turns an API error answer into a typed error with a hint saying what to do. The one place
// that knows the error body `{ error: { code, message, field?, retry_after? } }`
// (docs/contract.md, "Errors").

import { HttpError, RateLimitError, type HttpErrorDetails } from "./errors";

export interface ErrorContext {
  method: string;
  path: string;
  status: number;
  body: unknown;
  /** Where the key came from (named in 401 and 403 hints). */
  keySource: string;
  /** What the caller was doing, e.g. "creating a server" (named in 403 hints). */
  operation?: string;
  /** Removes secrets from text that came from the network. */
  redact: (text: string) => string;
}

const STATUS_CODES: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "VALIDATION_FAILED",
  429: "RATE_LIMIT_EXCEEDED",
  500: "INTERNAL_ERROR",
  502: "BAD_GATEWAY",
  503: "SERVICE_UNAVAILABLE",
  504: "GATEWAY_TIMEOUT",
};

export function toHttpError(ctx: ErrorContext): HttpError {
  const err = readErrorBody(ctx.body);
  const details: HttpErrorDetails = {
    method: ctx.method,
    path: ctx.path,
    status: ctx.status,
    code: err.code ?? STATUS_CODES[ctx.status] ?? `HTTP_${ctx.status}`,
    apiMessage: ctx.redact(err.message ?? "(no error message in the answer)"),
  };
  if (err.field) details.field = ctx.redact(err.field);
  const hint = hintFor(ctx, details);
  if (hint) details.hint = hint;
  if (ctx.status === 429) {
    return new RateLimitError(details, err.retryAfter ?? Math.ceil(Date.now() / 1000));
  }
  return new HttpError(details);
}

interface ErrorBody {
  code?: string;
  message?: string;
  field?: string;
  retryAfter?: number;
}

export function readErrorBody(body: unknown): ErrorBody {
  const e = (body as { error?: Record<string, unknown> } | undefined)?.error;
  if (!e || typeof e !== "object") return {};
  const out: ErrorBody = {};
  if (typeof e.code === "string") out.code = e.code;
  if (typeof e.message === "string") out.message = e.message;
  if (typeof e.field === "string") out.field = e.field;
  const ra = Number(e.retry_after);
  if (e.retry_after !== undefined && Number.isFinite(ra)) out.retryAfter = ra;
  return out;
}

function hintFor(ctx: ErrorContext, d: HttpErrorDetails): string | undefined {
  switch (ctx.status) {
    case 401:
      // Where to create a key is said once: the API's own message may already say it.
      return (
        `the API key from ${ctx.keySource} was refused: check that it is complete and not revoked, ` +
        (/\bcreate\b.*\bAccount\b/i.test(d.apiMessage) ? "or set a new one there" : "or create a new one in the control panel under Account > API and set it there")
      );
    case 403: {
      const needed = neededPermission(ctx.method, ctx.path);
      // The API's message names the key's level ("... the API key has read permission").
      const has = /\bkey (?:has|is) (read|write|full)\b/i.exec(d.apiMessage)?.[1];
      const hasText = has ? `the API key has ${capitalize(has)} permission; ` : "";
      const what = ctx.operation ?? `${ctx.method} ${ctx.path}`;
      // The source too: stack config wins over HOSTING_API_KEY, so a Write key in the environment is not the one used.
      return `${hasText}${what} needs ${needed}: use a key with ${needed} (or Full) permission; this key came from ${ctx.keySource}`;
    }
    case 404:
      return (
        `${ctx.operation ? `${ctx.operation}: ` : ""}it does not exist: it may have been deleted outside ` +
        "this program (control panel, another tool); check the id"
      );
    case 422:
      return d.field
        ? `the value of \`${d.field}\` was refused: check it against the catalogue (regions, plans, OS images)`
        : "a value was refused: check it against the catalogue (regions, plans, OS images)";
    case 409:
      return d.code === "IDEMPOTENCY_KEY_REUSED"
        ? "the same Idempotency-Key was sent with another request; use a new key per operation"
        : undefined;
    default:
      return undefined;
  }
}

/** Read for GETs; Write for the mutations of servers and webhooks (docs/contract.md, "Auth"). */
function neededPermission(method: string, _path: string): string {
  return method === "GET" ? "Read" : "Write";
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
}
