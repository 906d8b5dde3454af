// Small Fleets for the ownership and move scenarios, on both faces: a Pulumi YAML program (the
// plugin face) written out whole for each step, and a JavaScript program (the dynamic face) that
// reads each step's description from spec.json beside it. Every member is `app-ewr-<n>`.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import type { World } from "../fixtures";
import { countRequests } from "../../helpers/simulator";
import type { PluginProject } from "./plugin-project";

export interface FleetSpec {
  count: number;
  os: string;
}

export type Members = Record<string, { id: string; status: string }>;

export const START: FleetSpec = { count: 2, os: "ubuntu-24.04" };

/** The head of a Pulumi YAML program that runs the packed tarball's plugin. */
export const yamlHead = (project: string): string =>
  `name: ${project}\nruntime: yaml\nplugins:\n  providers:\n    - name: hosting\n      path: ./node_modules/.bin\nresources:\n`;

/** One Fleet of a YAML program under `resources:`; `extra` is more of its keys (name, options), indented by 4. */
export const yamlFleet = (key: string, spec: FleetSpec, extra = "", adopt: Record<string, string> = {}): string =>
  `  ${key}:\n    type: hosting:index:Fleet\n${extra}    properties:\n` +
  `      defaults: { plan: vc2-1c-1gb, os: ${spec.os}, tags: [e2e] }\n` +
  `      groups:\n        - { name: app, regions: [ewr], count: ${spec.count} }\n` +
  (Object.keys(adopt).length ? `      adoptIds: ${JSON.stringify(adopt)}\n` : "");

/** The same Fleet's arguments in JavaScript, from a FleetSpec `s` (and adoptIds `a`). */
export const NODE_FLEET_ARGS = `(s, a) => ({ defaults: { plan: "vc2-1c-1gb", os: s.os, tags: ["e2e"] }, groups: [{ name: "app", regions: ["ewr"], count: s.count }], ...(a ? { adoptIds: a } : {}) })`;

/** Writes the step's spec.json for the JavaScript program. */
export function writeSpec(project: PluginProject, spec: unknown): void {
  fs.writeFileSync(path.join(project.dir, "spec.json"), JSON.stringify(spec));
}

/** Writes the whole Pulumi.yaml of the next step. */
export function writeYaml(project: PluginProject, text: string): void {
  fs.writeFileSync(path.join(project.dir, "Pulumi.yaml"), text);
}

/** The stack's outputs, each a Fleet's members (or a Server's id). */
export async function outputs(project: PluginProject, stack?: string): Promise<Record<string, any>> {
  const text = stack ? await project.raw("stack", "output", "--json", "--stack", stack) : await project.pulumi("stack", "output", "--json");
  return JSON.parse(text);
}

export const idsOf = (members: Members): string[] => Object.values(members).map((m) => m.id).sort();

/** The owner marks (`hosting-owner:`) the live servers of `ids` carry, one per server. */
export async function ownerMarks(world: World, ids: string[]): Promise<string[]> {
  const live = await world.sim.liveServers();
  return ids.map((id) => {
    const server = live.find((s: any) => s.id === id);
    expect(server, `server ${id} is live`).to.not.equal(undefined);
    return ((server.tags ?? []) as string[]).filter((t) => t.startsWith("hosting-owner:")).join(",");
  });
}

/** The account holds exactly `ids`, every one active. */
export async function expectLiveExactly(world: World, ids: string[]): Promise<void> {
  const live = await world.sim.liveServers();
  expect(live.map((s: any) => s.id).sort(), "the account holds exactly the recorded servers").to.deep.equal([...ids].sort());
  expect(live.filter((s: any) => s.status !== "active").map((s: any) => s.id), "every server active").to.deep.equal([]);
}

/** The POSTs and DELETEs of servers the simulator answered since its last stats reset. */
export async function postsAndDeletes(world: World): Promise<{ posts: number; deletes: number }> {
  const stats = await world.sim.stats();
  return { posts: countRequests(stats, "POST /v1/servers"), deletes: countRequests(stats, "DELETE /v1/servers/:id") };
}
