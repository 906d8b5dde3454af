// `read` of a Fleet.
//   refresh  one shared list call (the process's waiter batches the members' reads) answers every
//            member and leftover; a server deleted outside Pulumi drops out of `members` and of
//            the returned `memberSpecs`, so the next `up` creates it again and its preview says so.
//            A list by the fleet's tag (and the pending labels, shape B) adds what a killed run
//            of this resource left unrecorded: a killed update's as leftovers, a killed create's
//            apart, in `interrupted` (unrecorded.ts).
//   import   (`pulumi import hosting:index:Fleet <name> <id>`) the id selects the servers:
//            `tag:<tag>` (every server with the tag that names a member: by its member tag,
//            else by a label that is a member key; `tag:hosting-owner:<fleet id>` is one
//            instance's servers, what hosting-orphans prints for a killed create) or
//            `<key>=<server id>,...`; the groups are rebuilt from the member keys.

import type { Server } from "../api/wire/types";
import { catalogue, type CatalogueSnapshot } from "../core/catalogue";
import { stackOf, type OperationContext } from "../core/context";
import type { ReadOutcome, Recorded } from "../core/route";
import { declaredView, normalizeServerInputs, serverOutputs } from "../server/normalize";
import { OWNER_TAG_PREFIX, SERVER_DEFAULTS } from "../server/types";
import { ownerOf } from "../server/system-tags";
import { asServerOutputs, recordMember } from "./server-member-ops";
import { compareKeys, parseMemberKey } from "./members";
import { compact } from "./specs";
import { fleetTagFor, fleetTagsInStack, instanceOf, memberKeyOf } from "./identity";
import { importedOwners, interruptedTags, resourceTags, unrecordedServers } from "./unrecorded";
import { FLEET_DEFAULTS, type CheckedGroup, type FleetInputs, type FleetOutputs, type MemberSpec, type RecordedMember } from "./types";


export async function readFleet(id: string, props: Recorded<FleetOutputs>, ctx: OperationContext): Promise<ReadOutcome<FleetInputs, FleetOutputs>> {
  if (props.members === undefined) return importFleet(id, ctx);
  const client = ctx.api;
  const cat = await catalogue(client);
  const refresh = async (recorded: Record<string, RecordedMember>) => {
    const out: Record<string, RecordedMember> = {};
    await Promise.all(Object.entries(recorded).map(async ([key, m]) => {
      const live = await ctx.waiter.read(m.id, { snapshot: true });
      if (!live || live.status === "terminated") return;
      // The owner mark the state recorded it with (an import's) still makes it this instance's.
      out[key] = { ...recordMember(m.id, serverOutputs(live, declaredView(asServerOutputs(m)), cat)), ...(m.owner !== undefined ? { owner: m.owner } : {}) };
    }));
    return sortedByKey(out);
  };
  const members = await refresh(props.members ?? {});
  const leftovers = await refresh(props.leftovers ?? {});
  // What a run of this resource left that no state records (unrecorded.ts), by the tag the state
  // keeps and the one its URN gives now: a Fleet renamed by alias keeps its first (the one its
  // import or create recorded) while its replacement's create tags by the new name. This
  // instance's (a killed update's) becomes a leftover; a killed create's is no instance's and is
  // recorded apart, so a create that takes it first leaves no server claimed twice (ownership.ts).
  const recorded = new Set([...Object.values(members), ...Object.values(leftovers)].map((m) => m.id));
  const { claims } = await unrecordedServers(ctx, instanceOf(id), resourceTags(props, ctx), recorded, false, importedOwners(members, instanceOf(id)), interruptedTags(props, ctx));
  const interrupted: NonNullable<FleetOutputs["interrupted"]> = {};
  for (const { server, owner, kind } of claims) {
    if (kind === "interrupted") interrupted[server.id] = owner !== undefined ? { owner } : {};
    else leftovers[server.id] = { ...recordMember(server.id, serverOutputs(server, {}, cat)), ...(owner !== undefined ? { owner } : {}) };
  }
  const outs: Recorded<FleetOutputs> = { ...props, members, leftovers };
  delete outs.__provider;
  delete outs.interrupted;
  if (Object.keys(interrupted).length > 0) outs.interrupted = interrupted;
  // The inputs that reproduce what exists: each member's spec as its server now is.
  const specs: Record<string, MemberSpec> = {};
  for (const [key, m] of Object.entries(members)) specs[key] = specOfMember(m, props.waitTimeoutSeconds);
  return { id, props: outs, inputs: { ...inputsOf(outs), memberSpecs: specs } };
}

/** The spec a member's server satisfies (what a preview after refresh compares with); the wait is the fleet's. */
export function specOfMember(m: RecordedMember, waitTimeoutSeconds: number | undefined): MemberSpec {
  const spec = compact(normalizeServerInputs(asServerOutputs(m))) as MemberSpec;
  if (typeof waitTimeoutSeconds === "number" && waitTimeoutSeconds !== SERVER_DEFAULTS.waitTimeoutSeconds) spec.waitTimeoutSeconds = waitTimeoutSeconds;
  return spec;
}

function inputsOf(outs: FleetOutputs): Partial<FleetInputs> {
  const ins: Partial<FleetInputs> = {
    groups: outs.groups, maxSurge: outs.maxSurge, maxUnavailable: outs.maxUnavailable, pauseSeconds: outs.pauseSeconds, waitTimeoutSeconds: outs.waitTimeoutSeconds,
  };
  if (outs.ownerTag !== undefined) ins.ownerTag = outs.ownerTag;
  for (const k of ["healthCheck", "rollback", "canary", "canaryPauseSeconds", "retryRoll"] as const) if (outs[k] !== undefined) Object.assign(ins, { [k]: outs[k] });
  return ins;
}

async function importFleet(id: string, ctx: OperationContext): Promise<ReadOutcome<FleetInputs, FleetOutputs>> {
  const client = ctx.api;
  const cat = await catalogue(client);
  const byKey = await selectServers(id, ctx);
  if (Object.keys(byKey).length === 0) return { id: "" };
  const ownerTag = Object.values(byKey).flatMap((s) => s.tags ?? []).find((t) => t.startsWith(OWNER_TAG_PREFIX));
  const fleetTag = fleetTagFor(ctx);
  // The other names in this stack that the imported servers' Fleet ran under: a Fleet renamed by
  // alias keeps its first name's tag, and what a killed run of it made carries that tag and the
  // owner mark the import holds. Another stack's tag is not listed: its Fleet may still be live.
  const stack = stackOf(ctx.resource);
  const carried = stack ? Object.values(byKey).flatMap((s) => fleetTagsInStack(s.tags, stack)) : [];
  const formerTags = [...new Set(carried)].filter((t) => t !== fleetTag).sort();
  const groups = groupsOf(byKey, cat, ownerTag);
  const members: Record<string, RecordedMember> = {};
  // The import takes the servers over: each is recorded with the owner mark it carries, which makes
  // it this instance's (ownership.ts) until the first update's marks replace that mark by its own.
  for (const [key, s] of Object.entries(byKey)) {
    const owner = ownerOf(s.tags);
    members[key] = { ...recordMember(s.id, serverOutputs(s, { ownerTag }, cat)), ...(typeof owner === "string" ? { owner } : {}) };
  }
  const outs: FleetOutputs = {
    groups, maxSurge: FLEET_DEFAULTS.maxSurge, maxUnavailable: FLEET_DEFAULTS.maxUnavailable, pauseSeconds: FLEET_DEFAULTS.pauseSeconds,
    waitTimeoutSeconds: FLEET_DEFAULTS.waitTimeoutSeconds,
    members: sortedByKey(members), leftovers: {},
    // An untagged fleet is imported as `ownerTag: ""`, so the program written from it keeps it untagged.
    ownerTag: ownerTag ?? "",
    // The tag of the name it is imported under, kept through a later rename like a create's: a run
    // of this resource killed before the import tagged its servers by that name.
    ...(fleetTag ? { fleetTag, nameTag: fleetTag } : {}),
    ...(formerTags.length > 0 ? { formerTags } : {}),
  };
  return { id, props: outs, inputs: inputsOf(outs) };
}

/** The servers an import id names, by member key. */
async function selectServers(id: string, ctx: OperationContext): Promise<Record<string, Server>> {
  const client = ctx.api;
  const out: Record<string, Server> = {};
  if (id.startsWith("tag:")) {
    const tag = id.slice(4);
    for (const s of await client.listAllServers({ tag })) {
      // The server's own tags decide, not the list's filter; one member is one server, as in an
      // adoption. A Fleet's server names its member by its member tag, any other by its label.
      const tagged = memberKeyOf(s.tags);
      const key = tagged ?? s.label;
      if (!(s.tags ?? []).includes(tag) || !parseMemberKey(key)) continue;
      const both = tagged !== undefined ? `name member "${key}"` : `have the label "${key}"`;
      if (out[key]) throw new Error(`import id "${id}": servers ${out[key].id} and ${s.id} both ${both}; import by ids instead (<key>=<server id>,...) to say which one is the member`);
      out[key] = s;
    }
    return out;
  }
  const pairs = id.split(",").map((p) => p.trim().split("="));
  if (pairs.some((p) => p.length !== 2 || !parseMemberKey(p[0]))) {
    throw new Error(`import id "${id}": give tag:<tag> (servers whose label is their member key) or <group>-<region>-<n>=<server id>,...`);
  }
  for (const [key, sid] of pairs) {
    const s = await ctx.waiter.read(sid);
    if (!s || s.status === "terminated") throw new Error(`import id "${id}": server ${sid} (member ${key}) does not exist`);
    out[key] = s;
  }
  return out;
}

/** Groups that declare exactly these members, or an error naming what does not fit. */
function groupsOf(byKey: Record<string, Server>, cat: CatalogueSnapshot, ownerTag: string | undefined): CheckedGroup[] {
  const groups = new Map<string, { keys: string[]; servers: Server[] }>();
  for (const key of Object.keys(byKey).sort(compareKeys)) {
    const name = parseMemberKey(key)!.group;
    const g = groups.get(name) ?? { keys: [], servers: [] };
    g.keys.push(key);
    g.servers.push(byKey[key]);
    groups.set(name, g);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, g]) => {
    const places = g.keys.map((k) => parseMemberKey(k)!);
    const regions = [...new Set(places.map((p) => p.region))].sort();
    const perRegion = Object.fromEntries(regions.map((r) => [r, Math.max(...places.filter((p) => p.region === r).map((p) => p.n))]));
    const count = Math.max(...Object.values(perRegion));
    const counts = Object.fromEntries(Object.entries(perRegion).filter(([, n]) => n !== count));
    const missing = regions.flatMap((r) => Array.from({ length: perRegion[r] }, (_, i) => `${name}-${r}-${i + 1}`)).filter((k) => !byKey[k]);
    if (missing.length > 0) throw new Error(`cannot import group "${name}": a region's members are numbered from 1 with no gap; missing ${missing.join(", ")}`);
    const first = g.servers[0];
    const outs = (s: Server) => serverOutputs(s, { ownerTag }, cat);
    const same = (f: (s: Server) => unknown, what: string) => {
      const values = new Set(g.servers.map((s) => JSON.stringify(f(s))));
      if (values.size > 1) throw new Error(`cannot import group "${name}": its servers differ in ${what} (${[...values].join(", ")}); a group's members share it`);
    };
    same((s) => s.plan, "plan");
    same((s) => outs(s).os, "os");
    same((s) => outs(s).tags, "tags");
    // The label template: each label with its member's key written as {key} ("{key}-v2").
    const template = (s: Server, i: number) => s.label.split(g.keys[i]).join("{key}");
    const templates = new Set(g.servers.map(template));
    if (templates.size > 1) throw new Error(`cannot import group "${name}": its labels follow no one template (${[...templates].join(", ")}); a group's labels share one, with {key} for the member key`);
    const o = outs(first);
    return {
      name, regions, count, ...(Object.keys(counts).length > 0 ? { counts } : {}), plan: first.plan, os: o.os, tags: o.tags, label: template(first, 0),
      sshKeyIds: [], backups: false, ddosProtection: false,
    };
  });
}

function sortedByKey<T>(m: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.keys(m).sort(compareKeys).map((k) => [k, m[k]]));
}
