// One stack seen the way the tagless orphan check needs it: the servers its program would
// create now (a `pulumi preview`, which reads only, so a Read key is enough), the server ids its
// state holds (`pulumi stack export`), and the API settings of its config. The program is the
// user's own project on disk, run by the `pulumi` on PATH with the usual backend variables.
import { LocalWorkspace, type EngineEvent, type Stack } from "@pulumi/pulumi/automation";
import { stackSettings, type StackSettings } from "../core/settings";
import { stackOwnershipTag } from "./find-orphans";
import { plannedCreates, plannedFleets, type PlannedCreate, type PlannedFleet } from "./planned-creates";
import { serversInState, type StateServers } from "./state-servers";

export interface PreviewedStack {
  name: string;
  stack: Stack;
  planned: PlannedCreate[];
  stateIds: Set<string>;
  /** The tag this stack's servers carry when they carry one (shape A's default). */
  ownTag: string;
  /** The tags of the stack's Fleets: in the state, or in the program (a killed create leaves none in the state). */
  fleetTags: string[];
  /** The Fleet instances of its state: their updates' pending labels name them. */
  fleetInstances: string[];
  /** Every owner mark its state's Fleets hold servers by (state-servers.ts). */
  fleetOwners: Set<string>;
  /** The Fleets its program declares, then those of its state that list their servers by a tag no declared one has (a renamed Fleet's first name's), as not created. */
  fleets: PlannedFleet[];
  /** The hosting settings of the stack config (key, base URL, shape, Redis coordinator), when set. */
  config: StackSettings;
}

export async function previewStack(name: string, cwd: string): Promise<PreviewedStack> {
  const stack = await LocalWorkspace.selectStack({ stackName: name, workDir: cwd }, { workDir: cwd });
  const events: EngineEvent[] = [];
  await stack.preview({ onEvent: (e) => events.push(e) });
  const state = serversInState(await stack.exportStack());
  const declared = plannedFleets(events);
  const fleets = [...declared, ...stateFleetTags(state.fleets, declared)];
  const project = (await stack.workspace.projectSettings()).name;
  const all = await stack.getAllConfig();
  const value = (k: string) => (all[k]?.value ? all[k].value : undefined);
  return {
    name,
    stack,
    planned: plannedCreates(name, events),
    stateIds: state.ids,
    fleets,
    fleetTags: [...new Set([...state.fleetTags, ...fleets.map((f) => f.tag)])].sort(),
    fleetInstances: state.fleetInstances,
    fleetOwners: state.fleetOwners,
    ownTag: stackOwnershipTag(project, name),
    config: stackSettings(value),
  };
}

/** A Fleet of the state under each of its tags that no declared Fleet has: no import can take what a killed create left there. */
export function stateFleetTags(fleets: StateServers["fleets"], declared: PlannedFleet[]): PlannedFleet[] {
  const seen = new Set(declared.map((f) => f.tag));
  const out: PlannedFleet[] = [];
  for (const f of fleets) {
    for (const tag of f.tags) {
      if (seen.has(tag)) continue;
      seen.add(tag);
      out.push({ tag, type: f.type, name: f.name, created: false });
    }
  }
  return out;
}
