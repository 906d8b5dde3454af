// One logical request: wait for a rate-limit token, send one attempt, let the answer correct
// the bucket, turn error answers into typed errors, and retry what is safe to retry. Also
// keeps the counters of stats().

import { toHttpError, readErrorBody } from "./error-hints";
import type { Pacer, Ticket } from "../pacing/pacer";
import { withRetries, type RetryPolicy } from "./retry";
import type { ShapeTracker } from "../wire/shape";
import type { RawRequest, RawResponse, Transport } from "./transport";
import type { ClientStats, RequestPriority } from "../wire/types";
import { IDEMPOTENCY_KEY } from "../../../protocol/headers";

export interface CallOptions {
  /** Queue position while waiting for a token. @default "mutation" for POST/PATCH/DELETE, else "read" */
  priority?: RequestPriority;
  /** Sent on POST/PATCH; the same for every retry of this call. */
  idempotencyKey?: string;
  /** What the caller is doing, e.g. "creating a server" (named in 403/404 hints). */
  operation?: string;
  /** Statuses handed back instead of thrown (e.g. 404 for a read that may find nothing). */
  accept?: number[];
  /**
   * Ends the call while it waits for a token or between retries, with the signal's reason (the
   * engine's Cancel). An attempt already sent is not abandoned: its answer is returned.
   */
  signal?: AbortSignal;
}

export interface CallResult extends RawResponse {
  /** An earlier attempt got no answer, so its work may have been done (a lost answer). */
  afterLostAnswer: boolean;
}

export interface RequesterDeps {
  transport: Transport;
  limiter: Pacer;
  shape: ShapeTracker;
  policy: RetryPolicy;
  keySource: string;
}

export class Requester {
  private readonly counters: ClientStats = { requests: 0, byRoute: {}, retries: 0, rateLimited: 0 };

  constructor(private readonly deps: RequesterDeps) {}

  async call(method: RawRequest["method"], path: string, body?: unknown, opts: CallOptions = {}): Promise<CallResult> {
    const mutation = method !== "GET";
    const priority = opts.priority ?? (mutation ? "mutation" : "read");
    const headers: Record<string, string> = {};
    if (opts.idempotencyKey && (method === "POST" || method === "PATCH")) headers[IDEMPOTENCY_KEY] = opts.idempotencyKey;
    const plainPath = path.split("?")[0]!;
    let afterLostAnswer = false;
    // The first attempt's token and connection are waited for before the retry machinery is
    // built: a Fleet queues a call per member at once, and a call that waits holds this frame
    // only. Each retry waits for its own.
    let first: Ticket | undefined = await this.deps.limiter.acquire(priority, opts.signal);
    await this.deps.transport.takeSlot();

    const attempt = async (): Promise<CallResult> => {
      const held = first;
      first = undefined;
      const ticket = held ?? (await this.deps.limiter.acquire(priority, opts.signal));
      this.count(method, plainPath);
      let res: RawResponse;
      try {
        res = await this.deps.transport.send({ method, path, body, headers }, held !== undefined);
      } catch (e) {
        this.deps.limiter.release(ticket);
        // Only a mutation's lost answer matters (a GET did nothing).
        if (mutation) afterLostAnswer = true;
        throw e;
      }
      const retryAfter = res.status === 429 ? readErrorBody(res.data).retryAfter : undefined;
      this.deps.limiter.observe(ticket, res.status, res.header, retryAfter);
      if (res.status === 429) this.counters.rateLimited++;
      const ok = res.status >= 200 && res.status < 300;
      if (ok) this.deps.shape.observe(res.data);
      if (ok || opts.accept?.includes(res.status)) return { ...res, afterLostAnswer };
      throw this.errorFor(method, path, res, opts.operation);
    };

    try {
      return await withRetries(attempt, this.deps.policy, {
        method,
        path: plainPath,
        safeToRepeat: method === "GET" || method === "DELETE" || headers[IDEMPOTENCY_KEY] !== undefined,
        onRetry: () => this.counters.retries++,
        signal: opts.signal,
      });
    } finally {
      // No first attempt ran (the signal aborted meanwhile): its token and connection go back.
      if (first !== undefined) {
        this.deps.limiter.release(first);
        this.deps.transport.freeSlot();
      }
    }
  }

  /** The typed error of an error answer (also for answers a caller accepted, then refused). */
  errorFor(method: string, path: string, res: RawResponse, operation?: string): Error {
    return toHttpError({
      method,
      path: path.split("?")[0]!,
      status: res.status,
      body: res.data,
      keySource: this.deps.keySource,
      operation,
      redact: (t) => this.deps.transport.redact(t),
    });
  }

  stats(): ClientStats {
    return { ...this.counters, byRoute: { ...this.counters.byRoute } };
  }

  private count(method: string, path: string): void {
    const route = `${method} ${routeOf(path)}`;
    this.counters.requests++;
    this.counters.byRoute[route] = (this.counters.byRoute[route] ?? 0) + 1;
  }
}

/** `/v1/servers/abc/stop` -> `/v1/servers/:id/stop` (the simulator's stats use the same). */
function routeOf(path: string): string {
  const parts = path.split("?")[0]!.split("/");
  // ["", "v1", "servers", "<id>", ...]
  if (parts.length >= 4 && parts[3] !== "") parts[3] = ":id";
  return parts.join("/");
}
