// The plugin face under test: a simulator of one shape, the plugin served on a free loopback
// port as the engine starts it (provider/plugin/main's serve), and a gRPC client of it. The
// requests and answers go through ./rpc.ts, which takes nothing from provider/plugin.
import { serve } from "../../../provider/plugin/main";
import { resetSettings } from "../../../provider/core/settings";
import { startTestSimulator, type TestShape, type TestSimulator } from "../../helpers/simulator";

import { grpc, rpc, type Client } from "./rpc";

export interface PluginFace {
  sim: TestSimulator;
  client: Client;
  /** Closes the client, the plugin's server and the simulator, and forgets the configuration. */
  close(): Promise<void>;
}

export async function openPluginFace(shape: TestShape): Promise<PluginFace> {
  const sim = await startTestSimulator({ shape });
  const { server, port } = await serve();
  const client = new rpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  return {
    sim,
    client,
    close: async () => {
      client.close();
      server.forceShutdown();
      resetSettings();
      await sim.close();
    },
  };
}
