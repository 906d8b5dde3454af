// Progress lines of the dynamic face (core/progress.ts). The dynamic-provider host of
// @pulumi/pulumi (cmd/dynamic-provider/index.js) takes the engine's address as its first argument
// and never connects to it, so `pulumi.log` there writes to stderr, which the engine keeps in the
// final output. This process opens its own connection to that address (plugin/engine-log.ts, the
// plugin's) and sends each line as an ephemeral status, as the plugin does. The host sends no URN,
// so the engine shows the lines on the stack's row, each led by the resource's name. Outside the
// host (a program's own process, the tests) there is no address and no line.

import type { ResourceFacts } from "../core/context";
import { engineAddressFromArgv } from "../core/engine-watchdog";
import type { StatusSink } from "../core/progress";
import type { EngineLog } from "../plugin/engine-log";

/**
 * Where the progress lines of each resource's requests go in the dynamic-provider host: over
 * `engine`, connected at the first request to the address the host was given; none elsewhere.
 */
export function dynamicStatus(engine: EngineLog, argv: readonly string[] = process.argv): (facts: ResourceFacts | undefined) => StatusSink | undefined {
  const address = engineAddressFromArgv(argv);
  let connected = false;
  return (facts) => {
    if (!address) return undefined;
    if (!connected) {
      engine.connect(address);
      connected = true;
    }
    const send = engine.status("");
    const name = facts?.name;
    return (message) => send(name !== undefined ? `${name}: ${message}` : message);
  };
}
