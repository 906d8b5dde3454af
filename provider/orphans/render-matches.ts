// The lines `hosting-orphans --stack` prints: one per match with the `adoptId` line to add,
// one per ambiguity with every candidate, one per unrecorded fleet server, one per killed fleet
// create with the `pulumi import` that keeps its servers, and count lines that tests and CI can read.
import type { Server } from "../api/wire/types";
import { fleetMemberOf } from "./find-orphans";
import { urnName } from "../core/urn";
import { FLEET_TAG_PREFIX } from "../server/system-tags";
import { importable, type KilledFleetCreate, type TaglessResult } from "./tagless";
import type { PlannedCreate } from "./planned-creates";

const what = (p: PlannedCreate) => `${p.stack}:${p.name} (label "${p.label}", ${p.region}, ${p.plan})`;
const server = (s: Server) => `${s.id} (${s.status}, created ${s.createdAt})`;

export function renderMatches(r: TaglessResult): string[] {
  const lines: string[] = [];
  for (const m of r.matches) {
    lines.push(`match ${m.server.id} for ${what(m.planned)}: ${m.server.status}, created ${m.server.createdAt}`);
    lines.push(`  adoptId: "${m.server.id}",  // add to new hosting.Server("${m.planned.name}", ...) of stack ${m.planned.stack}`);
  }
  for (const a of r.ambiguous) {
    const rivals = a.rivals.length > 0 ? `; the same servers also fit ${a.rivals.map((q) => `${q.stack}:${q.name}`).join(", ")}` : "";
    lines.push(`ambiguous ${what(a.planned)}: candidates ${a.servers.map(server).join(", ")}${rivals}; not guessed: give adoptId by hand, or delete what is not wanted`);
  }
  for (const p of r.unmatchable) lines.push(`unmatchable ${p.stack}:${p.name}: ${p.unmatchable}`);
  for (const s of r.fleetMembers) lines.push(`fleet-member ${s.id}: ${fleetMemberOf(s)}, ${s.status}, created ${s.createdAt}; in no state`);
  for (const k of r.killedCreates) lines.push(...killedCreateLines(k));
  const killed = r.killedCreates.reduce((n, k) => n + k.servers.length, 0);
  lines.push(
    `${r.fleetMembers.length} unrecorded fleet server(s); each fleet takes its tagged ones over on its next \`pulumi up\` (no POST) and deletes the untagged ones and those it no longer declares` +
      (killed > 0 ? `, but for the ${killed} of ${r.killedCreates.length} killed create(s) above, which it leaves alone` : ""),
  );
  lines.push(
    `${r.matches.length} match(es), ${r.ambiguous.length} ambiguous, ${r.unmatchable.length} unmatchable; ` +
      `${r.unclaimed.length} other server(s) that no named stack holds fit no planned create (not touched)`,
  );
  return lines;
}

/** What to do with a Fleet create killed after its last mark (killed-creates.ts). */
function killedCreateLines(k: KilledFleetCreate): string[] {
  const head = `killed-create ${k.instance}: ${k.servers.length} server(s) of fleet ${k.fleetTag.slice(FLEET_TAG_PREFIX.length)} (${k.stack}:${k.fleet.name}) mark their instance live and no named stack holds it: a create killed after its last mark, whose servers the Fleet's \`pulumi up\` leaves alone`;
  if (!importable(k)) {
    const why = k.fleet.created ? "hosting-orphans imports the plugin's Fleet only" : "the stack holds the Fleet (a replacement's create was killed, or an `up` ran since), so no import can take them";
    return [`${head}; ${why}: delete them before the up with --delete-killed-creates`];
  }
  const parent = k.fleet.parent ? ` --parent ${urnName(k.fleet.parent)}=${k.fleet.parent}` : "";
  return [`${head}; to keep them, before the up (or --adopt):`, `  pulumi import ${k.fleet.type} ${k.fleet.name} ${k.importId} --stack ${k.stack} --protect=false --yes${parent}`];
}
