// A roll of 8 members in one batch to an image whose health route flaps (200, 503, 200, ...),
// watched through the probe relay (health-watch.ts), with a check of `healthyThreshold: 3`: once
// each new server has been probed 6 times (3 passes, never 3 in a row) it is made healthy for good
// in one change of the simulator's rules, so only from then on can it pass 3 times in a row. A
// gate that counted passes instead of passes in a row would let the roll delete the old servers
// (and end the `up`) before that change; this checks that none went before every new server's
// third pass in a row. The caller has set the program to the flapping image, `maxSurge: 8`,
// `healthyThreshold: 3` and a deadline that leaves room for the wait.
import { expect } from "chai";
import { until } from "../../helpers/wait";
import type { World } from "../fixtures";
import { nthPassInARow, type ProbeRelay } from "./health-watch";
import type { RunningCommand } from "./plugin-project";

export const FLAPPING_IMAGE = { slug: "alpine-3.20", id: 2076 };

export async function expectFlappingRoll(world: World, relay: ProbeRelay, start: () => RunningCommand): Promise<void> {
  await world.sim.admin("PUT", "/health", { rules: [{ image: FLAPPING_IMAGE.slug, mode: "flapping" }] });
  const ever = new Set<string>((await world.sim.rawServers()).map((s) => s.id));
  const old = (await world.sim.liveServers()).map((s) => s.id);
  const running = start();
  let ended = false;
  void running.exited.then(() => (ended = true));
  const fresh = await until("6 probes of each new server, or the up's end", async () => {
    const made = (await world.sim.rawServers()).filter((s) => !ever.has(s.id) && s.os_id === FLAPPING_IMAGE.id);
    if (ended) return made;
    return made.length === 8 && made.every((s) => relay.of(s.id).length >= 6) ? made : false;
  }, { timeoutMs: 120_000, intervalMs: 20 });
  await world.sim.admin("PUT", "/health", { rules: [{ image: FLAPPING_IMAGE.slug, mode: "flapping" }, ...fresh.map((s) => ({ server: s.id, mode: "healthy" }))] });
  const { code, output } = await running.exited;
  expect(code, output).to.equal(0);
  expect(fresh, "the new servers").to.have.length(8);
  let healthyAt = 0;
  for (const s of fresh) {
    const probes = relay.of(s.id);
    const nth = nthPassInARow(probes, 3);
    expect(nth, `${s.id} passed 3 times in a row: ${JSON.stringify(probes.map((p) => p.status))}`).to.be.at.least(0);
    expect(probes.slice(0, nth - 2).filter((p) => p.status === 200).length, `${s.id} passed 3 times before its passes in a row`).to.be.at.least(3);
    healthyAt = Math.max(healthyAt, probes[nth].at);
  }
  const deletedAt = (await world.sim.rawServers()).filter((s) => old.includes(s.id)).map((s) => (s.deleted_at ? Date.parse(s.deleted_at) : Infinity));
  expect(Math.min(...deletedAt), "the first old server's delete came after every new server's third pass in a row").to.be.at.least(healthyAt);
  expect((await world.sim.liveServers()).map((s) => s.id).sort()).to.deep.equal(fresh.map((s) => s.id).sort());
}
