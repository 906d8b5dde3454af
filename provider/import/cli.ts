#!/usr/bin/env node
// hosting-import: writes the Pulumi program (and fleet.yaml entries) that adopt existing servers.
//
//   HOSTING_API_KEY=... HOSTING_BASE_URL=... hosting-import [--tag T] [--label-prefix P] [--region R]
//       [--program adopted.ts] [--fleet adopted-fleet.yaml] [--pulumi-import import.json]
// Without --program/--fleet/--pulumi-import the program goes to standard output. A Read key is
// enough. --pulumi-import writes a `pulumi import --file` document for the plugin face.
import * as fs from "fs";
import { createClient } from "../api";
import { cliSettings, KEY_FROM_ENV, processEnvironment, SETTINGS } from "../core/settings";
import { findServersToImport, type ImportFilter } from "./find-servers";
import { importEntry } from "./import-entry";
import { renderFleet, renderImportFile, renderProgram } from "./render";

const USAGE = "usage: hosting-import [--tag T] [--label-prefix P] [--region R] [--program FILE] [--fleet FILE] [--pulumi-import FILE]";

const VALUE_FLAGS = ["--tag", "--label-prefix", "--region", "--program", "--fleet", "--pulumi-import"];

/**
 * The flags given, each known and with its value. Anything else stops the run: a mistyped
 * filter (`--regoin ewr`) ignored would widen the selection to every server of the account.
 */
function parseFlags(args: string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const [name, value] = [args[i], args[i + 1]];
    if (!VALUE_FLAGS.includes(name)) throw new Error(`unknown argument "${name}"; ${USAGE}`);
    if (value === undefined || value.startsWith("--")) throw new Error(`${name} needs a value; ${USAGE}`);
    flags.set(name, value);
  }
  return flags;
}

async function main(env: NodeJS.ProcessEnv = processEnvironment()): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) return void console.log(USAGE);
  const flags = parseFlags(args);
  const filter: ImportFilter = { tag: flags.get("--tag"), labelPrefix: flags.get("--label-prefix"), region: flags.get("--region") };
  const programFile = flags.get("--program");
  const fleetFile = flags.get("--fleet");
  const importFile = flags.get("--pulumi-import");
  const { apiKey, baseUrl } = cliSettings(env);
  if (!apiKey || !baseUrl) throw new Error(`set ${SETTINGS.apiKey.env} and ${SETTINGS.baseUrl.env} (a Read key is enough)`);
  // One process, one client: the provider's shared clients (getClient) are not needed here.
  const api = createClient({ apiKey, baseUrl, keySource: KEY_FROM_ENV });
  const [servers, shape] = await Promise.all([findServersToImport(api, filter), api.shape]);
  const entries = servers.map((s) => importEntry(s, shape));
  const described = Object.entries(filter).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${v}`).join(", ") || "all servers";
  const program = renderProgram(entries, described);
  if (programFile) fs.writeFileSync(programFile, program);
  if (fleetFile) fs.writeFileSync(fleetFile, renderFleet(entries, described));
  if (importFile) fs.writeFileSync(importFile, renderImportFile(entries));
  if (!programFile && !fleetFile && !importFile) process.stdout.write(program);
  else {
    const wrote = [programFile && `program: ${programFile}`, fleetFile && `fleet entries: ${fleetFile}`, importFile && `pulumi import --file: ${importFile}`];
    console.log(`hosting-import: ${entries.length} server(s) (${described}); ${wrote.filter(Boolean).join("; ")}`);
  }
}

main().catch((err) => {
  console.error(`hosting-import: ${err?.message ?? err}`);
  process.exit(1);
});
