#!/usr/bin/env node
// pulumi-resource-hosting: the provider plugin face. The engine starts it with its own
// address as the last argument and reads the port of our gRPC server from the first line
// of stdout. The command line follows the package's conventions (protocol/command-line.ts):
// --help and --version answer and exit before any server starts, an unknown flag exits 2.
// Why not the SDK's `@pulumi/pulumi/provider` main(): it answers CheckConfig with
// UNIMPLEMENTED and drops Configure's variables, so stack config and explicit provider
// arguments would never reach us; the service here is served from the SDK's generated stubs.

import { commandLine } from "../../protocol/command-line";
import { commandSpec } from "../core/command";
import { startEngineWatchdog } from "../core/engine-watchdog";
import { grpc } from "./grpc";
import { limitHeapGrowth } from "./heap-growth";
import { PluginHost } from "./plugin-host";
import { providerService } from "./service";
import { structWireService } from "./struct-fields";

export const USAGE = `usage: pulumi-resource-hosting [--logtostderr] [-v=<level>] [--tracing <url>] [<engine host:port>]
  The provider plugin of pulumi-hosting. The Pulumi engine starts it; it serves gRPC on a free
  loopback port and prints that port as its first line on stdout. The flags are the ones the
  engine passes to every plugin and are accepted for it: the plugin's own diagnostics reach the
  engine through its log service, whatever they say. Without an address (started by hand) it
  waits for PULUMI_DEBUG_PROVIDERS=hosting:<port> to attach.
  --help, -h   this text;  --version  the package version (no server is started)
  exit codes: 0 after --help or --version, 1 the server could not start, 2 a command line that
              cannot be read; once serving, it runs until the engine ends it`;

/** The flags the engine passes to every plugin (pulumi's plugin launcher: logging, tracing). */
export const PLUGIN_COMMAND = commandSpec("pulumi-resource-hosting", USAGE, {
  logtostderr: { type: "boolean" },
  v: { type: "string", short: "v" },
  tracing: { type: "string" },
}, true);

/** The engine's host:port: the last argument that looks like one. */
export function engineAddress(argv: string[]): string | undefined {
  return [...argv].reverse().find((a) => /^[\w.\-[\]:]+:\d+$/.test(a) && !a.startsWith("-"));
}

/** Serves the provider on a loopback port for `host` (a new one unless given); resolves with the port. */
export async function serve(host = new PluginHost()): Promise<{ port: number; server: import("@grpc/grpc-js").Server; host: PluginHost }> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  server.addService(structWireService(), providerService(host));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return { port, server, host };
}

/**
 * Reads the command line, serves, then writes the port handshake; what both the Node script
 * and the standalone executable run. --help and --version print and return before any server.
 */
export function start(argv: string[] = process.argv.slice(2)): void {
  const line = commandLine(PLUGIN_COMMAND, argv);
  if (line.exit !== undefined) {
    process.exitCode = line.exit;
    return;
  }
  try {
    limitHeapGrowth();
  } catch (e) {
    console.error(`pulumi-resource-hosting: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
    return;
  }
  serve().then(
    ({ port, host }) => {
      // No address: started by hand for PULUMI_DEBUG_PROVIDERS=hosting:<port>; the engine
      // then gives its address through Attach, and no watchdog ends us between runs.
      const address = engineAddress(line.positionals);
      if (address) {
        startEngineWatchdog({ address });
        host.engineLog.connect(address);
      }
      // The handshake: nothing may reach stdout before this line.
      process.stdout.write(`${port}\n`);
    },
    (e) => {
      console.error(`pulumi-resource-hosting: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    },
  );
}

if (require.main === module) start();
