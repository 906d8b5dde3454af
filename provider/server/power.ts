// Waiting for a server to settle, and the power actions (start/stop) that `powerState` drives.
// All waiting goes through the process's one status waiter, which the operation context carries.
// A wait for `active` tells the operation's progress reporter what it last saw (core/progress.ts).

import type { Server } from "../api/wire/types";
import type { PowerState, StopMode } from "./types";
import type { OperationContext } from "../core/context";
import type { Verdict, WaitOutcome } from "../core/waiter-types";
import { elapsedText } from "../core/progress";

const TARGET: Record<PowerState, Server["status"]> = { running: "active", stopped: "stopped" };

/**
 * Waits for `active`, tolerating a brief absence; `error` fails at once. A long wait reports the
 * server's last status seen, e.g. "waiting for server 4f0c to be active: pending (25 s)".
 */
export function waitUntilActive(ctx: OperationContext, id: string, timeoutMs: number, firstPollMs?: number): Promise<WaitOutcome> {
  const goal = reach("active", ctx.waiter.absenceGraceMs);
  let seen = "no status seen yet";
  const describe = (ms: number) => `waiting for server ${id} to be active: ${seen} (${elapsedText(ms)})`;
  const observe = (s: Server | undefined, elapsedMs: number): Verdict => ((seen = s?.status ?? "not listed yet"), goal(s, elapsedMs));
  return ctx.progress.during(describe, () => ctx.waiter.wait({ id, timeoutMs, firstPollMs, goal: observe, signal: ctx.signal }));
}

/**
 * Waits until the server is no longer listed. The first poll comes after `initialPollMs` unless
 * the caller says otherwise: the engine's deletes of N `Server` resources arrive over a second
 * or two, and an immediate poll per arrival would spend the rate limit's burst on lists that
 * the deletes still need (bench/fleet). A Fleet sends all its DELETEs first and then waits
 * for all of them at once, with `firstPollMs` 0 (provider/fleet/remove-all.ts).
 */
export function waitUntilGone(ctx: OperationContext, id: string, timeoutMs: number, firstPollMs?: number): Promise<WaitOutcome> {
  return ctx.waiter.wait({ id, timeoutMs, firstPollMs, goal: (s) => (s && s.status !== "terminated" ? "wait" : "done"), signal: ctx.signal });
}

/**
 * Brings a server to the declared power state: start, or stop (POST /stop, or POST /halt for
 * stopMode "hard"), then waits for the settled status. A server already there (or on its
 * way) needs no action.
 */
export async function applyPowerState(
  ctx: OperationContext, current: Server, desired: PowerState, timeoutMs: number, stopMode: StopMode = "graceful",
): Promise<WaitOutcome> {
  const { signal, waiter } = ctx;
  const target = TARGET[desired];
  if (current.status === target) return { outcome: "done", server: current, observed: true };
  const onItsWay = (desired === "running" && ["pending", "starting", "rebooting"].includes(current.status)) ||
    (desired === "stopped" && current.status === "stopping");
  if (!onItsWay) {
    if (desired === "stopped" && ["pending", "starting", "rebooting"].includes(current.status)) {
      const settled = await waiter.wait({ id: current.id, timeoutMs, goal: reach("active", 0), signal });
      if (settled.outcome !== "done" || !settled.server) return settled;
      current = settled.server;
    }
    if (current.status === "error") return { outcome: "failed", server: current, observed: true };
    try {
      await ctx.api.serverAction(current.id, desired === "running" ? "start" : stopMode === "hard" ? "halt" : "stop", { signal });
    } catch (e) {
      // 409 INVALID_STATE: someone else moved it meanwhile; the wait below tells the truth.
      if (!isInvalidState(e)) throw e;
    }
  }
  return waiter.wait({ id: current.id, timeoutMs, firstPollMs: 0, goal: reach(target, 0), signal });
}

/**
 * Reboots a running server (POST /reboot) and waits until it is `active` again. A server
 * that is not `active` is left alone: a stopped one boots fresh at its next start anyway.
 */
export async function rebootServer(ctx: OperationContext, current: Server, timeoutMs: number): Promise<WaitOutcome> {
  if (current.status !== "active") return { outcome: "done", server: current, observed: true };
  await ctx.api.serverAction(current.id, "reboot", { signal: ctx.signal });
  return ctx.waiter.wait({ id: current.id, timeoutMs, firstPollMs: 0, goal: reach("active", 0), signal: ctx.signal });
}

/** The goal of a wait for `target`; `absenceGraceMs` lets a server just created be missing from lists for that long (0: not at all). */
export function reach(target: Server["status"], absenceGraceMs: number) {
  return (s: Server | undefined, elapsedMs: number): Verdict => {
    if (!s) return elapsedMs < absenceGraceMs ? "wait" : "failed";
    if (s.status === target) return "done";
    return s.status === "error" || s.status === "terminated" ? "failed" : "wait";
  };
}

function isInvalidState(e: unknown): boolean {
  const err = e as { status?: number; code?: string };
  return err?.status === 409 || err?.code === "INVALID_STATE";
}

/**
 * Why a wait did not end in the goal, for error messages and `reasons`; `source` names a time-out
 * that is not `waitTimeoutSeconds` (operation.ts, waitBudget).
 */
export function describeOutcome(id: string, o: WaitOutcome, goal: string, timeoutMs: number, source?: string): string {
  if (o.outcome === "timeout") {
    const bound = source ? ` (${source})` : "";
    return `server ${id} did not become ${goal} within ${timeoutMs / 1000} s${bound} (last status: ${o.server?.status ?? "not listed"})`;
  }
  if (!o.server) return `server ${id} disappeared while waiting for ${goal}`;
  return `server ${id} ended in status ${o.server.status} while waiting for ${goal}`;
}
