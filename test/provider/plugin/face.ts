// The plugin face under test: a simulator of one shape, the plugin served on a free loopback
// port as the engine starts it (provider/plugin/main's serve), and a gRPC client of it. Each
// face serves its own PluginHost (its provider process and engine log), so nothing it
// configures outlives it. The requests and answers go through ./rpc.ts, which takes nothing
// from provider/plugin.
import { serve } from "../../../provider/plugin/main";
import type { PluginHost } from "../../../provider/plugin/plugin-host";
import { startTestSimulator, type TestShape, type TestSimulator } from "../../helpers/simulator";

import { grpc, rpc, type Client } from "./rpc";

export interface PluginFace {
  sim: TestSimulator;
  client: Client;
  /** The plugin's host: its provider process and its engine log (`host.engineLog.connect(address)` stands in for Attach). */
  host: PluginHost;
  /** Closes the client, the plugin's engine log and server, and the simulator. */
  close(): Promise<void>;
}

export async function openPluginFace(shape: TestShape): Promise<PluginFace> {
  const sim = await startTestSimulator({ shape });
  const { server, port, host } = await serve();
  const client = new rpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  return {
    sim,
    client,
    host,
    close: async () => {
      client.close();
      host.engineLog.close();
      server.forceShutdown();
      await sim.close();
    },
  };
}
