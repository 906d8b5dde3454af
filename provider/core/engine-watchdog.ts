// Ends the provider process when the Pulumi engine that started it is gone.
//
// The dynamic-provider host serves gRPC until it is killed, and the engine starts
// it through a `/bin/sh` shim: when the engine dies (kill -9, a lost CI runner)
// only the shim may be reaped, and the Node process lives on with its timers,
// polling the API for ever. The host's first argument is the engine's address;
// once that refuses connections a few times in a row, nobody will call us again.
// The clock and the look at the engine come from the options, so that the unit test
// asserts at which virtual millisecond the process ends.
import * as net from "net";
import { realClock, type Clock } from "../api/time/clock";

/** What one look at the engine's address found: only "refused" means nobody listens. */
export type ProbeResult = "answered" | "refused" | "unknown";

export interface WatchdogOptions {
  /** The engine's gRPC address, host:port. @default the host's first argument */
  address?: string;
  /** @default 5000 */
  intervalMs?: number;
  /** Refused connections in a row before exiting. @default 3 */
  misses?: number;
  /** @default process.exit */
  exit?: (code: number) => void;
  /** @default realClock */
  clock?: Clock;
  /** One look at the engine. @default a TCP connection (probeTcp) */
  probe?: (host: string, port: number) => Promise<ProbeResult>;
  /** Where the farewell line goes. @default console.error */
  log?: (line: string) => void;
}

let started = false;

/** Starts the watchdog once per process; a no-op outside the dynamic-provider host. */
export function startEngineWatchdog(options: WatchdogOptions = {}): void {
  const address = options.address ?? engineAddressFromArgv(process.argv);
  if (started || !address) return;
  started = true;
  watchEngine(address, options);
}

/** Looks at `address` every interval and exits after `misses` refusals in a row; returns a stop. */
export function watchEngine(address: string, options: WatchdogOptions = {}): () => void {
  const [host, port] = [address.slice(0, address.lastIndexOf(":")), Number(address.slice(address.lastIndexOf(":") + 1))];
  const limit = options.misses ?? 3;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const clock = options.clock ?? realClock;
  const probe = options.probe ?? probeTcp;
  const log = options.log ?? ((line: string) => console.error(line));
  let missed = 0;
  let stopped = false;
  const stop = () => {
    stopped = true;
    clock.clearInterval(timer);
  };
  const timer = clock.setInterval(() => {
    void probe(host, port).then((found) => {
      if (stopped) return;
      if (found === "answered") missed = 0;
      if (found !== "refused") return;
      if (++missed >= limit) {
        stop();
        log(`pulumi-hosting: the Pulumi engine at ${address} is gone; ending the provider process`);
        exit(1);
      }
    });
  }, options.intervalMs ?? 5000);
  // Never the reason the process stays alive.
  timer.unref();
  return stop;
}

/** One TCP connection: answered, refused (nobody listens), or unknown (a time-out, another error). */
export function probeTcp(host: string, port: number): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(2000);
    socket.once("connect", () => {
      socket.destroy();
      resolve("answered");
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve("unknown");
    });
    socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code === "ECONNREFUSED" ? "refused" : "unknown"));
  });
}

/** `node .../cmd/dynamic-provider/index.js <engine host:port>`: the address, or undefined. */
export function engineAddressFromArgv(argv: readonly string[]): string | undefined {
  const [, script, address] = argv;
  if (!script || !/dynamic-provider/.test(script) || !address) return undefined;
  return /^[\w.\-[\]:]+:\d+$/.test(address) ? address : undefined;
}
