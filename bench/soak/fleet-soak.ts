// `npm run soak:fleet`: 20 kill points at random moments of a Fleet's life. A Pulumi
// YAML fleet on the plugin face (the packed tarball), half the kill points in each API shape:
// each round picks an operation (create, an OS roll, a count change, destroy), starts it, kills
// the whole `pulumi` process group and everything it started (SIGKILL) after a random delay,
// runs the recovery docs/guide.md gives ("A killed up"), and checks the account: exactly the
// declared members (one server per member key, on the declared OS), every server the API ever
// created a member or deleted, and nothing the state does not hold. Prints one line per round and
// a PASS/FAIL line; exits 1 on any orphan or duplicate. Not part of `npm test` (about 15 minutes).
// Run `npm run build` first; it uses the test suite's project and kill helpers.
import { API_KEY, startWorld, type World } from "../../test/e2e/fixtures";
import { startKillable } from "../../test/e2e/support/kill-run";
import { createPluginProject, type PluginProject } from "../../test/e2e/support/plugin-project";

const ROUNDS_PER_SHAPE = Number(process.env.SOAK_ROUNDS ?? 10);
const OS_IDS: Record<string, number> = { "ubuntu-24.04": 2284, "debian-12": 2136 };

const YAML = `name: fleet-soak
runtime: yaml
config:
  os: { type: string, default: ubuntu-24.04 }
  count: { type: integer, default: 3 }
resources:
  fleet:
    type: hosting:index:Fleet
    properties:
      maxSurge: 2
      defaults:
        plan: vc2-1c-1gb
        os: \${os}
      groups:
        - name: web
          regions: [ewr, fra]
          count: \${count}
`;

type Op = "create" | "roll" | "count" | "destroy";

interface Declared {
  exists: boolean;
  os: string;
  count: number;
}

/** A seeded generator, so that a failing round can be replayed (SOAK_SEED). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

async function round(world: World, project: PluginProject, stack: string, declared: Declared, op: Op, delayMs: number): Promise<string[]> {
  const problems: string[] = [];
  if (op === "roll") declared.os = declared.os === "ubuntu-24.04" ? "debian-12" : "ubuntu-24.04";
  if (op === "count") declared.count = declared.count === 3 ? 1 : 3;
  await project.pulumi("config", "set", "os", declared.os);
  await project.pulumi("config", "set", "count", String(declared.count));
  const verb = op === "destroy" ? "destroy" : "up";
  const run = startKillable(project, stack, [verb, "--yes", "--skip-preview"]);
  const ended = await Promise.race([run.exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), delayMs))]);
  await run.kill();
  await project.pulumi("cancel", "--yes");
  await project.pulumi("refresh", "--clear-pending-creates", "--yes", "--skip-preview");
  await project.pulumi(verb, "--yes", "--skip-preview");
  declared.exists = op !== "destroy";
  const want = declared.exists ? declared.count * 2 : 0;
  const live = await world.sim.liveServers();
  const labels = new Set(live.map((s) => s.label));
  if (live.length !== want) problems.push(`${live.length} live servers, ${want} declared`);
  if (labels.size !== live.length) problems.push(`duplicate: ${live.length} servers for ${labels.size} members`);
  if (live.some((s) => s.os_id !== OS_IDS[declared.os])) problems.push("a member on another OS");
  const doc = JSON.parse(await project.pulumi("stack", "export"));
  const fleet = (doc.deployment.resources ?? []).find((r: { type: string }) => r.type === "hosting:index:Fleet");
  const recorded = new Set<string>(fleet ? [...Object.values(fleet.outputs.members ?? {}), ...Object.values(fleet.outputs.leftovers ?? {})].map((m) => (m as { id: string }).id) : []);
  const orphans = live.filter((s) => !recorded.has(s.id));
  if (orphans.length > 0) problems.push(`${orphans.length} orphan(s): ${orphans.map((s) => s.id).join(", ")}`);
  if (ended) problems.push("(the command ended before the kill: no kill point)");
  return problems;
}

async function main(): Promise<void> {
  const seed = Number(process.env.SOAK_SEED ?? Date.now() % 100000);
  const next = random(seed);
  const ops: Op[] = ["create", "roll", "count", "destroy"];
  let failures = 0;
  let rounds = 0;
  console.log(`fleet soak: ${ROUNDS_PER_SHAPE * 2} kill points, seed ${seed} (SOAK_SEED replays them)`);
  let killPoints = 0;
  for (const shape of ["A", "B"] as const) {
    const world = await startWorld(shape, { provisionMs: 3000 });
    const stack = `soak-${shape.toLowerCase()}`;
    const project = await createPluginProject(stack, YAML);
    await project.config({ "hosting:baseUrl": world.sim.url }, { "hosting:apiKey": API_KEY });
    const declared: Declared = { exists: false, os: "ubuntu-24.04", count: 3 };
    try {
      // Rounds whose command ended before its kill are no kill point: they are run, checked and
      // printed, and another round follows (at most twice the rounds asked for).
      const target = killPoints + ROUNDS_PER_SHAPE;
      for (let i = 0; killPoints < target && i < 2 * ROUNDS_PER_SHAPE; i++) {
        // A fleet that exists can be rolled, resized or destroyed; one that does not is created.
        const op: Op = declared.exists ? ops[1 + Math.floor(next() * 3)] : "create";
        // The engine takes 1 to 2 s to start; a create or a batch of a roll then takes 3 s.
        const delayMs = Math.round(800 + next() * 6000);
        const started = Date.now();
        const problems = await round(world, project, stack, declared, op, delayMs);
        rounds += 1;
        const real = problems.filter((p) => !p.startsWith("("));
        if (real.length > 0) failures += 1;
        if (real.length === problems.length) killPoints += 1;
        console.log(
          `round ${rounds} shape ${shape}: ${op.padEnd(7)} killed after ${String(delayMs).padStart(5)} ms, recovered in ${((Date.now() - started - delayMs) / 1000).toFixed(1)} s: ` +
            `${(await world.sim.liveServers()).length} live, ${problems.length === 0 ? "exact, 0 orphans, 0 duplicates" : problems.join("; ")}`,
        );
      }
    } finally {
      await project.pulumi("destroy", "--yes", "--skip-preview").catch(() => undefined);
      project.dispose();
      await world.close();
    }
  }
  console.log(`${failures === 0 ? "PASS" : "FAIL"}: ${killPoints} kill points in ${rounds} rounds, ${failures} with an orphan, a duplicate or a wrong fleet (bound: 0)`);
  if (failures > 0) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
