// The process-wide clients: every resource of a provider process shares one client per
// deployment and key, and so one rate limiter and one catalogue cache.

import { createHash } from "crypto";
import { HostingClient } from "./client";
import type { ClientOptions } from "./options";

export function createClient(opts: ClientOptions): HostingClient {
  return new HostingClient(opts);
}

const clients = new Map<string, HostingClient>();

/**
 * The process-wide client of one deployment and key: every resource of a provider process
 * shares one rate limiter and one catalogue cache through it. Creating a client is
 * synchronous, so concurrent callers can never build two. Options other than
 * (baseUrl, key, shape) are taken from the first caller.
 */
export function getClient(opts: ClientOptions): HostingClient {
  const keyHash = createHash("sha256").update(String(opts.apiKey).trim()).digest("hex");
  const id = `${String(opts.baseUrl).replace(/\/+$/, "")}|${keyHash}|${opts.shape ?? "auto"}`;
  let c = clients.get(id);
  if (!c) {
    c = createClient(opts);
    clients.set(id, c);
  }
  return c;
}

/** Forgets every process-wide client (tests). */
export function resetClients(): void {
  clients.clear();
}

