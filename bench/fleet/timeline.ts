// One sample a second of what the API sees while stacks run: requests and 429s so far (the
// simulator's counters) and servers `active`. The chart (chart.ts) turns it into requests/s,
// 429s/s and servers active over time.

import type { SimulatorProcess } from "./simulator-process";

export interface Sample {
  /** Seconds since the operation started. */
  t: number;
  requests: number;
  rateLimited: number;
  active: number;
}

export function sampleTimeline(sim: SimulatorProcess, everyMs = 1000): { stop(): Promise<Sample[]> } {
  const samples: Sample[] = [];
  const started = Date.now();
  let busy: Promise<void> = Promise.resolve();
  const take = () =>
    (busy = (async () => {
      const [stats, active] = await Promise.all([sim.stats(), sim.activeServers()]);
      samples.push({ t: (Date.now() - started) / 1000, requests: stats.total, rateLimited: stats.rateLimited, active });
    })().catch(() => undefined));
  const timer = setInterval(() => void take(), everyMs);
  return {
    stop: async () => {
      clearInterval(timer);
      await busy;
      await take();
      return samples;
    },
  };
}
