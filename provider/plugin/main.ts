#!/usr/bin/env node
// pulumi-resource-hosting: the provider plugin face. The engine starts it with its own
// address as the last argument and reads the port of our gRPC server from the first line
// of stdout. Why not the SDK's `@pulumi/pulumi/provider` main(): it answers CheckConfig with
// UNIMPLEMENTED and drops Configure's variables, so stack config and explicit provider
// arguments would never reach us; the service here is served from the SDK's generated stubs.

import { startEngineWatchdog } from "../core/engine-watchdog";
import { connectEngineLog } from "./engine-log";
import { grpc, provrpc } from "./grpc";
import { providerService } from "./service";

/** The engine's host:port: the last argument that looks like one. */
export function engineAddress(argv: string[]): string | undefined {
  return [...argv].reverse().find((a) => /^[\w.\-[\]:]+:\d+$/.test(a) && !a.startsWith("-"));
}

/** Serves the provider on a loopback port; resolves with the port. */
export async function serve(): Promise<{ port: number; server: import("@grpc/grpc-js").Server }> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  server.addService(provrpc.ResourceProviderService, providerService());
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return { port, server };
}

if (require.main === module) {
  serve().then(
    ({ port }) => {
      const address = engineAddress(process.argv.slice(2));
      if (address) {
        startEngineWatchdog({ address });
        connectEngineLog(address);
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
