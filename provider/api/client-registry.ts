// A client of the hosting API. Who shares one (every resource of a provider process, every
// lookup of a program) is decided by the process that holds it (core/provider-process.ts).

import { HostingClient } from "./client";
import type { ClientOptions } from "./options";

export function createClient(opts: ClientOptions): HostingClient {
  return new HostingClient(opts);
}
