// Ends the provider process when the Pulumi engine that started it is gone.
//
// The dynamic-provider host serves gRPC until it is killed, and the engine starts
// it through a `/bin/sh` shim: when the engine dies (kill -9, a lost CI runner)
// only the shim may be reaped, and the Node process lives on with its timers,
// polling the API for ever. The host's first argument is the engine's address;
// once that refuses connections a few times in a row, nobody will call us again.
import * as net from "net";

export interface WatchdogOptions {
  /** The engine's gRPC address, host:port. @default the host's first argument */
  address?: string;
  /** @default 5000 */
  intervalMs?: number;
  /** Refused connections in a row before exiting. @default 3 */
  misses?: number;
  /** @default process.exit */
  exit?: (code: number) => void;
}

let started = false;

/** Starts the watchdog once per process; a no-op outside the dynamic-provider host. */
export function startEngineWatchdog(options: WatchdogOptions = {}): void {
  const address = options.address ?? engineAddressFromArgv();
  if (started || !address) return;
  started = true;
  const [host, port] = [address.slice(0, address.lastIndexOf(":")), Number(address.slice(address.lastIndexOf(":") + 1))];
  const limit = options.misses ?? 3;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let missed = 0;
  const timer = setInterval(() => {
    const socket = net.connect({ host, port });
    socket.setTimeout(2000);
    socket.once("connect", () => {
      missed = 0;
      socket.destroy();
    });
    socket.once("timeout", () => socket.destroy());
    socket.once("error", (err: NodeJS.ErrnoException) => {
      if (err.code !== "ECONNREFUSED") return;
      if (++missed >= limit) {
        clearInterval(timer);
        console.error(`pulumi-hosting: the Pulumi engine at ${address} is gone; ending the provider process`);
        exit(1);
      }
    });
  }, options.intervalMs ?? 5000);
  // Never the reason the process stays alive.
  timer.unref();
}

/** `node .../cmd/dynamic-provider/index.js <engine host:port>`: the address, or undefined. */
function engineAddressFromArgv(): string | undefined {
  const [, script, address] = process.argv;
  if (!script || !/dynamic-provider/.test(script) || !address) return undefined;
  return /^[\w.\-[\]:]+:\d+$/.test(address) ? address : undefined;
}
