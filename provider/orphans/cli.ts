#!/usr/bin/env node
// hosting-orphans: finds servers a crashed `pulumi up` created but never recorded.
//
// Tagless (any shape, no ownership tag needed): previews the stack(s) and matches the servers
// they would create against servers no named state holds (tagless-cli.ts):
//   hosting-orphans --stack <stack> [--stack <other>...] [--cwd <project dir>] [--adopt | --delete [--yes]]
//
// Tagged (servers that carry the stack's ownership tag, or a fleet's tag): lists, and with
// --delete deletes, the tagged servers that are not in the exported state; the state's fleets
// are searched by their own tags too, and `--adopt` leaves a fleet's servers to that fleet:
//   pulumi stack export --file state.json
//   HOSTING_API_KEY=... HOSTING_BASE_URL=... hosting-orphans --state state.json --tag pulumi-stack:proj/stack [--delete]
import * as fs from "fs";
import { createClient } from "../api";
import { cliSettings, KEY_FROM_ENV, processEnvironment, SETTINGS } from "../core/settings";
import { deleteOrphans, findOrphans, fleetMemberOf } from "./find-orphans";
import { serversInState } from "./state-servers";
import { runTagless } from "./tagless-cli";

const USAGE =
  "usage: hosting-orphans --stack <stack> [--stack <other>...] [--cwd <project dir>] [--adopt | --delete [--yes]]\n" +
  "   or: hosting-orphans --state <exported state.json> --tag pulumi-stack:<project>/<stack> [--tag hosting-fleet:<project>/<stack>/<fleet>...] [--adopt | --delete]";

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

function flags(name: string): string[] {
  return process.argv.flatMap((a, i) => (a === name && i + 1 < process.argv.length ? [process.argv[i + 1]] : []));
}

async function tagged(stateFile: string, given: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const { apiKey, baseUrl } = cliSettings(env);
  if (!apiKey || !baseUrl) throw new Error(`set ${SETTINGS.apiKey.env} and ${SETTINGS.baseUrl.env}`);
  // One process, one client: the provider's shared clients (getClient) are not needed here.
  const api = createClient({ apiKey, baseUrl, keySource: KEY_FROM_ENV });
  const state = serversInState(JSON.parse(fs.readFileSync(stateFile, "utf8")));
  // The fleets of the state are searched by their own tags too (shape B's members carry no ownership tag by default).
  const tags = [...new Set([...given, ...state.fleetTags])];
  const orphans = await findOrphans(api, tags, state.ids);
  for (const s of orphans) {
    const fleet = fleetMemberOf(s);
    console.log(`orphan ${s.id} ${s.label} ${s.region} ${s.status} created ${s.createdAt}${fleet ? ` (${fleet})` : ""}`);
  }
  console.log(`${orphans.length} orphaned server(s) carry ${tags.join(" or ")}`);
  if (process.argv.includes("--adopt")) {
    const loose = orphans.filter((s) => !fleetMemberOf(s));
    if (loose.length > 0) throw new Error(`--adopt with --state takes over fleet servers only; for ${loose.map((s) => s.id).join(", ")} use \`hosting-orphans --stack <stack> --adopt\` or adoptId`);
    console.log(orphans.length > 0 ? `nothing to record: each fleet takes its ${orphans.length} server(s) over on its next \`pulumi up\` (no POST), and deletes the ones it no longer declares` : "nothing to adopt");
    return;
  }
  if (orphans.length > 0 && process.argv.includes("--delete")) {
    const deleted = await deleteOrphans(api, orphans);
    console.log(`deleted ${deleted.length}: ${deleted.join(", ")}`);
  } else if (orphans.length > 0) {
    console.log("nothing deleted; run again with --delete to delete them");
  }
}

async function main(env: NodeJS.ProcessEnv = processEnvironment()): Promise<void> {
  const stacks = flags("--stack");
  const stateFile = flag("--state");
  const tag = flags("--tag");
  if (stacks.length > 0) {
    await runTagless({
      stacks,
      cwd: flag("--cwd") ?? process.cwd(),
      adopt: process.argv.includes("--adopt"),
      delete: process.argv.includes("--delete"),
      yes: process.argv.includes("--yes"),
    }, env);
  } else if (stateFile && tag.length > 0) {
    await tagged(stateFile, tag, env);
  } else {
    throw new Error(USAGE);
  }
}

main().catch((err) => {
  console.error(`hosting-orphans: ${err?.message ?? err}`);
  process.exit(1);
});
