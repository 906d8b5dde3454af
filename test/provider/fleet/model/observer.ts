// The model's eyes on the simulator's table, in the simulator's own process: every change of the
// table (sim.changed) is diffed against the last one, and each server that appears, changes its
// tags or terminates is put down to the operation whose request made it (the request's API key,
// looked up just before the handler runs, in the same tick). It keeps who made each server (a
// model instance: slot#n, with the facts of the run that made it) and checks at that instant:
//   touch     an operation changes or deletes no server of another instance, unless that instance
//             is recorded nowhere (abandoned: a killed create's) and had the same facts (the same
//             resource), or the operation was told to take it (an import)
//   surge     when an operation creates a server, the fleet holds at most max(size before, size
//             after) + maxSurge servers (its own and its resource's abandoned ones)
//   available when an update deletes a member's server that was in service (active; healthy by
//             the simulator's health rules with a check) and that member is still declared, at
//             least min(declared, in service at its start) - maxUnavailable members stay in service

import type { Sim } from "../../../../simulator/context";
import type { ServerRecord } from "../../../../simulator/store/types";
import { osById } from "../../../../simulator/catalogue-data";
import type { SlotFacts } from "./program";

export interface Owner {
  handle: string;
  facts: SlotFacts;
}

export interface RunningOp {
  handle: string;
  facts: SlotFacts;
  kind: "create" | "update" | "delete" | "import" | "refresh";
  /** Members declared before and after (0 for a create). */
  sizeBefore: number;
  sizeAfter: number;
  maxSurge: number;
  maxUnavailable: number;
  checked: boolean;
  /** Member keys the op's program declares. */
  declared: Set<string>;
  inServiceAtStart: number;
  /** Servers the op was told to take (an import's). */
  allowed: Set<string>;
  /** Called at every change of the table while the op runs (a kill's trigger). */
  onChange?: () => void;
}

interface Seen {
  status: string;
  tags: string;
  label: string;
}

const MEMBER = "hosting-member:";

export class Observer {
  readonly owners = new Map<string, Owner>();
  /** The instance handle of the operation that deleted each server. */
  readonly deletedBy = new Map<string, string>();
  readonly violations: string[] = [];
  private readonly running = new Map<string, RunningOp>();
  private snapshot = new Map<string, Seen>();
  private currentKey: string | undefined;
  private restore: (() => void) | undefined;

  constructor(private readonly sim: Sim, private readonly isRecorded: (handle: string) => boolean) {}

  install(): void {
    const sim = this.sim;
    const changed = sim.changed.bind(sim);
    const keys = sim.store.keys;
    const get = keys.get.bind(keys);
    keys.get = (key: string) => {
      this.currentKey = key;
      queueMicrotask(() => (this.currentKey = undefined));
      return get(key);
    };
    sim.changed = () => {
      changed();
      this.onChanged();
    };
    this.restore = () => {
      sim.changed = changed;
      keys.get = get;
    };
  }

  uninstall(): void {
    this.restore?.();
    this.restore = undefined;
  }

  /** Forgets every server (a new sequence on a reset simulator). */
  clear(): void {
    this.owners.clear();
    this.deletedBy.clear();
    this.snapshot.clear();
    this.running.clear();
    this.violations.length = 0;
  }

  start(key: string, op: RunningOp): void {
    this.running.set(key, op);
  }

  end(key: string): void {
    this.running.delete(key);
  }

  /** The live servers (not terminated, not gone). */
  live(): ServerRecord[] {
    return this.sim.store.servers.filter((s) => !s.gone && s.status !== "terminated");
  }

  /** Members of `handle` (its own servers and its resource's abandoned ones) in service now, among `declared`. */
  inService(op: Pick<RunningOp, "handle" | "facts" | "checked" | "declared">): number {
    const keys = new Set<string>();
    for (const s of this.live()) {
      if (!this.isFleets(s.id, op) || !this.serving(s, op.checked)) continue;
      const key = memberKeyOf(s.tags);
      if (key !== undefined && op.declared.has(key)) keys.add(key);
    }
    return keys.size;
  }

  private isFleets(id: string, op: Pick<RunningOp, "handle" | "facts">): boolean {
    const owner = this.owners.get(id);
    return owner !== undefined && (owner.handle === op.handle || (!this.isRecorded(owner.handle) && sameResource(owner, op)));
  }

  private serving(s: ServerRecord, checked: boolean): boolean {
    if (s.status !== "active") return false;
    if (!checked) return true;
    const slug = osById.get(s.os_id)?.slug;
    const rule = this.sim.health.rules().find((r) => r.server === s.id) ?? this.sim.health.rules().find((r) => r.image === slug || r.image === s.os_id);
    if (!rule || rule.mode === "healthy" || rule.mode === "flapping") return true;
    if (rule.mode === "never") return false;
    return s.active_at != null && this.sim.clock.now() >= s.active_at + (rule.afterSeconds ?? 0) * 1000;
  }

  private onChanged(): void {
    const key = this.currentKey;
    const op = key !== undefined ? this.running.get(key) : undefined;
    const next = new Map<string, Seen>();
    for (const s of this.sim.store.servers) {
      const seen: Seen = { status: s.gone ? "gone" : s.status, tags: [...s.tags].sort().join(","), label: s.label };
      next.set(s.id, seen);
      const before = this.snapshot.get(s.id);
      if (!before) this.appeared(s, op);
      else if (op && seen.status === "terminated" && before.status !== "terminated" && before.status !== "gone") this.deleted(s, before, op);
      else if (op && (before.tags !== seen.tags || before.label !== seen.label)) this.touch(s.id, op, "re-marked");
    }
    this.snapshot = next;
    for (const r of this.running.values()) r.onChange?.();
  }

  private appeared(s: ServerRecord, op: RunningOp | undefined): void {
    if (!op) return;
    this.owners.set(s.id, { handle: op.handle, facts: op.facts });
    if (op.kind !== "create" && op.kind !== "update") return;
    const held = this.live().filter((x) => this.isFleets(x.id, op)).length;
    const bound = Math.max(op.sizeBefore, op.sizeAfter) + op.maxSurge;
    if (held > bound) this.violations.push(`surge: ${describe(op)} holds ${held} servers after creating ${s.id}, more than max(${op.sizeBefore}, ${op.sizeAfter}) + maxSurge ${op.maxSurge}`);
  }

  private deleted(s: ServerRecord, before: Seen, op: RunningOp): void {
    this.deletedBy.set(s.id, op.handle);
    this.touch(s.id, op, "deleted");
    if (op.kind !== "update" || !this.isFleets(s.id, op)) return;
    const key = memberKeyOf(s.tags);
    if (key === undefined || !op.declared.has(key)) return;
    const wasServing = this.serving({ ...s, status: before.status as ServerRecord["status"] }, op.checked);
    if (!wasServing) return;
    const now = this.inService(op);
    const bound = Math.min(op.sizeAfter, op.inServiceAtStart) - op.maxUnavailable;
    if (now < bound) {
      this.violations.push(`available: ${describe(op)} deleted ${s.id} (member ${key}, in service) leaving ${now} members in service, fewer than min(${op.sizeAfter}, ${op.inServiceAtStart} at the start) - maxUnavailable ${op.maxUnavailable}`);
    }
  }

  private touch(id: string, op: RunningOp, what: string): void {
    const owner = this.owners.get(id);
    if (!owner || owner.handle === op.handle || op.allowed.has(id)) return;
    if (!this.isRecorded(owner.handle) && sameResource(owner, op)) return;
    const whose = this.isRecorded(owner.handle)
      ? `recorded instance ${owner.handle}`
      : `instance ${owner.handle} of another resource (${factsText(owner.facts)}), recorded nowhere (yet)`;
    this.violations.push(`touch: ${describe(op)} ${what} server ${id} of ${whose}`);
  }
}

export function memberKeyOf(tags: readonly string[]): string | undefined {
  const keys = tags.filter((t) => t.startsWith(MEMBER));
  return keys.length === 1 ? keys[0]!.slice(MEMBER.length) : undefined;
}

/**
 * Whether an unrecorded instance's servers are the op's resource's: the same stack, parents and
 * name, or the same slot (a resource renamed by alias since is the same resource to the engine).
 */
function sameResource(owner: Owner, op: Pick<RunningOp, "handle" | "facts">): boolean {
  return sameFacts(owner.facts, op.facts) || owner.handle.split("#")[0] === op.handle.split("#")[0];
}

export function sameFacts(a: SlotFacts, b: SlotFacts): boolean {
  return a.name === b.name && a.project === b.project && a.stack === b.stack && (a.parentType ?? "") === (b.parentType ?? "");
}

export function factsText(f: SlotFacts): string {
  return `${f.project}/${f.stack}/${f.parentType ? `${f.parentType}$` : ""}${f.name}`;
}

function describe(op: RunningOp): string {
  return `the ${op.kind} of ${op.handle} (${factsText(op.facts)})`;
}
