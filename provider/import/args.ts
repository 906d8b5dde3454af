// The command line of hosting-import, read into ImportArgs. A mistyped filter (`--regoin ewr`)
// stops the run with exit 2: ignored, it would widen the selection to every server of the account.
import { commandSpec } from "../core/command";
import { booleanFlag, stringFlag, type FlagValues } from "../../protocol/command-line";
import type { ImportFilter } from "./find-servers";

export const USAGE = `usage: hosting-import [--tag T] [--label-prefix P] [--region R] [--program FILE] [--fleet FILE] [--pulumi-import FILE] [--json]
  Writes the Pulumi program (and fleet.yaml entries) that adopt existing servers; a Read key is enough.
  --tag T               only servers carrying tag T
  --label-prefix P      only servers whose label starts with P
  --region R            only servers in region R
  --program FILE        write the TypeScript program to FILE
  --fleet FILE          write fleet.yaml \`adopt:\` entries to FILE
  --pulumi-import FILE  write a \`pulumi import --file\` document (the plugin face) to FILE
  --json                print {selection, shape, servers, wrote} as JSON on stdout instead of the program
  --help, -h            this text;  --version  the package version
  Without --program, --fleet, --pulumi-import or --json the program goes to stdout.
  The API key and base URL come from HOSTING_API_KEY and HOSTING_BASE_URL (HOSTING_API_SHAPE,
  HOSTING_RATE_LIMIT_REDIS are honoured as by the provider).
  exit codes: 0 done, 1 an error (settings, the API, a file), 2 a command line that cannot be read`;

export const IMPORT_COMMAND = commandSpec("hosting-import", USAGE, {
  tag: { type: "string" },
  "label-prefix": { type: "string" },
  region: { type: "string" },
  program: { type: "string" },
  fleet: { type: "string" },
  "pulumi-import": { type: "string" },
  json: { type: "boolean" },
});

export interface ImportArgs {
  filter: ImportFilter;
  programFile?: string;
  fleetFile?: string;
  importFile?: string;
  json: boolean;
}

export function importArgs(values: FlagValues): ImportArgs {
  return {
    filter: { tag: stringFlag(values, "tag"), labelPrefix: stringFlag(values, "label-prefix"), region: stringFlag(values, "region") },
    programFile: stringFlag(values, "program"),
    fleetFile: stringFlag(values, "fleet"),
    importFile: stringFlag(values, "pulumi-import"),
    json: booleanFlag(values, "json"),
  };
}
