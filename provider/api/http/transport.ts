// One HTTP attempt over axios: auth, User-Agent, time-out, and the translation of axios'
// failures into our key-free NetworkError / TimeoutError. Statuses are never thrown here
// (validateStatus accepts all): the client decides what each one means.

import * as http from "http";
import * as https from "https";
import type { AxiosInstance } from "axios";
import { packageVersion } from "../wire/package-files";
import { NetworkError, TimeoutError } from "./errors";
import { InFlightLimit } from "./in-flight";

/**
 * Connections one client keeps to the API at most; requests beyond them wait for a free one in
 * an InFlightLimit, before axios builds them (a queued request's time-out starts when it is
 * sent). Without a cap, a fleet's 1,000 concurrent DELETEs opened 1,000 connections at once:
 * past the listener's backlog the SYNs were dropped and retried a second later, so the
 * stragglers waited a second for nothing, and against the real API each would be a TLS handshake of its own.
 */
export const MAX_SOCKETS = 64;

/** The part of the client's resolved options one HTTP attempt needs. */
export interface TransportOptions {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  userAgent: string;
}

export interface RawResponse {
  status: number;
  data: unknown;
  header: (name: string) => string | undefined;
}

export interface RawRequest {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Path and query below the base URL, e.g. `/v1/servers?per_page=500`. */
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export class Transport {
  /** Made at the first request: a process that sends none (a preview, a no-change `up`) never loads axios. */
  private axios?: AxiosInstance;
  // A #private field: util.inspect and JSON.stringify of the client never show it.
  readonly #apiKey: string;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly userAgent: string;
  private readonly inFlight = new InFlightLimit(MAX_SOCKETS);

  constructor(opts: TransportOptions) {
    this.#apiKey = opts.apiKey;
    this.baseUrl = opts.baseUrl;
    this.timeoutMs = opts.timeoutMs;
    this.userAgent = opts.userAgent;
  }

  private http(): AxiosInstance {
    this.axios ??= (require("axios") as typeof import("axios")).default.create({
      baseURL: this.baseUrl,
      timeout: this.timeoutMs,
      // A redirect could carry the key elsewhere; the API never redirects.
      maxRedirects: 0,
      validateStatus: () => true,
      transitional: { clarifyTimeoutError: true, silentJSONParsing: true, forcedJSONParsing: true },
      // Keep-alive: one connection serves many requests of one deployment.
      httpAgent: new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
      httpsAgent: new https.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
      headers: { "User-Agent": this.userAgent, Accept: "application/json" },
    });
    return this.axios;
  }

  /** Waits for a connection of its own; the next `send(req, true)` uses it, or `freeSlot()` gives it back. */
  takeSlot(): Promise<void> {
    return this.inFlight.take();
  }

  freeSlot(): void {
    this.inFlight.release();
  }

  /** Sends once a connection is free (at once with `slotTaken`: `takeSlot()` got one). */
  async send(req: RawRequest, slotTaken = false): Promise<RawResponse> {
    const headers: Record<string, string> = { ...req.headers, Authorization: `Bearer ${this.#apiKey}` };
    if (req.body !== undefined) headers["Content-Type"] = "application/json";
    try {
      const res = await this.inFlight.run(() => this.http().request({
        method: req.method,
        url: req.path,
        data: req.body === undefined ? undefined : JSON.stringify(req.body),
        headers,
      }), slotTaken);
      return {
        status: res.status,
        data: res.data === "" ? undefined : res.data,
        header: (name) => {
          const v = res.headers[name.toLowerCase()];
          return v === undefined || v === null ? undefined : String(v);
        },
      };
    } catch (e) {
      // Never rethrow the axios error: its config holds the Authorization header.
      throw this.wrap(req, e);
    }
  }

  /** Removes the key from text that came back from the network or a library. */
  redact(text: string): string {
    return this.#apiKey.length >= 4 ? text.split(this.#apiKey).join("[redacted]") : text;
  }

  private wrap(req: RawRequest, e: unknown): Error {
    const path = req.path.split("?")[0]!;
    const err = e as { code?: string; message?: string };
    const code = typeof err?.code === "string" ? err.code : "ERR_NETWORK";
    if (code === "ETIMEDOUT" || code === "ECONNABORTED") {
      return new TimeoutError(req.method, path, this.timeoutMs);
    }
    const message = this.redact(typeof err?.message === "string" ? err.message : String(e));
    return new NetworkError(req.method, path, code, message, this.baseUrl);
  }
}

let version: string | undefined;

/** `pulumi-hosting/<version>`, from this package's package.json (wire/package-files.ts). */
export function defaultUserAgent(): string {
  if (version === undefined) {
    try {
      version = packageVersion();
    } catch {
      version = "0.0.0";
    }
  }
  return `pulumi-hosting/${version}`;
}
