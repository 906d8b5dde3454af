// Shared pieces of the end-to-end scenarios: a simulator + receiver per shape,
// and programs built from a plain description that tests change between runs.
import * as pulumi from "@pulumi/pulumi";
import * as hosting from "pulumi-hosting";
import type { SimulatorOptions } from "pulumi-hosting/simulator";
import { RunningReceiver, startWebhookReceiver } from "pulumi-hosting/receiver";
import { E2EStack } from "./e2e-stack";
import { startTestSimulator, type TestShape, type TestSimulator } from "../helpers/simulator";

export { SHAPES } from "../helpers/simulator";

export const API_KEY = "e2e-full-key-7f3a9c";
export const WEBHOOK_SECRET = "e2e-webhook-secret-91be04";

export interface ServerSpec {
  region?: string;
  plan?: string;
  os?: string;
  osId?: number;
  label?: string;
  tags?: string[];
  powerState?: "running" | "stopped";
  userData?: string;
}

export interface ProgramSpec {
  servers: Record<string, ServerSpec>;
  webhookUrl?: string;
  lookups?: boolean;
}

export const DEFAULT_SERVER: ServerSpec = { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04" };

/** A program that declares what `spec()` says at the time it runs. */
export function programOf(spec: () => ProgramSpec): () => Promise<Record<string, unknown>> {
  return async () => {
    const current = spec();
    const outputs: Record<string, unknown> = {};
    // The webhook goes first: servers created before it exists emit events nobody hears.
    const hook = current.webhookUrl
      ? new hosting.Webhook("events", {
          url: current.webhookUrl,
          events: ["server.created", "server.deleted", "server.status_changed"],
          secret: WEBHOOK_SECRET,
        })
      : undefined;
    if (hook) outputs.webhookId = hook.id;
    for (const [name, server] of Object.entries(current.servers)) {
      const s = new hosting.Server(name, { ...DEFAULT_SERVER, ...server } as hosting.ServerArgs, { dependsOn: hook ? [hook] : [] });
      outputs[name] = pulumi
        .all([s.id, s.status, s.mainIp, s.label, s.tags, s.osId])
        .apply(([id, status, mainIp, label, tags, osId]) => ({ id, status, mainIp, label, tags, osId }));
    }
    if (current.lookups) {
      const region = await hosting.getRegion({ id: "fra" });
      const plan = await hosting.getPlan({ id: "vc2-1c-1gb" });
      const image = await hosting.getOsImage({ slug: "ubuntu-24.04" });
      outputs.lookups = { city: region.city, planVcpus: plan.vcpus, imageId: image.id };
    }
    return outputs;
  };
}

export interface World {
  /** The simulator, with its admin API (test/helpers/simulator.ts). */
  sim: TestSimulator;
  receiver: RunningReceiver;
  close(): Promise<void>;
}

/** A simulator of one shape with fast timings, plus a webhook receiver. */
export async function startWorld(shape: TestShape, options: SimulatorOptions = {}): Promise<World> {
  const sim = await startTestSimulator({
    shape,
    provisionMs: 400,
    transitionMs: 200,
    seed: 7,
    webhookRetryScale: 0.001,
    keys: [{ key: API_KEY, permission: "full", tier: "enterprise" }],
    ...options,
  });
  const receiver = await startWebhookReceiver({ secret: WEBHOOK_SECRET });
  return {
    sim,
    receiver,
    close: async () => {
      await receiver.close();
      await sim.close();
    },
  };
}

export function stackConfig(world: World, apiKey = API_KEY) {
  return {
    "hosting:apiKey": { value: apiKey, secret: true },
    "hosting:baseUrl": { value: world.sim.url },
  };
}

export function createStack(world: World, spec: () => ProgramSpec, extra: Partial<Parameters<typeof E2EStack.create>[0]> = {}) {
  return E2EStack.create({ program: programOf(spec), config: stackConfig(world), ...extra });
}

