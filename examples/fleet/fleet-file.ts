// Reads and checks a fleet file (see fleet.yaml at the repository root): a few
// groups of identical servers spread over regions. Errors name the entry and the
// field, so a typo fails before any API call.
import * as fs from "fs";
import { parse } from "yaml";

export interface FleetGroup {
  name: string;
  regions: string[];
  count: number;
  plan: string;
  os: string;
  tags: string[];
}

export interface Fleet {
  groups: FleetGroup[];
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

const NAME = /^[a-z][a-z0-9-]{0,30}$/;

export function readFleetFile(file: string): Fleet {
  const doc = parse(fs.readFileSync(file, "utf8")) ?? {};
  const defaults = doc.defaults ?? {};
  if (!Array.isArray(doc.groups) || doc.groups.length === 0) {
    throw new Error(`${file}: 'groups' must list at least one group`);
  }
  const seen = new Set<string>();
  const groups = doc.groups.map((raw: any, i: number): FleetGroup => {
    const where = `${file}: groups[${i}]`;
    if (typeof raw?.name !== "string" || !NAME.test(raw.name)) {
      throw new Error(`${where}.name must be lower-case letters, digits and dashes, starting with a letter`);
    }
    if (seen.has(raw.name)) throw new Error(`${where}.name '${raw.name}' is used twice`);
    seen.add(raw.name);
    const count = raw.count ?? 1;
    if (!Number.isInteger(count) || count < 0 || count > 1000) {
      throw new Error(`${where}.count must be a whole number from 0 to 1000, got ${JSON.stringify(raw.count)}`);
    }
    if (!Array.isArray(raw.regions) || raw.regions.some((r: unknown) => typeof r !== "string")) {
      throw new Error(`${where}.regions must be a list of region ids, e.g. [ewr, fra]`);
    }
    const plan = raw.plan ?? defaults.plan;
    const os = raw.os ?? defaults.os;
    if (typeof plan !== "string") throw new Error(`${where}.plan is missing (no defaults.plan either)`);
    if (typeof os !== "string") throw new Error(`${where}.os is missing (no defaults.os either)`);
    const tags = [...(defaults.tags ?? []), ...(raw.tags ?? [])].map(String);
    return { name: raw.name, regions: raw.regions, count, plan, os, tags: [...new Set(tags)] };
  });
  const webhookEvents = doc.webhook?.events ?? ["server.created", "server.deleted", "server.status_changed"];
  return { groups, webhookEvents };
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
