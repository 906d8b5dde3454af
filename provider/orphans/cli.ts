#!/usr/bin/env node
// hosting-orphans: finds servers a crashed `pulumi up` created but never recorded.
//
// Tagless (any shape, no ownership tag needed): previews the stack(s) and matches the servers
// they would create against servers no named state holds (tagless-cli.ts).
//
// Tagged (servers that carry the stack's ownership tag, or a fleet's tag): lists, and with
// --delete deletes, the tagged servers that are not in the exported state; the state's fleets
// are searched by their own tags too, and `--adopt` leaves a fleet's servers to that fleet.
// The command line and its exit codes: args.ts (`hosting-orphans --help`).
import * as fs from "fs";
import { environmentClient, runCommand } from "../core/command";
import { processEnvironment } from "../core/settings";
import { ORPHANS_COMMAND, orphansArgs } from "./args";
import { deleteOrphans, findOrphans, fleetMemberOf } from "./find-orphans";
import { orphanJson, orphansOutput, type OrphansOutput } from "./output";
import { serversInState } from "./state-servers";
import { runTagless } from "./tagless-cli";

async function tagged(args: { stateFile: string; tags: string[]; adopt: boolean; delete: boolean }, env: NodeJS.ProcessEnv, out: OrphansOutput): Promise<void> {
  const api = environmentClient(env, ORPHANS_COMMAND.name);
  const state = serversInState(JSON.parse(fs.readFileSync(args.stateFile, "utf8")));
  // The fleets of the state are searched by their own tags too (shape B's members carry no ownership tag by default).
  const tags = [...new Set([...args.tags, ...state.fleetTags])];
  const orphans = await findOrphans(api, tags, state.ids, state.fleetInstances);
  out.result.tags = tags;
  out.result.orphans = orphans.map(orphanJson);
  for (const s of orphans) {
    const fleet = fleetMemberOf(s);
    out.say(`orphan ${s.id} ${s.label} ${s.region} ${s.status} created ${s.createdAt}${fleet ? ` (${fleet})` : ""}`);
  }
  out.say(`${orphans.length} orphaned server(s) carry ${tags.join(" or ")}`);
  if (args.adopt) {
    const loose = orphans.filter((s) => !fleetMemberOf(s));
    if (loose.length > 0) throw new Error(`--adopt with --state takes over fleet servers only; for ${loose.map((s) => s.id).join(", ")} use \`hosting-orphans --stack <stack> --adopt\` or adoptId`);
    out.say(orphans.length > 0 ? `nothing to record: each fleet takes its ${orphans.length} server(s) over on its next \`pulumi up\` (no POST), and deletes the ones it no longer declares` : "nothing to adopt");
    return;
  }
  if (orphans.length > 0 && args.delete) {
    const deleted = await deleteOrphans(api, orphans);
    out.result.deleted = deleted;
    out.say(`deleted ${deleted.length}: ${deleted.join(", ")}`);
  } else if (orphans.length > 0) {
    out.say("nothing deleted; run again with --delete to delete them");
  }
}

runCommand(ORPHANS_COMMAND, async (values) => {
  const env = processEnvironment();
  const args = orphansArgs(values, process.cwd());
  const out = orphansOutput(args.mode, args.json);
  if (args.mode === "stacks") await runTagless(args, env, out);
  else await tagged(args, env, out);
  out.finish();
});
