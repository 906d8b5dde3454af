// The simulator's public entry: startSimulator(options) starts a stateful HTTP server that
// behaves like the hosting API of docs/openapi.yaml, with the choices of docs/contract.md
// where the spec is silent.
import type { AddressInfo } from "net";
import { Sim } from "./context";
import { resolveOptions, type SimulatorOptions } from "./options";
import { createHttpServer } from "./server";

export type { FaultRule, KeySpec, Permission, Shape, SimulatorOptions, Tier } from "./options";
export { keyLabel } from "./stats";

/** In-process access to the parts the admin API exposes over HTTP. */
export interface AdminHandle {
  /** The live simulator (store, stats, config, faults, clock). */
  readonly sim: Sim;
  addKey: Sim["addKey"];
  /** Writes the state file now (it is also written shortly after every change). */
  flush(): void;
}

export interface SimulatorHandle {
  url: string;
  port: number;
  shape: "A" | "B";
  admin: AdminHandle;
  close(): Promise<void>;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<SimulatorHandle> {
  const resolved = resolveOptions(options);
  const sim = new Sim(resolved);
  sim.start();
  const server = createHttpServer(sim);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(resolved.port, resolved.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  let closed: Promise<void> | null = null;
  return {
    url: `http://${resolved.host}:${port}`,
    port,
    shape: resolved.shape,
    admin: { sim, addKey: (spec) => sim.addKey(spec), flush: () => sim.persistence.flush() },
    close() {
      closed ??= new Promise<void>((resolve) => {
        sim.stop();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
