// What a route handler sees and returns. Handlers are synchronous over the in-memory store;
// the pipeline (http/pipeline.ts) does auth, limits, bodies, idempotency and faults.
import type { IncomingHttpHeaders } from "http";
import type { KeyRecord } from "../store/types";

export interface Req {
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body, or undefined when the request had none. */
  body: unknown;
  key: KeyRecord | null;
  /** Scheme and host the request came to, for absolute `next` links. */
  baseUrl: string;
  /** The Idempotency-Key, or a generated request id. */
  requestId: string;
}

export interface Reply {
  status: number;
  /** Serialized already when the handler built the JSON by hand (lists). */
  body?: unknown;
  raw?: string;
}

export const json = (status: number, body: unknown): Reply => ({ status, body });
export const noContent = (): Reply => ({ status: 204 });
