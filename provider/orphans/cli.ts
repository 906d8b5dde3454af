#!/usr/bin/env node
// hosting-orphans: lists (and with --delete, deletes) servers that carry a
// stack's ownership tag but are not in its state.
//
//   pulumi stack export --file state.json
//   HOSTING_API_KEY=... HOSTING_BASE_URL=... hosting-orphans --state state.json --tag pulumi-stack:proj/stack [--delete]
import * as fs from "fs";
import { getClient } from "../api";
import { fromEnv, KEY_FROM_ENV, SETTINGS } from "../core/settings";
import { deleteOrphans, findOrphans, serverIdsInState } from "./find-orphans";

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const stateFile = flag("--state");
  const tag = flag("--tag");
  const apiKey = fromEnv(SETTINGS.apiKey, process.env);
  const baseUrl = fromEnv(SETTINGS.baseUrl, process.env);
  if (!stateFile || !tag) throw new Error("usage: hosting-orphans --state <exported state.json> --tag pulumi-stack:<project>/<stack> [--delete]");
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

main().catch((err) => {
  console.error(`hosting-orphans: ${err?.message ?? err}`);
  process.exit(1);
});
