// What the fleet soak checks after every operation and every recovery, from the simulator's own
// server table and an exported state, never the CLI's word:
//   orphans     servers hosting-orphans (--state, by the stack's and every fleet name's tags) lists,
//               and live servers no resource of the state records (a server with no tag at all)
//   duplicates  a server id recorded twice (by two Fleets, two members, a Fleet and a Server)
//   missing     a recorded member whose server is not live
import { execFile } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { promisify } from "util";
import { isFleetType, isServerType } from "../../../provider/core/resource-types";
import { API_KEY, type World } from "../../../test/e2e/fixtures";
import { packageBin } from "../../../test/e2e/support/package-bin";
import type { PluginProject } from "../../../test/e2e/support/plugin-project";

const ORPHANS_CLI = packageBin("hosting-orphans");

export interface Recorded {
  /** Server id -> the resources (and member keys) that record it. */
  holders: Map<string, string[]>;
  /** Fleet name (after its parent's type, if any: `soak:index:GroupA/api`) -> member key -> server id. */
  fleets: Map<string, Record<string, string>>;
  /** The same keys -> the Fleet's URN. */
  urns: Map<string, string>;
  /** Server resource name -> its server id. */
  servers: Map<string, string>;
}

interface ExportedResource {
  type: string;
  urn: string;
  id?: string;
  outputs?: { members?: Record<string, { id: string }>; leftovers?: Record<string, { id: string }> };
}

/** The name a URN gives its resource, with its parent types' names dropped: `a$...Fleet::api` -> `api`. */
const nameOf = (urn: string): string => urn.split("::").pop() ?? urn;

export function recordedIn(exported: string): Recorded {
  const doc = JSON.parse(exported) as { deployment: { resources?: ExportedResource[] } };
  const holders = new Map<string, string[]>();
  const fleets = new Map<string, Record<string, string>>();
  const urns = new Map<string, string>();
  const servers = new Map<string, string>();
  const hold = (id: string, who: string) => holders.set(id, [...(holders.get(id) ?? []), who]);
  for (const r of doc.deployment.resources ?? []) {
    if (isServerType(r.type) && r.id) {
      hold(r.id, `Server ${nameOf(r.urn)}`);
      servers.set(nameOf(r.urn), r.id);
    }
    if (!isFleetType(r.type)) continue;
    // The parent's type keeps two Fleets of one name apart: `<parent type>$<Fleet type>` in the URN.
    const chain = r.urn.split("::")[2] ?? "";
    const parent = chain.includes("$") ? chain.split("$")[0] : "";
    const key = `${parent ? `${parent}/` : ""}${nameOf(r.urn)}`;
    const members: Record<string, string> = {};
    for (const [k, m] of Object.entries(r.outputs?.members ?? {})) {
      members[k] = m.id;
      hold(m.id, `Fleet ${nameOf(r.urn)} member ${k}`);
    }
    for (const [k, m] of Object.entries(r.outputs?.leftovers ?? {})) hold(m.id, `Fleet ${nameOf(r.urn)} leftover ${k}`);
    fleets.set(key, members);
    urns.set(key, r.urn);
  }
  return { holders, fleets, urns, servers };
}

/** The servers hosting-orphans lists for the exported state, searching the stack's tag and each fleet name's. */
async function orphansListed(world: World, project: PluginProject, stateFile: string, tags: string[]): Promise<string[]> {
  const { stdout } = await promisify(execFile)("node", [ORPHANS_CLI, "--state", stateFile, ...tags.flatMap((t) => ["--tag", t]), "--json"], {
    env: { ...process.env, HOSTING_API_KEY: API_KEY, HOSTING_BASE_URL: world.sim.url },
    cwd: project.dir,
  });
  return ((JSON.parse(stdout) as { orphans: { id: string }[] }).orphans ?? []).map((o) => o.id);
}

export interface AccountCheck {
  problems: string[];
  recorded: Recorded;
  live: { id: string; label: string; tags?: string[]; os_id: number }[];
}

/**
 * The three checks on the account. `tags`: the stack's ownership tag and the tag of every fleet
 * name the program ever used (a Fleet moved out of the state is searched by its old name too).
 */
export async function checkAccount(world: World, project: PluginProject, tags: string[]): Promise<AccountCheck> {
  const problems: string[] = [];
  const exported = await project.pulumi("stack", "export");
  const stateFile = path.join(project.dir, "soak-state.json");
  fs.writeFileSync(stateFile, exported);
  const recorded = recordedIn(exported);
  const live = await world.sim.liveServers();
  const liveIds = new Set(live.map((s) => s.id as string));
  const listed = await orphansListed(world, project, stateFile, tags);
  const unrecorded = live.filter((s) => !recorded.holders.has(s.id)).map((s) => s.id as string);
  const orphans = [...new Set([...listed, ...unrecorded])];
  if (orphans.length > 0) problems.push(`${orphans.length} orphan(s) (${listed.length} listed by hosting-orphans, ${unrecorded.length} live and unrecorded): ${orphans.join(", ")}`);
  const twice = [...recorded.holders].filter(([, who]) => who.length > 1);
  if (twice.length > 0) problems.push(`${twice.length} duplicate(s): ${twice.map(([id, who]) => `${id} held by ${who.join(" and ")}`).join("; ")}`);
  const missing = [...recorded.holders.keys()].filter((id) => !liveIds.has(id));
  if (missing.length > 0) problems.push(`${missing.length} recorded member(s) missing: ${missing.join(", ")}`);
  return { problems, recorded, live };
}
