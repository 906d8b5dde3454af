// The benchmark's naive mode: how a typical dynamic provider waits. Each server polls itself
// with GET /v1/servers/:id every `pollMs` (5 s) from the start, ignoring the API's estimate,
// and each read is one GET of its own. Together with an unpaced client (unpaced.ts) it is
// the reference that bench/fleet measures our shared waiter against. Only the naive face's
// provider process (./provider.ts, which the shells of ./server.ts's NaiveServer require) waits
// with it; the product does not ship it.

import type { HostingApi, Server } from "../../provider/api/wire/types";
import { DEFAULT_WAITER_TIMINGS } from "../../provider/core/status-waiter";
import type { WaitOutcome, WaitRequest, Waiter } from "../../provider/core/waiter-types";

/** Interval of the naive per-server poll. @default 5000 */
export const NAIVE_POLL_MS = 5000;

export class NaiveWaiter implements Waiter {
  /** GETs made by waits (not reads), for tests and benchmarks. */
  polls = 0;

  /**
   * @param absenceGraceMs how long a server just created may be missing (the goal's tolerance,
   * provider/server/power.ts): the shared waiter's default, so the two modes fail alike.
   */
  constructor(
    private readonly client: HostingApi,
    private readonly pollMs = NAIVE_POLL_MS,
    readonly absenceGraceMs: number = DEFAULT_WAITER_TIMINGS.absenceGraceMs,
  ) {}

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
