// The command line of hosting-orphans, read into one of its two modes: by stack (tagless:
// previews each stack and matches what it would create) or by exported state and tag.
import { booleanFlag, stringFlag, stringFlags, UsageError, type FlagValues } from "../../protocol/command-line";
import { commandSpec } from "../core/command";

export const USAGE = `usage: hosting-orphans --stack <stack> [--stack <other>...] [--cwd <project dir>] [--adopt] [--delete | --delete-killed-creates] [--yes] [--json]
   or: hosting-orphans --state <exported state.json> --tag pulumi-stack:<project>/<stack> [--tag hosting-fleet:<project>/<stack>/<fleet>...] [--adopt | --delete] [--json]
  Finds servers a crashed \`pulumi up\` created but never recorded.
  --stack S       preview stack S (repeatable) and match the servers it would create against servers no named state holds
  --cwd DIR       the Pulumi project directory of --stack (default: the current directory)
  --state FILE    a \`pulumi stack export\` file: list the servers carrying a --tag that it does not hold
  --tag T         an ownership tag to search (repeatable); the state's fleets are searched by their own tags too
  --adopt         --stack: record the matches in each stack's hosting:adopt config, and import each killed Fleet create it names; --state: leave fleet servers to their fleet
  --delete        delete what was found (--stack asks first unless --yes)
  --delete-killed-creates  --stack: delete only the servers of the killed Fleet creates it names that no import can take (asks first unless --yes)
  --yes           --delete without asking (CI)
  --json          print the result as one JSON document on stdout (the lines for people go to stderr)
  --help, -h      this text;  --version  the package version
  The API key and base URL come from HOSTING_API_KEY and HOSTING_BASE_URL (with --stack, else from the first stack's config).
  exit codes: 0 done (whether or not orphans were found), 1 an error, 2 a command line that cannot be read`;

export const ORPHANS_COMMAND = commandSpec("hosting-orphans", USAGE, {
  stack: { type: "string", multiple: true },
  cwd: { type: "string" },
  state: { type: "string" },
  tag: { type: "string", multiple: true },
  adopt: { type: "boolean" },
  delete: { type: "boolean" },
  "delete-killed-creates": { type: "boolean" },
  yes: { type: "boolean" },
  json: { type: "boolean" },
});

export type OrphansArgs =
  | { mode: "stacks"; stacks: string[]; cwd: string; adopt: boolean; delete: boolean; deleteKilledCreates: boolean; yes: boolean; json: boolean }
  | { mode: "state"; stateFile: string; tags: string[]; adopt: boolean; delete: boolean; json: boolean };

/** The mode and its arguments; a UsageError when the flags name neither mode, or mix them. */
export function orphansArgs(values: FlagValues, cwd: string): OrphansArgs {
  const stacks = stringFlags(values, "stack");
  const stateFile = stringFlag(values, "state");
  const tags = stringFlags(values, "tag");
  const adopt = booleanFlag(values, "adopt");
  const del = booleanFlag(values, "delete");
  const json = booleanFlag(values, "json");
  const deleteKilledCreates = booleanFlag(values, "delete-killed-creates");
  if (adopt && del) throw new UsageError("give --adopt or --delete, not both");
  if (del && deleteKilledCreates) throw new UsageError("give --delete or --delete-killed-creates, not both: --delete deletes the killed creates' servers too");
  if (stacks.length > 0) {
    if (stateFile !== undefined || tags.length > 0) throw new UsageError("give --stack, or --state with --tag, not both");
    return { mode: "stacks", stacks, cwd: stringFlag(values, "cwd") ?? cwd, adopt, delete: del, deleteKilledCreates, yes: booleanFlag(values, "yes"), json };
  }
  if (deleteKilledCreates) throw new UsageError("--delete-killed-creates needs --stack");
  if (stateFile !== undefined && tags.length > 0) return { mode: "state", stateFile, tags, adopt, delete: del, json };
  if (stateFile !== undefined) throw new UsageError("--state needs at least one --tag");
  if (tags.length > 0) throw new UsageError("--tag needs --state");
  throw new UsageError("give --stack <stack>, or --state <file> with --tag <tag>");
}
