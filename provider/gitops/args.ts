// The command line of hosting-gitops, parsed into a verb and GitopsOptions. Errors name the flag.
import { VERBS, type GitopsOptions, type Verb } from "./options";

export const USAGE =
  "usage: hosting-gitops <plan|apply|drift|cost> --stack <name> [--cwd <project dir>] [--summary <file.md>]\n" +
  "                      [--plan-file <file.json>] [--allow-replace] [--parallel <n>] [--lock-timeout <seconds>]\n" +
  "                      [--max-monthly-increase <amount>] [--cost-file <file.json>]\n" +
  "  exit codes: 0 nothing to flag, 2 flagged (a replace/delete not allowed, or drift),\n" +
  "              3 over budget (the monthly cost rises above --max-monthly-increase), 1 an error\n" +
  "  the API key and base URL come from HOSTING_API_KEY / HOSTING_BASE_URL or the stack config,\n" +
  "  the backend from PULUMI_BACKEND_URL, the secrets passphrase from PULUMI_CONFIG_PASSPHRASE";

const TEXT_FLAGS: Record<string, "stack" | "cwd" | "summaryFile" | "planFile" | "maxMonthlyIncrease" | "costFile"> = {
  "--stack": "stack",
  "--cwd": "cwd",
  "--summary": "summaryFile",
  "--plan-file": "planFile",
  "--max-monthly-increase": "maxMonthlyIncrease",
  "--cost-file": "costFile",
};
const NUMBER_FLAGS: Record<string, "parallel" | "lockTimeoutSeconds"> = {
  "--parallel": "parallel",
  "--lock-timeout": "lockTimeoutSeconds",
};

export function parseArgs(argv: string[]): { verb: Verb; options: GitopsOptions } {
  const [verb, ...rest] = argv;
  if (!VERBS.includes(verb as Verb)) throw new Error(`unknown command '${verb ?? ""}'\n${USAGE}`);
  const options: Partial<GitopsOptions> = {};
  for (let i = 0; i < rest.length; i++) {
    const [flag, inline] = rest[i].split(/=(.*)/s, 2);
    if (flag === "--allow-replace") {
      options.allowReplace = true;
      continue;
    }
    const textKey = TEXT_FLAGS[flag];
    const numberKey = NUMBER_FLAGS[flag];
    if (!textKey && !numberKey) throw new Error(`unknown option '${flag}'\n${USAGE}`);
    const value = inline ?? rest[++i];
    if (value === undefined || value === "") throw new Error(`${flag} needs a value\n${USAGE}`);
    if (numberKey) {
      const n = Number(value);
      if (!Number.isInteger(n) || n <= 0) throw new Error(`${flag} must be a whole number above 0, got '${value}'`);
      options[numberKey] = n;
    } else if (textKey) options[textKey] = value;
  }
  const stack = options.stack;
  if (!stack) throw new Error(`--stack is required\n${USAGE}`);
  return { verb: verb as Verb, options: { ...options, stack } };
}
