// One try of a health check, over the network: an HTTP(S) GET (Node's http/https modules) or a
// TCP connect (net.connect). It answers what it saw, in words for the error that fails a roll
// ("status 503", "connection refused"); it never throws. Its time-out and the engine's Cancel
// both arrive as one AbortSignal from the gate (gate.ts), which owns the timing.

import * as http from "http";
import * as https from "https";
import * as net from "net";
import type { CheckedHealthCheck } from "./types";

export interface ProbeResult {
  pass: boolean;
  /** What the try saw, e.g. "status 503", "connection refused", "timed out after 2s". */
  seen: string;
}

/** One try: `target` is probeTarget()'s; `signal` aborts it (time-out or Cancel). */
export type Prober = (check: CheckedHealthCheck, target: string, signal: AbortSignal) => Promise<ProbeResult>;

export const networkProber: Prober = (check, target, signal) =>
  check.kind === "http" ? httpProbe(target, check.healthyStatusCodes, signal) : tcpProbe(target, signal);

function httpProbe(url: string, codes: number[], signal: AbortSignal): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const get = url.startsWith("https:") ? https.get : http.get;
    try {
      const req = get(url, { signal, agent: false, headers: { "User-Agent": "pulumi-hosting-health-check" } }, (res) => {
        const status = res.statusCode ?? 0;
        res.resume();
        resolve({ pass: codes.includes(status), seen: `status ${status}` });
      });
      req.on("error", (e) => resolve({ pass: false, seen: networkWords(e, signal) }));
    } catch (e) {
      resolve({ pass: false, seen: networkWords(e, signal) });
    }
  });
}

function tcpProbe(target: string, signal: AbortSignal): Promise<ProbeResult> {
  const at = target.lastIndexOf(":");
  const host = target.slice(0, at).replace(/^\[|\]$/g, "");
  const port = Number(target.slice(at + 1));
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (r: ProbeResult) => {
      signal.removeEventListener("abort", abort);
      socket.destroy();
      resolve(r);
    };
    const abort = () => done({ pass: false, seen: "aborted" });
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    socket.once("connect", () => done({ pass: true, seen: "connected" }));
    socket.once("error", (e) => done({ pass: false, seen: networkWords(e, signal) }));
  });
}

/** A network error in a person's words. */
function networkWords(e: unknown, signal: AbortSignal): string {
  if (signal.aborted) return "aborted";
  const code = (e as NodeJS.ErrnoException).code;
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ECONNRESET") return "connection reset";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "host not found";
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH") return "host unreachable";
  return e instanceof Error ? e.message : String(e);
}
