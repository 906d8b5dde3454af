// The engine's side of the model: the Fleet's provider functions called the way the engine calls
// them for one resource, and what it records of each answer. `up`: check, then create (no state)
// or diff and update; a ResourceInitFailedError records its id and properties (a partial create
// or update), any other error records nothing new; a killed run records nothing (a killed create
// leaves no state, a killed update the olds). A create-before-delete replacement whose create
// failed in part keeps the old instance for deletion at the next `up`, as the engine marks it.

import * as fleetProvider from "../../../../provider/fleet/provider";
import { resourceTags } from "../../../../provider/fleet/unrecorded";
import { deleteOrphans, findOrphans } from "../../../../provider/orphans/find-orphans";
import { killedCreates, type KilledCreate } from "../../../../provider/orphans/killed-creates";
import { serversInState } from "../../../../provider/orphans/state-servers";
import type { OperationContext } from "../../../../provider/core/context";
import type { RunningOp } from "./observer";
import type { ModelProcess } from "./processes";
import { rawInputs, sizeOf, type Program, type Slot } from "./program";
import { recordedIds, type Interrupt, type Props, type Recorded, type World } from "./world";

const fleet = fleetProvider.impl as unknown as Record<"check" | "diff" | "create" | "update" | "delete" | "read", (...args: any[]) => Promise<any>>;

/** The member keys a program declares. */
export function declaredKeys(program: Program): Set<string> {
  const keys = new Set<string>();
  for (const g of program.groups) for (const r of g.regions) for (let n = 1; n <= (g.counts[r] ?? 0); n++) keys.add(`${g.name}-${r}-${n}`);
  return keys;
}

function isPartial(e: unknown): e is { id: string; properties: Props; message: string } {
  return e instanceof Error && e.name === "ResourceInitFailedError";
}

function short(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).slice(0, 300);
}

/** Outputs as the engine records them: with the serialized provider. */
const shell = (outs: Props): Props => ({ ...outs, __provider: "SHELL" });

async function checked(ctx: OperationContext, olds: Props, news: Props): Promise<Props> {
  const res = await fleet.check(olds, news, ctx);
  if ((res.failures ?? []).length > 0) throw new Error(`the model's program failed check: ${JSON.stringify(res.failures)}`);
  return res.inputs as Props;
}

function opOf(w: World, slot: Slot, kind: RunningOp["kind"], handle: string, sizeBefore: number): RunningOp {
  const st = w.slots[slot];
  const declared = declaredKeys(st.program);
  const op: RunningOp = {
    handle, facts: { ...st.facts }, kind, sizeBefore, sizeAfter: sizeOf(st.program), maxSurge: st.program.maxSurge,
    maxUnavailable: st.program.maxUnavailable, checked: st.program.healthCheck, declared, inServiceAtStart: 0, allowed: new Set(),
  };
  op.inServiceAtStart = w.observer.inService(op);
  return op;
}

/** A create of a new instance of `slot`; returns what the engine recorded, if anything. */
export async function createInstance(w: World, slot: Slot, interrupt?: Interrupt, proc?: ModelProcess): Promise<{ rec?: Recorded; words: string }> {
  const st = w.slots[slot];
  const handle = w.newHandle(slot);
  const news = rawInputs(st.program, w.sim.url);
  let inputs: Props = {};
  const r = await w.perform(slot, opOf(w, slot, "create", handle, 0), async (ctx) => {
    inputs = await checked(ctx, {}, news);
    return fleet.create(inputs, ctx);
  }, interrupt, proc);
  w.outcomes[slot] = r.killed ? "killed" : r.value ? "ok" : isPartial(r.error) ? "partial" : "failed";
  if (r.killed) st.killedCreate = true;
  if (r.killed) return { words: `create of ${handle} killed` };
  if (r.value) return { rec: { id: r.value.id, outs: shell(r.value.outs), inputs, handle }, words: `created ${handle}` };
  if (isPartial(r.error)) return { rec: { id: r.error.id, outs: shell(r.error.properties), inputs, handle }, words: `create of ${handle} failed in part: ${short(r.error)}` };
  return { words: `create of ${handle} failed: ${short(r.error)}` };
}

/**
 * The guide's recovery step for a killed create before the next run of the slot, as the CLI sends
 * a user there after a killed create (the killed run's lock, its warning of the pending create):
 * `hosting-orphans --adopt --delete-killed-creates`. Nothing when no create of the slot was killed.
 */
async function afterKilledCreate(w: World, slot: Slot): Promise<string> {
  if (!w.slots[slot].killedCreate) return "";
  return recoverKilledCreates(w, slot);
}

/** `pulumi up` of one slot, after a killed create the guide's recovery step first. */
export async function up(w: World, slot: Slot, interrupt?: Interrupt, proc?: ModelProcess): Promise<string> {
  const before = await afterKilledCreate(w, slot);
  const words = await upAfterRecovery(w, slot, interrupt, proc);
  return before ? `${before}; ${words}` : words;
}

async function upAfterRecovery(w: World, slot: Slot, interrupt?: Interrupt, proc?: ModelProcess): Promise<string> {
  const st = w.slots[slot];
  const rec = st.recorded;
  if (!rec) {
    const made = await createInstance(w, slot, interrupt, proc);
    st.abandoned = made.rec === undefined;
    if (made.rec) record(w, slot, made.rec);
    return made.words;
  }
  const news = rawInputs(st.program, w.sim.url);
  let inputs: Props = {};
  const r = await w.perform(slot, opOf(w, slot, "update", rec.handle, Object.keys(rec.outs.members ?? {}).length), async (ctx) => {
    inputs = await checked(ctx, rec.inputs, news);
    const d = await fleet.diff(rec.id, rec.outs, inputs, ctx);
    if (!d.changes) return undefined;
    return fleet.update(rec.id, rec.outs, inputs, ctx);
  }, interrupt, proc);
  w.outcomes[slot] = r.killed ? "killed" : r.error === undefined ? (r.value ? "ok" : "unchanged") : isPartial(r.error) ? "partial" : "failed";
  let words: string;
  if (r.killed) words = `update of ${rec.handle} killed`;
  else if (r.error === undefined) {
    record(w, slot, { ...rec, outs: r.value ? shell(r.value.outs) : rec.outs, inputs });
    words = r.value ? `updated ${rec.handle}` : `no change to ${rec.handle}`;
  } else if (isPartial(r.error)) {
    record(w, slot, { ...rec, outs: shell(r.error.properties), inputs });
    words = `update of ${rec.handle} failed in part: ${short(r.error)}`;
  } else words = `update of ${rec.handle} failed: ${short(r.error)}`;
  if (!r.killed) for (const old of [...st.pendingDeletes]) words += `; ${await destroyRecorded(w, slot, old)}`;
  return words;
}

function record(w: World, slot: Slot, rec: Recorded): void {
  w.slots[slot].recorded = rec;
  w.adopt(rec);
}

/** The engine's delete of one recorded instance of `slot` (its state, or an old one pending deletion). */
async function destroyRecorded(w: World, slot: Slot, rec: Recorded, interrupt?: Interrupt): Promise<string> {
  const op = opOf(w, slot, "delete", rec.handle, Object.keys(rec.outs.members ?? {}).length);
  const r = await w.perform(slot, op, (ctx) => fleet.delete(rec.id, rec.outs, ctx), interrupt);
  if (r.killed || r.error !== undefined) w.outcomes[slot] = "delete-failed";
  if (r.killed) return `delete of ${rec.handle} killed`;
  if (r.error !== undefined) return `delete of ${rec.handle} failed: ${short(r.error)}`;
  const st = w.slots[slot];
  if (st.recorded?.handle === rec.handle) st.recorded = undefined;
  st.pendingDeletes = st.pendingDeletes.filter((p) => p.handle !== rec.handle);
  return `deleted ${rec.handle}`;
}

/** `pulumi destroy` of one slot; one that does not finish leaves the slot to be destroyed again. */
export async function destroy(w: World, slot: Slot, interrupt?: Interrupt): Promise<string> {
  const st = w.slots[slot];
  const before = await afterKilledCreate(w, slot);
  const words = [...(before ? [before] : []), ...(st.recorded ? [await destroyRecorded(w, slot, st.recorded, interrupt)] : [])];
  for (const old of [...st.pendingDeletes]) words.push(await destroyRecorded(w, slot, old));
  st.destroying = st.recorded !== undefined || st.pendingDeletes.length > 0;
  return words.join("; ");
}

/**
 * `pulumi refresh` of one slot: the engine reads every instance it records (its state and an old
 * one pending deletion) and records what the read answers; an empty id drops that instance.
 */
export async function refresh(w: World, slot: Slot): Promise<string> {
  const st = w.slots[slot];
  const words: string[] = [];
  for (const rec of [...(st.recorded ? [st.recorded] : []), ...st.pendingDeletes]) {
    const op = opOf(w, slot, "refresh", rec.handle, Object.keys(rec.outs.members ?? {}).length);
    const r = await w.perform(slot, op, (ctx) => fleet.read(rec.id, rec.outs, ctx));
    if (r.error !== undefined) {
      words.push(`refresh of ${rec.handle} failed: ${short(r.error)}`);
      continue;
    }
    const pending = st.pendingDeletes.findIndex((p) => p.handle === rec.handle);
    if (!r.value?.id) {
      if (pending >= 0) st.pendingDeletes.splice(pending, 1);
      else st.recorded = undefined;
      words.push(`refresh found ${rec.handle} gone`);
      continue;
    }
    const fresh: Recorded = { ...rec, outs: shell(r.value.props) };
    if (pending >= 0) {
      st.pendingDeletes[pending] = fresh;
      w.adopt(fresh);
    } else record(w, slot, fresh);
    words.push(`refreshed ${rec.handle}`);
  }
  return words.join("; ");
}

/** `pulumi up --replace`: create-before-delete or delete-before-create; the interrupt hits the create. */
export async function replace(w: World, slot: Slot, order: "cbd" | "dbc", interrupt?: Interrupt): Promise<string> {
  const st = w.slots[slot];
  await afterKilledCreate(w, slot);
  const old = st.recorded!;
  if (order === "dbc") {
    const gone = await destroyRecorded(w, slot, old);
    if (st.recorded) return gone;
    const made = await createInstance(w, slot, interrupt);
    st.abandoned = made.rec === undefined;
    if (made.rec) record(w, slot, made.rec);
    return `${gone}; ${made.words}`;
  }
  const made = await createInstance(w, slot, interrupt);
  if (!made.rec) return made.words;
  const failed = made.words.includes("failed");
  // The old instance is marked for deletion before the new one is recorded.
  st.pendingDeletes.push(old);
  record(w, slot, made.rec);
  if (failed) return `${made.words}; ${old.handle} left for the next up to delete`;
  return `${made.words}; ${await destroyRecorded(w, slot, old)}`;
}

/** `pulumi state delete` then `pulumi import` of the members by id (`<key>=<id>,...`). */
export async function reimport(w: World, slot: Slot): Promise<string> {
  const st = w.slots[slot];
  const old = st.recorded!;
  const pairs = Object.entries(old.outs.members ?? {}).map(([k, m]: [string, any]) => `${k}=${m.id}`);
  const importId = pairs.join(",");
  st.recorded = undefined;
  const handle = w.newHandle(slot);
  const op = opOf(w, slot, "import", handle, 0);
  for (const id of recordedIds(old.outs)) op.allowed.add(id);
  const r = await w.perform(slot, op, (ctx) => fleet.read(importId, {}, ctx));
  if (r.error !== undefined || !r.value?.id) {
    // A refused import writes nothing: the state stays as the last run left it (a killed one's olds included).
    st.recorded = old;
    return `import refused (state kept): ${r.error !== undefined ? short(r.error) : "nothing found"}`;
  }
  w.outcomes[slot] = "imported";
  for (const id of recordedIds(old.outs)) w.observer.owners.set(id, { handle, facts: { ...st.facts } });
  record(w, slot, { id: r.value.id, outs: shell(r.value.props), inputs: { ...r.value.inputs, __provider: "SHELL" }, handle });
  return `imported ${handle} as ${importId}`;
}

/** Every state the world records, as `pulumi stack export` of the stacks would show them together. */
function exportedStates(w: World): unknown {
  return { deployment: { resources: w.allRecorded().map(({ rec }) => ({ type: "hosting:index:Fleet", id: rec.id, outputs: rec.outs })) } };
}

/**
 * What hosting-orphans names as killed creates of `slot` (provider/orphans/killed-creates.ts), from
 * every slot's state: under the tag its name gives and every tag its state lists its servers by
 * (a renamed Fleet's first name's).
 */
async function killedCreatesOf(w: World, slot: Slot, ctx: OperationContext): Promise<KilledCreate[]> {
  const tags = resourceTags(w.slots[slot].recorded?.outs ?? {}, ctx);
  if (tags.length === 0) return [];
  const state = serversInState(exportedStates(w));
  const unrecorded = await findOrphans(ctx.api, tags, state.ids, state.fleetInstances);
  return killedCreates(unrecorded, state.fleetOwners).filter((k) => tags.includes(k.fleetTag));
}

/**
 * `hosting-orphans --stack --adopt --delete-killed-creates --yes` for `slot`
 * (docs/guide/recovery.md): while the slot's state does not hold its Fleet, the first killed create
 * hosting-orphans names under its tag is imported by the id it prints; the killed creates it still
 * names once the state holds the Fleet (a replacement's, a second one) are ones no import can take,
 * and their servers are deleted.
 */
export async function recoverKilledCreates(w: World, slot: Slot): Promise<string> {
  w.slots[slot].killedCreate = false;
  const words = [await importKilledCreate(w, slot), await deleteKilledCreates(w, slot)].filter((x) => x !== "");
  return words.join("; ");
}

/**
 * The recovery's import of a Fleet create killed after its last mark (docs/guide/recovery.md): for
 * a slot whose create left no state, the first killed create hosting-orphans names under its tag,
 * imported by the id it prints, as `pulumi import` records it; nothing when it names none.
 */
async function importKilledCreate(w: World, slot: Slot): Promise<string> {
  const st = w.slots[slot];
  if (st.recorded) return "";
  const handle = w.newHandle(slot);
  const op = opOf(w, slot, "import", handle, 0);
  let importId: string | undefined;
  const r = await w.perform(slot, op, async (ctx) => {
    const [first] = await killedCreatesOf(w, slot, ctx);
    if (!first) return undefined;
    importId = first.importId;
    for (const id of first.servers) op.allowed.add(id);
    return fleet.read(importId, {}, ctx);
  });
  if (importId === undefined) return "";
  if (r.error !== undefined || !r.value?.id) return `import of the killed create ${importId} refused: ${r.error !== undefined ? short(r.error) : "nothing found"}`;
  w.outcomes[slot] = "imported";
  for (const id of recordedIds(r.value.props)) w.observer.owners.set(id, { handle, facts: { ...st.facts } });
  record(w, slot, { id: r.value.id, outs: shell(r.value.props), inputs: { ...r.value.inputs, __provider: "SHELL" }, handle });
  st.abandoned = false;
  return `imported the killed create as ${handle} by ${importId}`;
}

/** `--delete-killed-creates`: once the slot's state holds its Fleet, the servers of the killed creates hosting-orphans names under its tag. */
async function deleteKilledCreates(w: World, slot: Slot): Promise<string> {
  if (!w.slots[slot].recorded) return "";
  const op = opOf(w, slot, "delete", w.newHandle(slot), 0);
  let deleted: string[] = [];
  const r = await w.perform(slot, op, async (ctx) => {
    const servers = (await killedCreatesOf(w, slot, ctx)).flatMap((k) => k.servers);
    for (const id of servers) op.allowed.add(id);
    deleted = await deleteOrphans(ctx.api, servers.map((id) => ({ id })));
  });
  if (r.error !== undefined) return `hosting-orphans --delete failed: ${short(r.error)}`;
  return deleted.length > 0 ? `hosting-orphans deleted the killed creates' ${deleted.join(", ")}` : "";
}
