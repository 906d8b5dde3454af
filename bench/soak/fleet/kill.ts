// The soak's kill points, one shape, on the plugin face (Pulumi YAML on the packed tarball), on a
// key of the default rate tier (burst 100, then 1 request a second): each round starts an
// operation, kills the whole `pulumi` process group and everything it started (SIGKILL) after a
// random delay, runs the recovery docs/guide/recovery.md gives ("A killed up"), and checks the account
// (account.ts) and the fleet: one server per member, on the declared OS, as many as declared.
// Small rounds pick create, an OS roll, a count change or destroy on a fleet of 2 to 6; large
// rounds kill a create of 100 members and then a roll of those 100 (maxSurge 10) at a random
// instant. In shape B a server is tagged by a PATCH after its POST: the servers that carried no
// member tag at the kill are counted, so an orphan among them is named as that window.
import { API_KEY, startWorld, type World } from "../../../test/e2e/fixtures";
import { startKillable } from "../../../test/e2e/support/kill-run";
import { releaseKilledRun } from "../../../test/e2e/support/killed-recovery";
import { createPluginProject, type PluginProject } from "../../../test/e2e/support/plugin-project";
import { checkAccount } from "./account";

const OS_IDS: Record<string, number> = { "ubuntu-24.04": 2284, "debian-12": 2136 };
const PROJECT = "fleet-soak";

const YAML = `name: ${PROJECT}
runtime: yaml
config:
  os: { type: string, default: ubuntu-24.04 }
  count: { type: integer, default: 3 }
  surge: { type: integer, default: 2 }
resources:
  fleet:
    type: hosting:index:Fleet
    properties:
      maxSurge: \${surge}
      defaults:
        plan: vc2-1c-1gb
        os: \${os}
      groups:
        - name: web
          regions: [ewr, fra]
          count: \${count}
`;

export type Op = "create" | "roll" | "count" | "destroy";

export interface KillResult {
  op: Op;
  members: number;
  delayMs: number;
  seconds: number;
  live: number;
  /** false when the command ended before the kill: no kill point. */
  killed: boolean;
  problems: string[];
  /** Shape B: live servers with no member tag at the instant of the kill, leaving out those earlier rounds left. */
  untaggedAtKill: number;
}

interface Fleet {
  exists: boolean;
  os: string;
  count: number;
}

export interface KillPlan {
  small: number;
  large: number;
  next: () => number;
}

const isMember = (s: { tags?: string[] }) => (s.tags ?? []).some((t) => t.startsWith("hosting-member:"));

/**
 * One kill point. `leftBefore`: the orphans earlier rounds left (a failure they already counted), kept
 * apart from this round's own; this round's orphans are added to it.
 */
async function round(world: World, project: PluginProject, stack: string, fleet: Fleet, op: Op, delayMs: number, surge: number, leftBefore: Set<string>): Promise<KillResult> {
  const started = Date.now();
  if (op === "roll") fleet.os = fleet.os === "ubuntu-24.04" ? "debian-12" : "ubuntu-24.04";
  await project.pulumi("config", "set", "os", fleet.os);
  await project.pulumi("config", "set", "count", String(fleet.count));
  await project.pulumi("config", "set", "surge", String(surge));
  const verb = op === "destroy" ? "destroy" : "up";
  const run = startKillable(project, stack, [verb, "--yes", "--skip-preview"]);
  const ended = await Promise.race([run.exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), delayMs))]);
  await run.kill();
  const atKill = await world.sim.liveServers();
  const untagged = new Set(atKill.filter((s) => !isMember(s) && !leftBefore.has(s.id)).map((s) => s.id as string));
  const problems: string[] = [];
  try {
    await releaseKilledRun(project, stack);
    await project.pulumi("refresh", "--clear-pending-creates", "--yes", "--skip-preview");
    await project.pulumi(verb, "--yes", "--skip-preview");
  } catch (e) {
    problems.push(`the recovery failed: ${String((e as Error).message).split("\n").slice(-6).join(" | ")}`);
  }
  fleet.exists = op !== "destroy";
  const check = await checkAccount(world, project, [`pulumi-stack:${PROJECT}/${stack}`, `hosting-fleet:${PROJECT}/${stack}/fleet`]);
  problems.push(...check.problems);
  const want = fleet.exists ? fleet.count * 2 : 0;
  const labels = new Set(check.live.map((s) => s.label));
  if (check.live.length !== want) problems.push(`${check.live.length} live servers, ${want} declared`);
  if (labels.size !== check.live.length) problems.push(`duplicate: ${check.live.length} servers for ${labels.size} member labels`);
  if (check.live.some((s) => s.os_id !== OS_IDS[fleet.os])) problems.push("a member on another OS");
  const unrecorded = check.live.filter((s) => !check.recorded.holders.has(s.id)).map((s) => s.id);
  const orphanedUntagged = unrecorded.filter((id) => untagged.has(id)).length;
  if (orphanedUntagged > 0) problems.push(`KNOWN WINDOW: ${orphanedUntagged} of this round's orphans carried no member tag at the kill (shape B's tag PATCH after the POST)`);
  const carried = unrecorded.filter((id) => leftBefore.has(id)).length;
  if (carried > 0) problems.push(`(${carried} of the orphans left by an earlier round: no recovery since recognised them)`);
  for (const id of unrecorded) leftBefore.add(id);
  return { op, members: fleet.count * 2, delayMs, seconds: (Date.now() - started) / 1000, live: check.live.length, killed: !ended, problems, untaggedAtKill: untagged.size };
}

function line(shape: string, n: number, r: KillResult): string {
  const verdict = r.problems.length === 0 ? "exact, 0 orphans, 0 duplicates, 0 missing" : r.problems.join("; ");
  const window = shape === "B" && r.untaggedAtKill > 0 ? ` [${r.untaggedAtKill} made by this round and untagged at the kill]` : "";
  return `shape ${shape} kill ${String(n).padStart(2)}: ${r.op.padEnd(7)} of ${String(r.members).padStart(3)} ${r.killed ? "killed after" : "ENDED before"} ${String(r.delayMs).padStart(6)} ms, ${r.seconds.toFixed(1).padStart(6)} s in all${window}: ${r.live} live, ${r.killed ? "" : "(no kill point) "}${verdict}`;
}

/** `plan.small` kill points on a small fleet, then `plan.large` kill points of 100 members (create, roll, alternately). */
export async function runKills(shape: "A" | "B", plan: KillPlan, log: (line: string) => void): Promise<KillResult[]> {
  const world = await startWorld(shape, { provisionMs: 3000, keys: [{ key: API_KEY, permission: "full", tier: "default" }] });
  const stack = `soak-${shape.toLowerCase()}`;
  const project = await createPluginProject(stack, YAML);
  const fleet: Fleet = { exists: false, os: "ubuntu-24.04", count: 3 };
  const results: KillResult[] = [];
  const left = new Set<string>();
  const killPoints = () => results.filter((r) => r.killed).length;
  try {
    await project.config({ "hosting:baseUrl": world.sim.url }, { "hosting:apiKey": API_KEY });
    // Rounds whose command ended before its kill are no kill point: another follows (at most twice the asked).
    for (let i = 0; killPoints() < plan.small && i < 2 * plan.small; i++) {
      // A fleet that exists can be rolled, resized or destroyed; one that does not is created.
      const op: Op = fleet.exists ? (["roll", "count", "destroy"] as const)[Math.floor(plan.next() * 3)] : "create";
      if (op === "count") fleet.count = fleet.count === 3 ? 1 : 3;
      // The engine takes 1 to 2 s to start; a create or a batch of a roll then takes 3 s.
      const delayMs = Math.round(800 + plan.next() * 6000);
      results.push(await round(world, project, stack, fleet, op, delayMs, 2, left));
      log(line(shape, results.length, results[results.length - 1]));
    }
    const small = killPoints();
    for (let i = 0; killPoints() - small < plan.large && i < 2 * plan.large; i++) {
      let op: Op;
      let delayMs: number;
      if ((killPoints() - small) % 2 === 0 || !fleet.exists) {
        // A create of 100 from nothing: what exists goes first (not a kill point).
        if (fleet.exists) await project.pulumi("destroy", "--yes", "--skip-preview");
        fleet.exists = false;
        fleet.count = 50;
        op = "create";
        // 100 POSTs within the burst, then (shape B) 100 tag PATCHes at 1 a second.
        delayMs = Math.round(1500 + plan.next() * (shape === "B" ? 60_000 : 12_000));
      } else {
        op = "roll";
        // 10 batches, each 10 POSTs and 10 DELETEs (and shape B's PATCHes) at 1 a second.
        delayMs = Math.round(2000 + plan.next() * (shape === "B" ? 200_000 : 150_000));
      }
      results.push(await round(world, project, stack, fleet, op, delayMs, 10, left));
      log(line(shape, results.length, results[results.length - 1]));
    }
  } finally {
    await project.pulumi("destroy", "--yes", "--skip-preview").catch(() => undefined);
    project.dispose();
    await world.close();
  }
  return results;
}
