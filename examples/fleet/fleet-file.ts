// Reads and checks a fleet file (see fleet.yaml at the repository root): a few
// groups of identical servers spread over regions. Errors name the entry and the
// field, so a typo fails before any API call.
import * as fs from "fs";
import { parse } from "yaml";
import type { ImportEntry } from "pulumi-hosting/import";
import { checkFleetDefinition } from "pulumi-hosting";

export interface FleetGroup {
  name: string;
  regions: string[];
  count: number;
  plan: string;
  os: string;
  tags: string[];
}

/** An existing server to take over (`adopt:` entries, as `hosting-import --fleet` writes them). */
export type AdoptedServer = Omit<ImportEntry, "ownedBy" | "powerState"> & { powerState?: "running" | "stopped" };

export interface Fleet {
  groups: FleetGroup[];
  /** `defaults` and `groups` as written, for a `hosting.Fleet` (which checks them the same way). */
  defaults: Record<string, unknown>;
  rawGroups: Record<string, unknown>[];
  /** Existing servers, each adopted by id (docs/guide/adoption-and-moves.md, "Adopting existing servers"). */
  adopt: AdoptedServer[];
  webhookEvents: string[];
}

/** One server the fleet asks for; `name` is its stable Pulumi name. */
export interface FleetServer {
  name: string;
  group: string;
  region: string;
  plan: string;
  os: string;
  tags: string[];
}

export function readFleetFile(file: string): Fleet {
  const doc = parse(fs.readFileSync(file, "utf8")) ?? {};
  const adopt = readAdoptEntries(file, doc.adopt);
  if (doc.groups !== undefined && !Array.isArray(doc.groups)) throw new Error(`${file}: 'groups' must be a list`);
  if ((doc.groups ?? []).length === 0 && adopt.length === 0) {
    throw new Error(`${file}: 'groups' must list at least one group (or 'adopt' one server)`);
  }
  // The one validation of a fleet definition: the Fleet resource's check runs the same.
  const checked = (doc.groups ?? []).length > 0 ? checkFleetDefinition(doc.defaults, doc.groups) : { groups: [], failures: [] };
  if (checked.failures.length > 0) throw new Error(`${file}: ${checked.failures.map((f) => f.reason).join("; ")}`);
  const groups = checked.groups.map((g): FleetGroup => ({ name: g.name, regions: g.regions, count: g.count, plan: g.plan, os: g.os, tags: g.tags }));
  const webhookEvents = doc.webhook?.events ?? ["server.created", "server.deleted", "server.status_changed"];
  return { groups, defaults: doc.defaults ?? {}, rawGroups: doc.groups ?? [], adopt, webhookEvents };
}

/** The `adopt:` list: each entry names its server, its id, and what cannot change in place. */
function readAdoptEntries(file: string, raw: unknown): AdoptedServer[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new Error(`${file}: 'adopt' must be a list of servers (as hosting-import --fleet writes it)`);
  const names = new Set<string>();
  return raw.map((e: any, i: number): AdoptedServer => {
    const where = `${file}: adopt[${i}]`;
    for (const k of ["name", "adoptId", "region", "plan", "os"]) {
      if (typeof e?.[k] !== "string" || e[k] === "") throw new Error(`${where}.${k} must be a non-empty string`);
    }
    if (!/^[a-z][a-z0-9-]*$/.test(e.name)) throw new Error(`${where}.name must be lower-case letters, digits and dashes, starting with a letter`);
    if (names.has(e.name)) throw new Error(`${where}.name '${e.name}' is used twice`);
    names.add(e.name);
    if (e.tags !== undefined && !Array.isArray(e.tags)) throw new Error(`${where}.tags must be a list`);
    return { ...e, tags: (e.tags ?? []).map(String) };
  });
}

/** Expands groups into servers with names that stay stable when the file grows. */
export function expandFleet(fleet: Fleet): FleetServer[] {
  const servers: FleetServer[] = [];
  for (const group of fleet.groups) {
    for (const region of group.regions) {
      for (let n = 1; n <= group.count; n++) {
        servers.push({
          name: `${group.name}-${region}-${n}`,
          group: group.name,
          region,
          plan: group.plan,
          os: group.os,
          tags: group.tags,
        });
      }
    }
  }
  return servers;
}
