// The benchmark's naive mode: how a typical dynamic provider waits. Each server polls itself
// with GET /v1/servers/:id every `pollMs` (5 s) from the start, ignoring the API's estimate,
// and each read is one GET of its own. Together with an unpaced client (see client.ts) it is
// the reference that bench/fleet measures our shared waiter against. It is on only when the
// provider process sees HOSTING_NAIVE_MODE=1; nobody should use it for real work.

import type { HostingApi, Server } from "../api/wire/types";
import type { WaitOutcome, WaitRequest, Waiter } from "./waiter-types";

/** The environment switch, read at call time in the provider process. */
export const NAIVE_MODE_ENV = "HOSTING_NAIVE_MODE";

export function naiveMode(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[NAIVE_MODE_ENV] === "1";
}

/** Interval of the naive per-server poll. @default 5000 */
export const NAIVE_POLL_MS = 5000;

export class NaiveWaiter implements Waiter {
  /** GETs made by waits (not reads), for tests and benchmarks. */
  polls = 0;

  constructor(private readonly client: HostingApi, private readonly pollMs = NAIVE_POLL_MS) {}

  async wait(req: WaitRequest): Promise<WaitOutcome> {
    const started = Date.now();
    let last: Server | undefined;
    let observed = false;
    for (;;) {
      const left = started + req.timeoutMs - Date.now();
      if (left <= 0) return { outcome: "timeout", server: last, observed };
      await sleep(Math.min(this.pollMs, left));
      this.polls++;
      last = await this.client.getServer(req.id);
      observed = true;
      const verdict = req.goal(last, Date.now() - started);
      if (verdict !== "wait") return { outcome: verdict, server: last, observed };
    }
  }

  /** Always one GET: the naive reference keeps no snapshot (any WaiterReadOptions are ignored). */
  read(id: string): Promise<Server | undefined> {
    return this.client.getServer(id);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
