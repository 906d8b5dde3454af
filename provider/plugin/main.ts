#!/usr/bin/env node
// pulumi-resource-hosting: the provider plugin face. The engine starts it with its own
// address as the last argument and reads the port of our gRPC server from the first line
// of stdout. Why not the SDK's `@pulumi/pulumi/provider` main(): it answers CheckConfig with
// UNIMPLEMENTED and drops Configure's variables, so stack config and explicit provider
// arguments would never reach us; the service here is served from the SDK's generated stubs.

import { startEngineWatchdog } from "../core/engine-watchdog";
import { grpc, provrpc } from "./grpc";
import { PluginHost } from "./plugin-host";
import { providerService } from "./service";

/** The engine's host:port: the last argument that looks like one. */
export function engineAddress(argv: string[]): string | undefined {
  return [...argv].reverse().find((a) => /^[\w.\-[\]:]+:\d+$/.test(a) && !a.startsWith("-"));
}

/** Serves the provider on a loopback port for `host` (a new one unless given); resolves with the port. */
export async function serve(host = new PluginHost()): Promise<{ port: number; server: import("@grpc/grpc-js").Server; host: PluginHost }> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  server.addService(provrpc.ResourceProviderService, providerService(host));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return { port, server, host };
}

/** Serves, then writes the port handshake; what both the Node script and the standalone executable run. */
export function start(): void {
  serve().then(
    ({ port, host }) => {
      // No address: started by hand for PULUMI_DEBUG_PROVIDERS=hosting:<port>; the engine
      // then gives its address through Attach, and no watchdog ends us between runs.
      const address = engineAddress(process.argv.slice(2));
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
