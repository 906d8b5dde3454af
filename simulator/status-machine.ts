// The server status machine with time (docs/contract.md, Status machine). Each running
// transition is one timer plus `next` on the record, so a state file can resume it.
import { ApiRefusal } from "./http/errors";
import type { ServerRecord, ServerStatus } from "./store/types";
import type { LiveConfig } from "./live-config";
import type { Rng } from "./random";
import type { MemoryStore } from "./store/memory-store";
import type { WebhookDelivery } from "./webhook-delivery";

/** What the status machine needs of the simulator (context.ts's Sim provides it). */
export interface MachineHost {
  readonly store: Pick<MemoryStore, "servers" | "reindex">;
  readonly config: Pick<LiveConfig, "provisionMs" | "transitionMs" | "errorRate">;
  readonly outcomes: Rng;
  readonly hooks: Pick<WebhookDelivery, "emitServer">;
  changed(): void;
  nowIso(): string;
}
import { ERROR_CODES } from "../protocol/errors";

export type Action = "start" | "stop" | "reboot" | "halt";

/** For each action: the statuses it is allowed from, the one it passes through, where it ends. */
const ACTIONS: Record<Action, { from: ServerStatus[]; via: ServerStatus | null; to: ServerStatus }> = {
  stop: { from: ["active"], via: "stopping", to: "stopped" },
  start: { from: ["stopped"], via: "starting", to: "active" },
  reboot: { from: ["active"], via: "rebooting", to: "active" },
  halt: { from: ["active", "starting", "rebooting"], via: null, to: "stopped" },
};

export class StatusMachine {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly sim: MachineHost) {}

  /** Starts provisioning of a new server: initial status, then active or error. */
  provision(s: ServerRecord): void {
    const fails = this.sim.config.errorRate > 0 && this.sim.outcomes.next() < this.sim.config.errorRate;
    this.schedule(s, fails ? "error" : "active", this.sim.config.provisionMs);
  }

  act(s: ServerRecord, action: Action): void {
    const a = ACTIONS[action];
    if (!a.from.includes(s.status)) {
      throw new ApiRefusal(409, ERROR_CODES.invalidState,
        `cannot ${action} server ${s.id}: its status is ${s.status}; ${action} needs ${a.from.join(" or ")}`);
    }
    this.cancel(s);
    if (a.via) {
      this.set(s, a.via);
      this.schedule(s, a.to, this.sim.config.transitionMs);
    } else {
      this.set(s, a.to);
    }
  }

  /** Delete: terminated at once, gone (404) after the transition time. */
  destroy(s: ServerRecord, immediately = false): void {
    if (s.status === "terminated" && !immediately) return;
    this.cancel(s);
    s.deleted_at = this.sim.nowIso();
    this.set(s, "terminated");
    this.sim.hooks.emitServer("server.deleted", s);
    if (immediately) this.arrive(s, "terminated");
    else this.schedule(s, "terminated", this.sim.config.transitionMs);
  }

  /** Forces a status (admin API); any running transition stops. */
  force(s: ServerRecord, status: ServerStatus): void {
    this.cancel(s);
    this.set(s, status);
  }

  resume(): void {
    const now = Date.now();
    for (const s of this.sim.store.servers) {
      if (s.next && !s.gone) this.schedule(s, s.next.status, Math.max(0, s.next.at - now));
    }
  }

  stopAll(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  private set(s: ServerRecord, status: ServerStatus): void {
    if (s.status === status) return;
    s.status = status;
    s.active_at = status === "active" ? Date.parse(this.sim.nowIso()) : null;
    s.json = undefined;
    this.sim.store.reindex(s);
    this.sim.changed();
    this.sim.hooks.emitServer("server.status_changed", s);
  }

  private schedule(s: ServerRecord, status: ServerStatus, delayMs: number): void {
    this.cancel(s);
    s.next = { status, at: Date.now() + delayMs };
    const t = setTimeout(() => {
      this.timers.delete(s.id);
      s.next = null;
      this.arrive(s, status);
    }, delayMs);
    t.unref();
    this.timers.set(s.id, t);
  }

  private arrive(s: ServerRecord, status: ServerStatus): void {
    if (status === "terminated") {
      s.next = null;
      s.gone = true;
      this.sim.store.reindex(s);
      this.sim.changed();
      return;
    }
    this.set(s, status);
  }

  private cancel(s: ServerRecord): void {
    const t = this.timers.get(s.id);
    if (t) clearTimeout(t);
    this.timers.delete(s.id);
    s.next = null;
  }
}
