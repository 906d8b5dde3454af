#!/usr/bin/env node
// hosting-import: writes the Pulumi program (and fleet.yaml entries) that adopt existing servers.
// The command line and its exit codes: args.ts (`hosting-import --help`).
import * as fs from "fs";
import { environmentClient, runCommand } from "../core/command";
import { processEnvironment } from "../core/settings";
import type { FlagValues } from "../../protocol/command-line";
import { importArgs, IMPORT_COMMAND } from "./args";
import { findServersToImport } from "./find-servers";
import { importEntry } from "./import-entry";
import { renderFleet, renderImportFile, renderProgram } from "./render";

async function main(values: FlagValues, env: NodeJS.ProcessEnv = processEnvironment()): Promise<void> {
  const { filter, programFile, fleetFile, importFile, json } = importArgs(values);
  const api = environmentClient(env, IMPORT_COMMAND.name, " (a Read key is enough)");
  const [servers, shape] = await Promise.all([findServersToImport(api, filter), api.shape]);
  const entries = servers.map((s) => importEntry(s, shape));
  const described = Object.entries(filter).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${v}`).join(", ") || "all servers";
  const program = renderProgram(entries, described);
  if (programFile) fs.writeFileSync(programFile, program);
  if (fleetFile) fs.writeFileSync(fleetFile, renderFleet(entries, described));
  if (importFile) fs.writeFileSync(importFile, renderImportFile(entries));
  const wrote = { program: programFile, fleet: fleetFile, pulumiImport: importFile };
  if (json) {
    process.stdout.write(`${JSON.stringify({ selection: filter, shape, servers: entries, wrote }, null, 2)}\n`);
  } else if (!programFile && !fleetFile && !importFile) {
    process.stdout.write(program);
  } else {
    const lines = [programFile && `program: ${programFile}`, fleetFile && `fleet entries: ${fleetFile}`, importFile && `pulumi import --file: ${importFile}`];
    console.log(`hosting-import: ${entries.length} server(s) (${described}); ${lines.filter(Boolean).join("; ")}`);
  }
}

runCommand(IMPORT_COMMAND, (values) => main(values));
