// The soak's ownership operations, one shape, on the dynamic face: a Fleet's `pulumi up
// --replace` (create-before-delete, and deleteBeforeReplace), a rename by alias and then a new
// Fleet with the old name, two Fleets of one name under two parents, a count change of one of
// them, and the three moves (Fleet -> Fleet by adoptIds, Fleet -> Servers by adoptId, Servers ->
// Fleet by adoptIds), then a destroy. After each: the account checks (account.ts), every declared
// Fleet holding its declared count, every Fleet the operation had no business with keeping the
// same servers, and a move keeping every id with 0 POST and 0 DELETE.
import * as fs from "fs";
import * as path from "path";
import { countRequests } from "../../../test/helpers/simulator";
import { API_KEY, startWorld, type World } from "../../../test/e2e/fixtures";
import { createPluginProject, type PluginProject } from "../../../test/e2e/support/plugin-project";
import { checkAccount, type Recorded } from "./account";
import { PROGRAM, PROJECT_YAML, type Declared, type FleetDecl } from "./program";

export interface StepResult {
  name: string;
  seconds: number;
  live: number;
  problems: string[];
}

/** The key account.ts records a declared Fleet under. */
const keyOf = (f: FleetDecl) => (f.parent ? `soak:index:${f.parent}/${f.name}` : f.name);
const idsOf = (members: Record<string, string> | undefined) => Object.values(members ?? {}).sort();

interface Step {
  name: string;
  /** Changes the declaration; returns the `pulumi` verb and flags to run. */
  apply(declared: Declared, before: Recorded, live: { id: string; label: string }[]): string[];
  /** Fleets (by key) whose servers this step must not touch. */
  untouched(declared: Declared): string[];
  /** A replacement: the Fleet (by key) must hold new servers after, none of those it held before. */
  replaced?: string;
  /** A move: the ids after must be the ids before, with 0 POST and 0 DELETE. */
  move?: { from: (before: Recorded) => string[]; to: (after: Recorded) => string[] };
}

const fleet = (name: string, extra: Partial<FleetDecl> = {}): FleetDecl => ({ name, count: 1, ...extra });
const others = (declared: Declared, ...skip: string[]) => declared.fleets.map(keyOf).filter((k) => !skip.includes(k));

const STEPS: Step[] = [
  { name: "create Fleet web", apply: (d) => ((d.fleets = [fleet("web")]), ["up"]), untouched: () => [] },
  { name: "up --replace Fleet web (create-before-delete)", apply: (_d, b) => ["up", "--replace", b.urns.get("web")!], untouched: () => [], replaced: "web" },
  {
    name: "rename Fleet web -> web-blue by alias",
    apply: (d) => ((d.fleets = [fleet("web-blue", { aliases: ["web"] })]), ["up"]),
    untouched: () => [],
    move: { from: (b) => idsOf(b.fleets.get("web")), to: (a) => idsOf(a.fleets.get("web-blue")) },
  },
  { name: "a new Fleet web beside web-blue (the old name reused)", apply: (d) => (d.fleets.push(fleet("web")), ["up"]), untouched: (d) => others(d, "web") },
  {
    name: "two Fleets api, under GroupA and under GroupB",
    apply: (d) => (d.fleets.push(fleet("api", { parent: "GroupA" }), fleet("api", { parent: "GroupB" })), ["up"]),
    untouched: (d) => others(d, "soak:index:GroupA/api", "soak:index:GroupB/api"),
  },
  {
    name: "count change of GroupA's api 1 -> 2",
    apply: (d) => ((d.fleets.find((f) => f.parent === "GroupA")!.count = 2), ["up"]),
    untouched: (d) => others(d, "soak:index:GroupA/api"),
  },
  {
    name: "up --replace GroupB's api (deleteBeforeReplace)",
    apply: (d, b) => {
      d.fleets.find((f) => f.parent === "GroupB")!.deleteBeforeReplace = true;
      return ["up", "--replace", b.urns.get("soak:index:GroupB/api")!];
    },
    untouched: (d) => others(d, "soak:index:GroupB/api"),
    replaced: "soak:index:GroupB/api",
  },
  {
    name: "move Fleet web-blue -> Fleet web-green (adoptIds)",
    apply: (d, b) => {
      d.fleets = [...d.fleets.filter((f) => f.name !== "web-blue"), fleet("web-green", { adoptIds: b.fleets.get("web-blue") })];
      return ["up"];
    },
    untouched: (d) => others(d, "web-green"),
    move: { from: (b) => idsOf(b.fleets.get("web-blue")), to: (a) => idsOf(a.fleets.get("web-green")) },
  },
  {
    name: "move Fleet web -> Servers (adoptId)",
    apply: (d, b, live) => {
      d.fleets = d.fleets.filter((f) => f.name !== "web");
      d.servers = Object.entries(b.fleets.get("web") ?? {}).map(([key, id]) => ({ name: key, region: key.split("-")[1], label: live.find((s) => s.id === id)?.label ?? key, adoptId: id }));
      return ["up"];
    },
    untouched: (d) => others(d),
    move: { from: (b) => idsOf(b.fleets.get("web")), to: (a) => [...a.servers.values()].sort() },
  },
  {
    name: "move Servers -> Fleet web (adoptIds)",
    apply: (d, b) => {
      d.fleets.push(fleet("web", { adoptIds: Object.fromEntries(b.servers) }));
      d.servers = [];
      return ["up"];
    },
    untouched: (d) => others(d, "web"),
    move: { from: (b) => [...b.servers.values()].sort(), to: (a) => idsOf(a.fleets.get("web")) },
  },
  { name: "destroy", apply: (d) => ((d.fleets = []), (d.servers = []), ["destroy"]), untouched: () => [] },
];

export const OWNERSHIP_STEPS = STEPS.length;

/** Runs every step once in `shape`; `log` gets one line per step. */
export async function runOwnership(shape: "A" | "B", log: (line: string) => void): Promise<StepResult[]> {
  const world: World = await startWorld(shape, { provisionMs: 1000 });
  const stack = `own-${shape.toLowerCase()}`;
  const projectName = "fleet-soak-own";
  const project: PluginProject = await createPluginProject(stack, PROJECT_YAML(projectName), { "index.js": PROGRAM });
  const tags = [`pulumi-stack:${projectName}/${stack}`, ...["web", "web-blue", "web-green", "api"].map((n) => `hosting-fleet:${projectName}/${stack}/${n}`)];
  const results: StepResult[] = [];
  const declared: Declared = { fleets: [], servers: [] };
  try {
    await project.config({ "hosting:baseUrl": world.sim.url }, { "hosting:apiKey": API_KEY });
    fs.writeFileSync(path.join(project.dir, "soak.json"), JSON.stringify(declared));
    let before = (await checkAccount(world, project, tags)).recorded;
    for (const step of STEPS) {
      const started = Date.now();
      const problems: string[] = [];
      const live = await world.sim.liveServers();
      const args = step.apply(declared, before, live);
      fs.writeFileSync(path.join(project.dir, "soak.json"), JSON.stringify(declared, null, 2));
      await world.sim.resetStats();
      try {
        await project.pulumi(...args, "--yes", "--skip-preview");
      } catch (e) {
        problems.push(`\`pulumi ${args.join(" ")}\` failed: ${String((e as Error).message).split("\n").slice(-6).join(" | ")}`);
      }
      const stats = await world.sim.stats();
      const check = await checkAccount(world, project, tags);
      problems.push(...check.problems);
      const after = check.recorded;
      for (const f of declared.fleets) {
        const n = Object.keys(after.fleets.get(keyOf(f)) ?? {}).length;
        if (n !== f.count * 2) problems.push(`Fleet ${keyOf(f)} records ${n} members, ${f.count * 2} declared`);
      }
      for (const key of step.untouched(declared)) {
        if (idsOf(before.fleets.get(key)).join() !== idsOf(after.fleets.get(key)).join()) problems.push(`Fleet ${key}'s servers changed: it had no part in this step`);
      }
      if (step.replaced) {
        const kept = idsOf(after.fleets.get(step.replaced)).filter((id) => idsOf(before.fleets.get(step.replaced!)).includes(id));
        if (kept.length > 0) problems.push(`the replacement of ${step.replaced} kept ${kept.length} of its servers: no new instance made them`);
      }
      if (step.move) {
        const from = step.move.from(before);
        const to = step.move.to(after);
        if (from.length === 0 || from.join() !== to.join()) problems.push(`the move kept ${to.filter((id) => from.includes(id)).length} of ${from.length} ids`);
        const writes = { POST: countRequests(stats, "POST /v1/servers"), DELETE: countRequests(stats, "DELETE /v1/servers/:id") };
        if (writes.POST + writes.DELETE > 0) problems.push(`the move sent ${writes.POST} POST and ${writes.DELETE} DELETE`);
      }
      if (step.name === "destroy" && check.live.length > 0) problems.push(`${check.live.length} live after destroy`);
      const result = { name: step.name, seconds: (Date.now() - started) / 1000, live: check.live.length, problems };
      results.push(result);
      log(`shape ${shape} op ${String(results.length).padStart(2)}: ${step.name.padEnd(56)} ${result.seconds.toFixed(1).padStart(5)} s: ${result.live} live, ${problems.length === 0 ? "0 orphans, 0 duplicates, 0 missing" : problems.join("; ")}`);
      before = after;
    }
  } finally {
    await project.pulumi("destroy", "--yes", "--skip-preview").catch(() => undefined);
    project.dispose();
    await world.close();
  }
  return results;
}
