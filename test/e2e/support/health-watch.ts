// What the account looks like while a Fleet with a health check rolls, for the end-to-end tests
// of the health-gated roll: samples of the simulator's live servers and how many of them pass
// the simulator's health route, taken while an `up` runs, and a relay on loopback that a
// Fleet's health check URL can point at, which passes each probe on to the simulator's health
// route and logs what it answered and when; and a world of both with a project whose
// `healthUrl` config is the relay's template.
import { expect } from "chai";
import * as http from "http";
import type { AddressInfo } from "net";
import type { TestShape, TestSimulator } from "../../helpers/simulator";
import type { World } from "../fixtures";
import type { PluginProject } from "./plugin-project";
import { closeWorldProject, openWorldProject } from "./world-project";

export interface HealthSample {
  /** Live servers (not deleted). */
  servers: number;
  /** Of those, the ones whose health route answered 200. */
  healthy: number;
}

/**
 * One sample: the live servers, then each one's health route, one after the other in creation
 * order. A replacement is asked after the server it replaces, so a member whose old server was
 * deleted (404, or no longer listed) while its new one was being asked is still counted when the
 * new one was healthy first: a roll that keeps its members healthy shows no dip that is not real.
 */
export async function sampleHealth(sim: TestSimulator): Promise<HealthSample> {
  const live = (await sim.liveServers()).sort((a, b) => a.seq - b.seq);
  let healthy = 0;
  for (const s of live) if ((await fetch(`${sim.url}/_health/${s.id}`)).status === 200) healthy++;
  return { servers: live.length, healthy };
}

/** Samples every `intervalMs` until `stop()`, which answers every sample taken. */
export function watchHealth(sim: TestSimulator, intervalMs: number): { stop(): Promise<HealthSample[]> } {
  const samples: HealthSample[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      samples.push(await sampleHealth(sim));
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return samples;
    },
  };
}

/**
 * The samples of a roll of `size` members with `maxSurge` (maxUnavailable 0): more than 10 taken,
 * never fewer than `size` healthy, never more than `size + maxSurge` servers, and the surge seen.
 */
export function expectSampledRoll(samples: HealthSample[], size: number, maxSurge: number, label: string): void {
  const range = (of: (s: HealthSample) => number) => `${Math.min(...samples.map(of))}..${Math.max(...samples.map(of))}`;
  console.log(`      ${label}: ${samples.length} samples, healthy ${range((s) => s.healthy)}, servers ${range((s) => s.servers)}`);
  expect(samples.length, "samples taken during the roll").to.be.above(10);
  expect(samples.filter((s) => s.healthy < size), `samples with fewer than ${size} healthy`).to.deep.equal([]);
  expect(samples.filter((s) => s.servers > size + maxSurge), `samples with more than ${size + maxSurge} servers`).to.deep.equal([]);
  expect(samples.some((s) => s.servers > size), "some sample saw the surge").to.equal(true);
}

export interface Probe {
  /** The server id the probe asked for. */
  id: string;
  /** The status the simulator answered. */
  status: number;
  /** When the answer came back from the simulator (ms since the epoch), before it was passed on. */
  at: number;
}

export interface ProbeRelay {
  /** The health check URL template to give a Fleet: `http://127.0.0.1:<port>/_health/{id}`. */
  template: string;
  probes: Probe[];
  /** The probes of one server, in order. */
  of(id: string): Probe[];
  close(): Promise<void>;
}

/** A relay on loopback in front of `sim`'s health route that logs every probe. */
export async function startProbeRelay(sim: TestSimulator): Promise<ProbeRelay> {
  const probes: Probe[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    const id = decodeURIComponent((req.url ?? "/").split("?")[0].replace(/^\/_health\//, ""));
    fetch(`${sim.url}/_health/${encodeURIComponent(id)}`)
      .then(async (answer) => {
        const body = await answer.text();
        probes.push({ id, status: answer.status, at: Date.now() });
        res.writeHead(answer.status, { "content-type": "application/json" }).end(body);
      })
      .catch(() => res.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    template: `http://127.0.0.1:${port}/_health/{id}`,
    probes,
    of: (id) => probes.filter((p) => p.id === id),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** The index of the probe that completed the first `n` passes in a row, or -1. */
export function nthPassInARow(probes: Probe[], n: number): number {
  let run = 0;
  for (const [i, p] of probes.entries()) {
    run = p.status === 200 ? run + 1 : 0;
    if (run >= n) return i;
  }
  return -1;
}

export interface HealthProject {
  world: World;
  project: PluginProject;
  relay: ProbeRelay;
}

/** openWorldProject's world and project, a probe relay, and the relay's template as the `healthUrl` config. */
export async function openHealthProject(shape: TestShape, name: string, program: string, files?: Record<string, string>): Promise<HealthProject> {
  const { world, project } = await openWorldProject(shape, name, program, files);
  const relay = await startProbeRelay(world.sim);
  await project.pulumi("config", "set", "healthUrl", relay.template);
  return { world, project, relay };
}

/** `pulumi destroy`, then the project, the simulator and the relay gone. */
export async function closeHealthProject(h: Partial<HealthProject>): Promise<void> {
  await closeWorldProject(h.world, h.project, true);
  await h.relay?.close();
}

/** The servers of the simulator `sim()` answers (read at each call: a suite's is made in its `before`). */
export function accountOf(sim: () => TestSimulator) {
  return {
    live: () => sim().liveServers(),
    liveIds: async () => (await sim().liveServers()).map((s) => s.id as string).sort(),
    /** Every server id the account ever had, deleted ones included. */
    everIds: async () => new Set<string>((await sim().rawServers()).map((s) => s.id)),
    /** Servers made since `before` (an everIds()), deleted ones included. */
    madeSince: async (before: Set<string>) => (await sim().rawServers()).filter((s) => !before.has(s.id)),
  };
}
