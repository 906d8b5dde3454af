// The client of the lookups, which run in the Pulumi program's process (not the provider's):
// settings from the stack config (`hosting:apiKey`, `hosting:baseUrl`, `hosting:apiShape`)
// or the environment, one client per program process (its ProviderProcess: one rate limiter and
// one catalogue cache for every lookup of the program). The key is read as a plain string with
// `Config.get` so it never enters an Output or the state; it stays in this process's memory.

import * as pulumi from "@pulumi/pulumi";
import type { HostingApi } from "../api/wire/types";
import { ProviderProcess } from "../core/provider-process";
import { warnIfSecretsArePlain } from "../core/plain-secret-warning";
import { describeSearch, LookupFailedError } from "../lookups/errors";

/**
 * The program process's lookups share one client per deployment and key, as the provider's
 * resources do; without the provider's file cache and Redis coordinator, which are the provider
 * process's, and with the client's own defaults otherwise.
 */
const lookups = new ProviderProcess({ clientOptions: { catalogueCacheDir: "", rateLimitRedis: "", cooperate: true }, log: { warn: () => undefined } });

function lookupClient(): HostingApi {
  warnIfSecretsArePlain();
  const config = new pulumi.Config("hosting");
  lookups.configure({ get: (key) => config.get(key.replace(/^hosting:/, "")) });
  return lookups.client();
}

/**
 * Runs a lookup of the program process (`getX`, through this process's client). Whatever stops
 * it beside a no-match (a missing setting, a refused key, an outage) becomes one message naming
 * the lookup and its search (lookup-errors.ts says why), with the original error as `cause`.
 * The plugin face calls `findX` with its own client and reports errors its own way.
 */
export async function explained<T>(lookup: string, args: object, run: (client: HostingApi) => Promise<T>): Promise<T> {
  try {
    return await run(lookupClient());
  } catch (e) {
    if (pulumi.RunError.isInstance(e)) throw e;
    const given = Object.values(args).some((v) => v !== undefined);
    throw new LookupFailedError(`${lookup}${given ? ` (${describeSearch(args)})` : ""}: ${e instanceof Error ? e.message : String(e)}`, e);
  }
}

/** `getXOutput` from `getX`: waits for the inputs, then runs the lookup once. */
export function outputOf<A, R>(lookup: (args: A, opts?: pulumi.InvokeOptions) => Promise<R>, args: unknown, opts?: pulumi.InvokeOptions): pulumi.Output<R> {
  return pulumi.output(args ?? {}).apply((plain) => lookup(plain as A, opts));
}
