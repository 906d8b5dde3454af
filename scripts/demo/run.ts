// The demo: the root project's fleet (fleet.yaml) on the local simulator.
//
// State lives in .demo/ (git-ignored): the simulator's servers, the Pulumi
// file backend, the webhook secret. So a second run shows "unchanged", an
// edited fleet.yaml applies only the difference, and `destroy` empties it.
import * as crypto from "crypto";
import * as fs from "fs";
import * as path from "path";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { startSimulator } from "../../simulator";
import { startWebhookReceiver } from "../../provider/receiver";
import { createClient } from "../../provider/api";
import { stackOwnershipTag } from "../../provider/orphans";
import { fleetAdoptIds } from "../../provider/import";
import { fleetProgram } from "../../examples/fleet/program";
import { expandFleet, readFleetFile } from "../../examples/fleet/fleet-file";
import { offlineEnv, pinnedPulumi, REPO_ROOT as ROOT } from "../pulumi-offline";
import { printEvents, printNextSteps, printServers, step } from "./report";

// DEMO_DIR: another folder for the demo's state (test/e2e/demo-move.test.ts).
const STATE = path.resolve(process.env.DEMO_DIR ?? path.join(ROOT, ".demo"));
const API_KEY = "demo-full-key";

/** The simulator's port, kept across runs so that hosting:baseUrl stays the same. */
async function startPersistedSimulator(options: Parameters<typeof startSimulator>[0]) {
  const portFile = path.join(STATE, "simulator-port");
  const saved = fs.existsSync(portFile) ? Number(fs.readFileSync(portFile, "utf8")) : 0;
  const sim = await startSimulator({ ...options, port: saved }).catch(() => startSimulator({ ...options, port: 0 }));
  fs.writeFileSync(portFile, String(new URL(sim.url).port));
  return sim;
}

function persistedSecret(file: string): string {
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(24).toString("hex"), { mode: 0o600 });
  return fs.readFileSync(file, "utf8").trim();
}

/** The demo's stack in .demo/project, configured for this simulator and receiver. */
async function demoStack(simUrl: string, receiverUrl: string, webhookSecret: string) {
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: "demo", projectName: "hosting-fleet", program: async () => fleetProgram(path.join(ROOT, "fleet.yaml")) },
    {
      workDir: path.join(STATE, "project"),
      pulumiHome: path.join(STATE, "pulumi-home"),
      pulumiCommand: await pinnedPulumi(),
      projectSettings: { name: "hosting-fleet", runtime: "nodejs", main: ROOT },
      envVars: offlineEnv(path.join(STATE, "backend"), "demo-passphrase"),
    },
  );
  await stack.setAllConfig({
    "hosting:apiKey": { value: API_KEY, secret: true },
    "hosting:baseUrl": { value: simUrl },
    "fleet:webhookUrl": { value: receiverUrl },
    "fleet:webhookSecret": { value: webhookSecret, secret: true },
  });
  return stack;
}

type DemoStack = Awaited<ReturnType<typeof demoStack>>;

async function destroyFleet(stack: DemoStack, simUrl: string): Promise<void> {
  step("pulumi destroy");
  // runProgram: the provider gets today's config (hosting:baseUrl), not the one in state.
  await stack.destroy({ onOutput: (s) => process.stdout.write(s), runProgram: true });
  const left = await createClient({ baseUrl: simUrl, apiKey: API_KEY }).listAllServers({ tag: stackOwnershipTag("hosting-fleet", "demo") });
  step(`destroyed: ${left.length} server(s) of this stack left on the simulator`);
}

/**
 * A `.demo` stack of the earlier demo holds one `Server` per member: the Fleet takes their
 * servers over by member key in this `up`, and dropping the Servers deletes none of them
 * (docs/guide/adoption-and-moves.md, "From Servers to a Fleet"). Any other stack: no adoption.
 */
async function adoptEarlierServers(stack: DemoStack): Promise<void> {
  const keys = expandFleet(readFleetFile(path.join(ROOT, "fleet.yaml"))).map((e) => e.name);
  const adoptIds = fleetAdoptIds(await stack.exportStack(), keys);
  if (Object.keys(adoptIds).length === 0) {
    if ("fleet:adoptIds" in (await stack.getAllConfig())) await stack.removeConfig("fleet:adoptIds");
    return;
  }
  step(`the stack holds ${Object.keys(adoptIds).length} Server resource(s) of the earlier demo: the Fleet takes their servers over (adoptIds), none is replaced`);
  await stack.setConfig("fleet:adoptIds", { value: JSON.stringify(adoptIds) });
}

async function upFleet(stack: DemoStack, receiver: Awaited<ReturnType<typeof startWebhookReceiver>>): Promise<void> {
  await adoptEarlierServers(stack);
  step("pulumi up (servers provision in a few seconds; progress below)");
  const started = Date.now();
  const result = await stack.up({ onOutput: (s) => process.stdout.write(s) });
  printServers(result.outputs.servers?.value ?? []);
  // Deliveries are asynchronous; give the last ones a moment to arrive.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  printEvents(receiver.events, receiver.rejected);
  step(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  printNextSteps();
}

async function main(): Promise<void> {
  const destroy = process.argv.includes("destroy");
  fs.mkdirSync(path.join(STATE, "backend"), { recursive: true });
  fs.mkdirSync(path.join(STATE, "project"), { recursive: true });
  const webhookSecret = persistedSecret(path.join(STATE, "webhook-secret"));

  step("starting the hosting API simulator (state in .demo/simulator.json)");
  const sim = await startPersistedSimulator({
    shape: (process.env.DEMO_SHAPE as "A" | "B") ?? "A",
    provisionMs: Number(process.env.DEMO_PROVISION_MS ?? 4000),
    transitionMs: 1000,
    stateFile: path.join(STATE, "simulator.json"),
    seed: 42,
    keys: [{ key: API_KEY, permission: "full", tier: "default" }],
  });
  const receiver = await startWebhookReceiver({ secret: webhookSecret, port: 18787 }).catch(() =>
    startWebhookReceiver({ secret: webhookSecret }),
  );
  step(`simulator at ${sim.url}, webhook receiver at ${receiver.url}`);

  try {
    const stack = await demoStack(sim.url, receiver.url, webhookSecret);
    if (destroy) await destroyFleet(stack, sim.url);
    else await upFleet(stack, receiver);
  } finally {
    await receiver.close();
    await sim.close();
  }
}

main().catch((err) => {
  console.error(`\ndemo failed: ${err?.message ?? err}`);
  process.exit(1);
});
