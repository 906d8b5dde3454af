// The naive mode's resource: the product's Server, with the same inputs and outputs, served by
// the naive baseline's provider (./provider.ts) instead of the product's. Its serialized shell
// is the product's (provider/server/resource.ts) with one difference: its two functions
// require this checkout's dist/bench/naive/provider.js by absolute path, a string the shell
// captures, where the product's require `pulumi-hosting/internal/server` by package name. The
// provider process the engine starts for a stack of NaiveServers so waits with a NaiveWaiter
// and an unpaced client, with no environment variable and nothing the product ships.

import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import type { ResourceFacts } from "../../provider/core/context";
import { isolateEngineConnections } from "../../provider/core/engine-connections";
import { providerShell, shellCache } from "../../provider/core/shell";
import { serverRegistration } from "../../provider/server/registration";
import type { ServerArgs } from "../../provider/server/types";

// Not exported in place: TypeScript would write the shell's references to an exported const as
// `exports.<name>`, and the shell would then capture this whole module.
const naiveProviderPath = path.join(__dirname, "provider.js");

/** The absolute path of the module the NaiveServer shell requires (./provider.ts, compiled). */
export { naiveProviderPath as NAIVE_PROVIDER };

/** The serialized provider of a NaiveServer with these facts (the product's shell, requiring the naive provider). */
export const naiveServerProvider = shellCache((facts: ResourceFacts) =>
  providerShell(
    (...a: unknown[]) => require(naiveProviderPath).observe(a, facts),
    (...a: unknown[]) => require(naiveProviderPath).change(a, facts),
  ),
);

// Before any run of this process opens its engine connections (engine-connections.ts).
isolateEngineConnections();

/** A server of the naive mode: declared as a Server is, with the same arguments. */
export class NaiveServer extends pulumi.dynamic.Resource {
  constructor(name: string, args: ServerArgs, opts?: pulumi.CustomResourceOptions) {
    // Registered as the product's Server is (provider/server/registration.ts); only the shell differs.
    const { props, facts, opts: options } = serverRegistration(name, args, opts);
    super(naiveServerProvider(facts), name, props, options, "bench", "NaiveServer");
  }
}
