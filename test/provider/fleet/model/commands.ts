// The steps of a sequence, as fast-check commands over the World (which is both the model, the
// engine's records, and the real system, the simulator): each runs one user action (an `up`
// after a program change, a destroy, a replacement, an import, a kill, ...), then the checks of
// invariants.ts and whatever the observer saw during it; a violation fails the step, and
// fast-check shrinks the sequence to the shortest that still fails. `toString` is what the
// printed counterexample shows.

import type * as fc from "fast-check";
import { applyEdit, editText, type Edit } from "./edits";
import { destroy, recoverKilledCreates, refresh, replace, reimport, up } from "./engine";
import { checkExists, checkOrphans, checkStates } from "./invariants";
import { SLOTS, type Slot } from "./program";
import type { Interrupt, World } from "./world";

export type Cmd = fc.AsyncCommand<World, World, false>;

/**
 * Whether `slot` may be updated: `reuse` takes the name `web` only while `main` goes by another,
 * and a slot whose destroy did not finish is destroyed again first (the guide's recovery).
 */
function usable(w: World, slot: Slot): boolean {
  if (w.slots[slot].destroying) return false;
  return slot !== "reuse" || w.slots.main.facts.name !== "web" || w.slots.reuse.recorded !== undefined;
}

/** The checks after a step, its violations thrown as one error (fast-check then shrinks). */
export function afterStep(w: World, step: string, words: string, slots: Slot[]): void {
  w.figures.steps++;
  w.log.push(`${step} -> ${words}`);
  const found = [...w.observer.violations.splice(0), ...checkStates(w)];
  for (const slot of slots) {
    const outcome = w.outcomes[slot];
    if (outcome === "ok" || outcome === "partial" || outcome === "failed") found.push(...checkExists(w, slot, outcome === "ok"));
    // No operation ran: what a killed run of the instance made or deleted is the recovery's (a
    // refresh records it), as the CLI's warning of the interrupted operation says; anything else
    // the state records must exist.
    else if (outcome === "unchanged") found.push(...checkExists(w, slot, false, true, true));
    else if (outcome === "imported") found.push(...checkExists(w, slot, true, false));
  }
  w.outcomes = {};
  if (found.length > 0) throw new Error(`after ${step}: ${found.join("\n  ")}\nsequence so far:\n  ${w.log.join("\n  ")}`);
}

abstract class Step implements Cmd {
  abstract check(w: Readonly<World>): boolean;
  abstract act(w: World): Promise<{ words: string; slots: Slot[] }>;
  abstract toString(): string;
  async run(_m: World, w: World): Promise<void> {
    const { words, slots } = await this.act(w);
    afterStep(w, this.toString(), words, slots);
  }
}

/** An `up` of `slot` after `edit` (none: the program as it is), maybe killed or Ctrl-C'd. */
export class UpStep extends Step {
  constructor(readonly slot: Slot, readonly edit: Edit | null, readonly interrupt: Interrupt | null) {
    super();
  }
  check(w: Readonly<World>): boolean {
    return usable(w as World, this.slot);
  }
  async act(w: World) {
    if (this.edit) applyEdit(w.slots[this.slot].program, this.edit);
    return { words: await up(w, this.slot, this.interrupt ?? undefined), slots: [this.slot] };
  }
  toString(): string {
    const cut = this.interrupt ? ` ${this.interrupt.mode} at change ${this.interrupt.atChange}` : "";
    return `up ${this.slot}${this.edit ? ` (${editText(this.edit)})` : ""}${cut}`;
  }
}

export class DestroyStep extends Step {
  constructor(readonly slot: Slot, readonly interrupt: Interrupt | null) {
    super();
  }
  check(w: Readonly<World>): boolean {
    return w.slots[this.slot].recorded !== undefined;
  }
  async act(w: World) {
    return { words: await destroy(w, this.slot, this.interrupt ?? undefined), slots: [this.slot] };
  }
  toString(): string {
    return `destroy ${this.slot}${this.interrupt ? ` ${this.interrupt.mode} at change ${this.interrupt.atChange}` : ""}`;
  }
}

export class ReplaceStep extends Step {
  constructor(readonly slot: Slot, readonly order: "cbd" | "dbc", readonly interrupt: Interrupt | null) {
    super();
  }
  check(w: Readonly<World>): boolean {
    return w.slots[this.slot].recorded !== undefined && usable(w as World, this.slot);
  }
  async act(w: World) {
    return { words: await replace(w, this.slot, this.order, this.interrupt ?? undefined), slots: [this.slot] };
  }
  toString(): string {
    return `up --replace ${this.slot} (${this.order === "cbd" ? "create before delete" : "delete before create"})${this.interrupt ? `, the create ${this.interrupt.mode} at change ${this.interrupt.atChange}` : ""}`;
  }
}

/** A rename of `main` by alias (web <-> web-blue), with an in-place change so that it updates. */
export class RenameStep extends Step {
  check(w: Readonly<World>): boolean {
    const main = w.slots.main;
    return main.recorded !== undefined && !main.destroying && (main.facts.name !== "web-blue" || (w.slots.reuse.recorded === undefined && !w.slots.reuse.abandoned));
  }
  async act(w: World) {
    const main = w.slots.main;
    main.facts = { ...main.facts, name: main.facts.name === "web" ? "web-blue" : "web" };
    const g = main.program.groups[0]!;
    g.variant = (g.variant + 1) % 3;
    return { words: `${main.facts.name}: ${await up(w, "main")}`, slots: ["main" as Slot] };
  }
  toString(): string {
    return "rename main by alias";
  }
}

/** `pulumi state delete` and `pulumi import` of its members by id. */
export class ReimportStep extends Step {
  constructor(readonly slot: Slot) {
    super();
  }
  check(w: Readonly<World>): boolean {
    const rec = w.slots[this.slot].recorded;
    return rec !== undefined && usable(w as World, this.slot) && Object.keys(rec.outs.leftovers ?? {}).length === 0 && Object.keys(rec.outs.members ?? {}).length > 0 && !rec.outs.heldRoll;
  }
  async act(w: World) {
    return { words: await reimport(w, this.slot), slots: [this.slot] };
  }
  toString(): string {
    return `state delete and import ${this.slot}`;
  }
}

/** `slot` and `nested` (another explicit provider, its own process) in one `up`, at once. */
export class TogetherStep extends Step {
  constructor(readonly slot: Slot) {
    super();
  }
  check(w: Readonly<World>): boolean {
    return usable(w as World, this.slot) && usable(w as World, "nested");
  }
  async act(w: World) {
    const [a, b] = await Promise.all([up(w, this.slot), up(w, "nested")]);
    return { words: `${this.slot}: ${a} | nested: ${b}`, slots: [this.slot, "nested" as Slot] };
  }
  toString(): string {
    return `up ${this.slot} and nested at once`;
  }
}

export type FaultKind = "none" | "5xx" | "reset" | "delay" | "lost";

export class FaultStep extends Step {
  constructor(readonly fault: FaultKind, readonly rate: number) {
    super();
  }
  check(): boolean {
    return true;
  }
  async act(w: World) {
    const rule = (route: string) => ({
      route, ...(this.fault === "5xx" ? { errorRate: this.rate } : this.fault === "reset" ? { resetRate: this.rate } : this.fault === "delay" ? { delayRate: this.rate, delayMs: 1700 } : { lostAnswerRate: this.rate }),
    });
    await w.sim.setFaults(this.fault === "none" ? [] : [rule("/v1/servers"), rule("/v1/servers/*")]);
    return { words: "faults set", slots: [] };
  }
  toString(): string {
    return this.fault === "none" ? "faults off" : `faults ${this.fault} at ${this.rate}`;
  }
}

export type HealthMode = "healthy" | "never" | "after" | "flapping";

export class HealthStep extends Step {
  constructor(readonly image: string, readonly mode: HealthMode) {
    super();
  }
  check(): boolean {
    return true;
  }
  async act(w: World) {
    const rules = (await w.sim.admin("GET", "/health")).rules.filter((r: any) => r.image !== this.image);
    if (this.mode !== "healthy") rules.push({ image: this.image, mode: this.mode, ...(this.mode === "after" ? { afterSeconds: 0.3 } : {}) });
    await w.sim.admin("PUT", "/health", { rules });
    return { words: "health rules set", slots: [] };
  }
  toString(): string {
    return `health of ${this.image}: ${this.mode}`;
  }
}

/** The guide's recovery (docs/guide/recovery.md) of every slot, faults off: a refresh, `hosting-orphans --adopt --delete-killed-creates`, then an `up` (a destroy that did not finish, again); then no live server is in no state. */
export class RecoverStep implements Cmd {
  check(): boolean {
    return true;
  }
  async run(_m: World, w: World): Promise<void> {
    await recover(w);
  }
  toString(): string {
    return "recover";
  }
}

export async function recover(w: World): Promise<void> {
  await w.sim.setFaults([]);
  const words: string[] = [];
  for (const slot of SLOTS) {
    const st = w.slots[slot];
    if (st.destroying) {
      words.push(`${slot}: ${await destroy(w, slot)}`);
      continue;
    }
    const runs = st.recorded || st.abandoned || st.pendingDeletes.length > 0;
    const refreshed = runs ? await refresh(w, slot) : "";
    const killed = await recoverKilledCreates(w, slot);
    if (runs || st.recorded) words.push(`${slot}: ${refreshed}; ${killed}; ${await up(w, slot)}`);
  }
  afterStep(w, "recover", words.join("; "), []);
  const orphans = checkOrphans(w);
  if (orphans.length > 0) throw new Error(`after recover: ${orphans.join("\n  ")}\nsequence so far:\n  ${w.log.join("\n  ")}`);
}

/** The end of every sequence: a recovery, then a destroy of everything; nothing may be left. */
export async function teardown(w: World): Promise<void> {
  await recover(w);
  for (const slot of SLOTS) if (w.slots[slot].recorded || w.slots[slot].pendingDeletes.length > 0) await destroy(w, slot);
  const left = w.observer.live().map((s) => `${s.id} (${s.label}, made by ${w.observer.owners.get(s.id)?.handle ?? "?"})`);
  const kept = SLOTS.filter((s) => w.slots[s].recorded);
  if (left.length > 0 || kept.length > 0) {
    throw new Error(`after the final destroy: live ${left.join(", ") || "none"}; states kept ${kept.join(", ") || "none"}\nsequence:\n  ${w.log.join("\n  ")}`);
  }
}
