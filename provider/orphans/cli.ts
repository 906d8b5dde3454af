#!/usr/bin/env node
// hosting-orphans: finds servers a crashed `pulumi up` created but never recorded.
//
// Tagless (any shape, no ownership tag needed): previews the stack(s) and matches the servers
// they would create against servers no named state holds (tagless-cli.ts):
//   hosting-orphans --stack <stack> [--stack <other>...] [--cwd <project dir>] [--adopt | --delete [--yes]]
//
// Tagged (servers that carry the stack's ownership tag): lists, and with --delete deletes,
// the tagged servers that are not in the exported state:
//   pulumi stack export --file state.json
//   HOSTING_API_KEY=... HOSTING_BASE_URL=... hosting-orphans --state state.json --tag pulumi-stack:proj/stack [--delete]
import * as fs from "fs";
import { getClient } from "../api";
import { fromEnv, KEY_FROM_ENV, SETTINGS } from "../core/settings";
import { deleteOrphans, findOrphans, serverIdsInState } from "./find-orphans";
import { runTagless } from "./tagless-cli";

const USAGE =
  "usage: hosting-orphans --stack <stack> [--stack <other>...] [--cwd <project dir>] [--adopt | --delete [--yes]]\n" +
  "   or: hosting-orphans --state <exported state.json> --tag pulumi-stack:<project>/<stack> [--delete]";

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

function flags(name: string): string[] {
  return process.argv.flatMap((a, i) => (a === name && i + 1 < process.argv.length ? [process.argv[i + 1]] : []));
}

async function tagged(stateFile: string, tag: string): Promise<void> {
  const apiKey = fromEnv(SETTINGS.apiKey, process.env);
  const baseUrl = fromEnv(SETTINGS.baseUrl, process.env);
  if (!apiKey || !baseUrl) throw new Error(`set ${SETTINGS.apiKey.env} and ${SETTINGS.baseUrl.env}`);
  const api = getClient({ apiKey, baseUrl, keySource: KEY_FROM_ENV });
  const orphans = await findOrphans(api, tag, serverIdsInState(JSON.parse(fs.readFileSync(stateFile, "utf8"))));
  for (const s of orphans) console.log(`orphan ${s.id} ${s.label} ${s.region} ${s.status} created ${s.createdAt}`);
  console.log(`${orphans.length} orphaned server(s) carry ${tag}`);
  if (orphans.length > 0 && process.argv.includes("--delete")) {
    const deleted = await deleteOrphans(api, orphans);
    console.log(`deleted ${deleted.length}: ${deleted.join(", ")}`);
  } else if (orphans.length > 0) {
    console.log("nothing deleted; run again with --delete to delete them");
  }
}

async function main(): Promise<void> {
  const stacks = flags("--stack");
  const stateFile = flag("--state");
  const tag = flag("--tag");
  if (stacks.length > 0) {
    await runTagless({
      stacks,
      cwd: flag("--cwd") ?? process.cwd(),
      adopt: process.argv.includes("--adopt"),
      delete: process.argv.includes("--delete"),
      yes: process.argv.includes("--yes"),
    });
  } else if (stateFile && tag) {
    await tagged(stateFile, tag);
  } else {
    throw new Error(USAGE);
  }
}

main().catch((err) => {
  console.error(`hosting-orphans: ${err?.message ?? err}`);
  process.exit(1);
});
