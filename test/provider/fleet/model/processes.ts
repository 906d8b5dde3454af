// The provider processes of the model: one per engine run (or per explicit provider of a run),
// each with its own memory (claims, clients, waiter), pointed at the simulator with the slot's
// key and fast waits. A process can be killed: its pacer refuses every request from that moment
// (nothing more reaches the API, as after `kill -9`) and its Cancel ends every wait, so the
// operation's promise settles and is dropped. Ctrl-C is the Cancel alone. A process given an
// order seed sends its requests one a tick, each time a draw among those waiting: requests made
// together (a batch's POSTs) reach the API in another order than sent, as a paced process's do.

import type { Pacer, PacerSnapshot, Ticket } from "../../../../provider/api/pacing/pacer";
import type { OperationContext } from "../../../../provider/core/context";
import { ProviderProcess } from "../../../../provider/core/provider-process";
import { Rng } from "../../../../simulator/random";
import { FAST_WAITS } from "../../harness";
import type { SlotFacts } from "./program";

/** A pacer that grants every request (at once, or one a tick in a drawn order) until the process is killed, then none. */
class KillSwitch implements Pacer {
  killed = false;
  private seq = 0;
  private readonly waiting: Array<() => void> = [];
  private granting = false;

  constructor(private readonly order?: Rng) {}

  async acquire(): Promise<Ticket> {
    if (this.killed) throw new Error("the provider process was killed");
    if (this.order) {
      await new Promise<void>((grant) => {
        this.waiting.push(grant);
        this.grantNextTick();
      });
      if (this.killed) throw new Error("the provider process was killed");
    }
    return { seq: ++this.seq, settled: false };
  }

  private grantNextTick(): void {
    if (this.granting) return;
    this.granting = true;
    setImmediate(() => {
      this.granting = false;
      const [grant] = this.waiting.splice(this.order!.int(this.waiting.length), 1);
      grant();
      if (this.waiting.length > 0) this.grantNextTick();
    });
  }
  observe(ticket: Ticket): void {
    ticket.settled = true;
  }
  release(ticket: Ticket): void {
    ticket.settled = true;
  }
  snapshot(): PacerSnapshot {
    return {
      tokens: Infinity, capacity: Infinity, perMinute: Infinity, unlimited: true, waiting: 0, sharePerMinute: Infinity,
      othersPerMinute: 0, inFlight: 0, window: Infinity, pausedMs: 0, coordinated: false,
    };
  }
}

export interface ModelProcess {
  context(facts: SlotFacts): OperationContext;
  /** `kill -9`: no request leaves from now on, and every wait ends. */
  kill(): void;
  /** The engine's Cancel (Ctrl-C). */
  cancel(): void;
}

/** Client timings shrunk like the waits: retries after milliseconds, an attempt timed out after 1.5 s. */
const CLIENT_TIMINGS = { minRetryDelayMs: 5, maxRetryDelayMs: 40, timeoutMs: 1500, catalogueCacheDir: "" };

/** A provider process on `apiKey`; with `order`, a seed of the order it sends requests made together in. */
export function newProcess(simUrl: string, apiKey: string, warnings: string[], order?: number): ModelProcess {
  const pacer = new KillSwitch(order ? new Rng(order) : undefined);
  const proc = new ProviderProcess({
    log: { warn: (m) => void warnings.push(m) },
    waiterTimings: FAST_WAITS,
    clientOptions: { ...CLIENT_TIMINGS, pacer: () => pacer },
  });
  proc.configure({ get: (key) => ({ "hosting:apiKey": apiKey, "hosting:baseUrl": simUrl } as Record<string, string>)[key] });
  return {
    context: (facts) => proc.context({ resource: { ...facts } }),
    kill: () => {
      pacer.killed = true;
      // Called from inside the simulator's handler: the waits end once that call returns.
      queueMicrotask(() => proc.cancel());
    },
    cancel: () => proc.cancel(),
  };
}
