// The command line of hosting-gitops, read into a verb and GitopsOptions. Errors name the flag.
import { booleanFlag, positiveIntegerFlag, readCommandLine, stringFlag, UsageError, type FlagValues } from "../../protocol/command-line";
import { commandSpec } from "../core/command";
import { VERBS, type GitopsOptions, type Verb } from "./options";

export const USAGE =
  "usage: hosting-gitops <plan|apply|drift|cost> --stack <name> [--cwd <project dir>] [--summary <file.md>]\n" +
  "                      [--plan-file <file.json>] [--allow-replace] [--parallel <n>] [--lock-timeout <seconds>]\n" +
  "                      [--max-monthly-increase <amount>] [--cost-file <file.json>] [--json]\n" +
  "  --json prints {verb, stack, exitCode, changes, cost} on stdout instead of the Markdown summary\n" +
  "  --help, -h prints this text; --version the package version\n" +
  "  exit codes: 0 nothing to flag, 2 flagged (a replace/delete not allowed, or drift) or a command line\n" +
  "              that cannot be read (stderr says which), 3 over budget (the monthly cost rises above\n" +
  "              --max-monthly-increase), 1 an error\n" +
  "  the API key and base URL come from HOSTING_API_KEY / HOSTING_BASE_URL or the stack config,\n" +
  "  the backend from PULUMI_BACKEND_URL, the secrets passphrase from PULUMI_CONFIG_PASSPHRASE";

export const GITOPS_COMMAND = commandSpec("hosting-gitops", USAGE, {
  stack: { type: "string" },
  cwd: { type: "string" },
  summary: { type: "string" },
  "plan-file": { type: "string" },
  "allow-replace": { type: "boolean" },
  parallel: { type: "string" },
  "lock-timeout": { type: "string" },
  "max-monthly-increase": { type: "string" },
  "cost-file": { type: "string" },
  json: { type: "boolean" },
}, true);

export interface GitopsArgs {
  verb: Verb;
  options: GitopsOptions;
  /** --json: the result as JSON on stdout. */
  json: boolean;
}

/** The verb and options of flags already read; a UsageError names what is wrong. */
export function gitopsArgs(values: FlagValues, positionals: string[]): GitopsArgs {
  const [verb, ...extra] = positionals;
  if (verb === undefined) throw new UsageError(`no command: give one of ${VERBS.join(", ")}`);
  if (!VERBS.includes(verb as Verb)) throw new UsageError(`unknown command '${verb}': give one of ${VERBS.join(", ")}`);
  if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}' after ${verb}`);
  const stack = stringFlag(values, "stack");
  if (!stack) throw new UsageError("--stack is required");
  const options: GitopsOptions = { stack };
  const text = { cwd: "cwd", summary: "summaryFile", "plan-file": "planFile", "max-monthly-increase": "maxMonthlyIncrease", "cost-file": "costFile" } as const;
  for (const [flag, key] of Object.entries(text)) {
    const v = stringFlag(values, flag);
    if (v === "") throw new UsageError(`--${flag} needs a value`);
    if (v !== undefined) options[key] = v;
  }
  if (booleanFlag(values, "allow-replace")) options.allowReplace = true;
  const parallel = positiveIntegerFlag(values, "parallel");
  if (parallel !== undefined) options.parallel = parallel;
  const lockTimeout = positiveIntegerFlag(values, "lock-timeout");
  if (lockTimeout !== undefined) options.lockTimeoutSeconds = lockTimeout;
  return { verb: verb as Verb, options, json: booleanFlag(values, "json") };
}

/** `argv` (without node and the script) read into a verb and options; for --help and --version use readCommandLine. */
export function parseArgs(argv: string[]): GitopsArgs {
  const line = readCommandLine(GITOPS_COMMAND, argv);
  if (line.done) throw new UsageError("--help and --version are answered by the command, not parsed into options");
  return gitopsArgs(line.values, line.positionals);
}
