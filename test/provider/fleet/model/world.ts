// The model's world for one sequence: the simulator (reset before the sequence), the table
// observer, and per slot what the engine knows: the program, the recorded state (id, outputs,
// inputs, the model instance it stands for), the old instances a create-before-delete
// replacement left for the engine to delete, and whether a create of it was cut short. Every
// engine run goes through `perform`, which gives it a fresh provider process and may kill it or
// press Ctrl-C at its n-th change of the table.

import type { TestSimulator } from "../../../helpers/simulator";
import type { Sim } from "../../../../simulator/context";
import { Observer, type RunningOp } from "./observer";
import { newProcess, type ModelProcess } from "./processes";
import { baseFacts, initialProgram, keyOf, SLOTS, type Program, type Slot, type SlotFacts } from "./program";
import type { OperationContext } from "../../../../provider/core/context";

export type Props = Record<string, any>;

export interface Recorded {
  id: string;
  outs: Props;
  inputs: Props;
  /** The model instance (slot#n) this state stands for. */
  handle: string;
}

export interface SlotState {
  facts: SlotFacts;
  program: Program;
  recorded?: Recorded;
  /** Old instances of a create-before-delete replacement whose create failed in part: the engine deletes them next. */
  pendingDeletes: Recorded[];
  /** A create of the slot was killed or failed with nothing recorded: the next `up` creates it again. */
  abandoned: boolean;
  /** A create of the slot (a replacement's too) was killed, and the guide's recovery has not run since. */
  killedCreate: boolean;
  /** A destroy of the slot was killed or failed: as the guide says, the next run of it is a destroy. */
  destroying: boolean;
}

/** When to cut a run short: at its `atChange`-th change of the table, a kill -9 or a Ctrl-C. */
export interface Interrupt {
  atChange: number;
  mode: "kill" | "ctrl-c";
  /** A seed of the order the interrupted process sends requests made together in (processes.ts); absent or 0: at once, as made. */
  order?: number;
}

/** How the last run of a slot in a step ended, for the checks after it. */
/** How a slot's last run ended; "unchanged": an `up` whose diff found no change, so no operation of the Fleet ran. */
export type Outcome = "ok" | "unchanged" | "imported" | "partial" | "failed" | "killed" | "delete-failed";

export interface Figures {
  sequences: number;
  steps: number;
  operations: number;
  kills: number;
  ctrlCs: number;
}

export class World {
  readonly slots = {} as Record<Slot, SlotState>;
  readonly observer: Observer;
  readonly warnings: string[] = [];
  readonly figures: Figures = { sequences: 0, steps: 0, operations: 0, kills: 0, ctrlCs: 0 };
  /** One line per operation of the current sequence, for a failure's report. */
  readonly log: string[] = [];
  /** How the runs of the current step ended, per slot (the last one wins). */
  outcomes: Partial<Record<Slot, Outcome>> = {};
  private instances = 0;

  constructor(readonly sim: TestSimulator) {
    this.observer = new Observer(this.inner, (h) => this.isRecorded(h));
    this.resetSlots();
  }

  get inner(): Sim {
    return this.sim.handle.admin.sim;
  }

  /** A fresh sequence: the simulator reset (servers, faults, health rules), every slot undeclared. */
  async begin(): Promise<void> {
    await this.sim.reset();
    this.observer.clear();
    this.resetSlots();
    this.log.length = 0;
    this.figures.sequences++;
  }

  private resetSlots(): void {
    for (const slot of SLOTS) this.slots[slot] = { facts: baseFacts(slot), program: initialProgram(), pendingDeletes: [], abandoned: false, killedCreate: false, destroying: false };
  }

  newHandle(slot: Slot): string {
    return `${slot}#${++this.instances}`;
  }

  isRecorded(handle: string): boolean {
    return SLOTS.some((s) => this.slots[s].recorded?.handle === handle || this.slots[s].pendingDeletes.some((r) => r.handle === handle));
  }

  /** Every recorded state with its slot (pending deletes too). */
  allRecorded(): Array<{ slot: Slot; rec: Recorded }> {
    return SLOTS.flatMap((slot) => [
      ...(this.slots[slot].recorded ? [{ slot, rec: this.slots[slot].recorded! }] : []),
      ...this.slots[slot].pendingDeletes.map((rec) => ({ slot, rec })),
    ]);
  }

  /** Records the servers a state holds as its instance's (a reclaim or import took them). */
  adopt(rec: Recorded): void {
    for (const id of recordedIds(rec.outs)) {
      const owner = this.observer.owners.get(id);
      if (!owner || !this.isRecordedElsewhere(owner.handle, rec.handle)) this.observer.owners.set(id, { handle: rec.handle, facts: owner?.facts ?? this.factsOfHandle(rec.handle) });
    }
  }

  private isRecordedElsewhere(handle: string, than: string): boolean {
    return handle !== than && this.isRecorded(handle);
  }

  private factsOfHandle(handle: string): SlotFacts {
    return this.slots[handle.split("#")[0] as Slot].facts;
  }

  /**
   * Runs `run` as one engine run of `slot` in a fresh provider process, the observer told what
   * runs; an interrupt cuts it short at its n-th change of the table. A killed run's result is
   * dropped (the engine never heard it); a Ctrl-C'd one is what the provider answered.
   */
  async perform<T>(slot: Slot, op: RunningOp, run: (ctx: OperationContext) => Promise<T>, interrupt?: Interrupt, proc?: ModelProcess): Promise<{ value?: T; error?: unknown; killed: boolean }> {
    const process = proc ?? newProcess(this.sim.url, keyOf(slot), this.warnings, interrupt?.order);
    const key = keyOf(slot);
    let changes = 0;
    let killed = false;
    let cancelled = false;
    if (interrupt) {
      op.onChange = () => {
        if (killed || cancelled) return;
        if (++changes < interrupt.atChange) return;
        if (interrupt.mode === "kill") {
          killed = true;
          process.kill();
        } else {
          cancelled = true;
          queueMicrotask(() => process.cancel());
        }
      };
    }
    this.figures.operations++;
    this.observer.start(key, op);
    try {
      const value = await run(process.context(this.slots[slot].facts));
      return { value, killed };
    } catch (error) {
      return { error, killed };
    } finally {
      // What a killed process had already sent lands before the next run starts.
      if (killed) await new Promise((r) => setTimeout(r, 20));
      this.observer.end(key);
      if (killed) this.figures.kills++;
      if (cancelled) this.figures.ctrlCs++;
    }
  }
}

/** The server ids a state records (members and leftovers). */
export function recordedIds(outs: Props | undefined): string[] {
  if (!outs) return [];
  return [...Object.values(outs.members ?? {}), ...Object.values(outs.leftovers ?? {})].map((m: any) => m.id as string);
}
