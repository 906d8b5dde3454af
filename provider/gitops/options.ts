// The options of one GitOps run, merged once with their defaults and the environment
// (the CLI in cli.ts and code that imports pulumi-hosting/gitops both come through here).
import * as path from "path";
import { processEnvironment, SETTINGS } from "../core/settings";
import type { BudgetLimit } from "./pricing/gate";
import { parseAmount } from "./pricing/money";

export type Verb = "plan" | "apply" | "drift" | "cost";
export const VERBS: readonly Verb[] = ["plan", "apply", "drift", "cost"];

/**
 * Exit codes: 0 nothing to flag, 2 flagged (a replace/delete not allowed, or drift), 3 over budget
 * (plan, cost: the monthly cost rises by more than --max-monthly-increase; wins over 2), 1 an error.
 */
export const EXIT = { clean: 0, error: 1, flagged: 2, overBudget: 3 } as const;

export interface GitopsOptions {
  /** Stack name, e.g. "production". Required. */
  stack: string;
  /** The Pulumi project directory (holds Pulumi.yaml). @default process.cwd() */
  cwd?: string;
  /** Markdown summary written here as well as to $GITHUB_STEP_SUMMARY when that is set. @default none */
  summaryFile?: string;
  /**
   * plan: a replace or delete does not flag the run. apply: replaces and deletes may run without a
   * reviewed plan file. @default env HOSTING_GITOPS_ALLOW_REPLACE is "1"/"true", else false
   */
  allowReplace?: boolean;
  /**
   * plan writes the replaces and deletes it showed here (JSON); apply refuses any replace or
   * delete that is not listed in it. @default none
   */
  planFile?: string;
  /** plan, cost: the cost (JSON, as cost tools read it) is written here. @default none */
  costFile?: string;
  /**
   * plan, cost: the largest allowed rise of the monthly cost, a decimal amount ("50", "12.50");
   * a plan whose cost rises by more exits 3. @default env HOSTING_GITOPS_MAX_MONTHLY_INCREASE, else no limit
   */
  maxMonthlyIncrease?: string;
  /** Engine parallelism of apply. @default the number of resources, from 8 to 256 */
  parallel?: number;
  /** How long apply waits for another run's lock on the stack. @default 600 */
  lockTimeoutSeconds?: number;
  /** Pause between two tries to take the lock (jittered by half). @default 2000 */
  lockRetryMs?: number;
  /** Environment of the CLI and the provider. @default this process's environment (processEnvironment) */
  env?: NodeJS.ProcessEnv;
  /** Where the CLI's own output goes. @default process.stderr */
  log?: (text: string) => void;
}

type Optional = "summaryFile" | "planFile" | "parallel" | "costFile";
export type ResolvedOptions = Required<Omit<GitopsOptions, Optional | "maxMonthlyIncrease">> &
  Pick<GitopsOptions, Optional> & { budget?: BudgetLimit };

const truthy = (v: string | undefined) => v !== undefined && /^(1|true|yes)$/i.test(v.trim());

export function resolveOptions(opts: GitopsOptions): ResolvedOptions {
  if (!opts.stack) throw new Error("no stack: pass --stack <name> (the Pulumi stack to plan, apply or check)");
  const env = opts.env ?? processEnvironment();
  return {
    stack: opts.stack,
    cwd: path.resolve(opts.cwd ?? process.cwd()),
    summaryFile: opts.summaryFile,
    allowReplace: opts.allowReplace ?? truthy(env[SETTINGS.gitopsAllowReplace.env]),
    planFile: opts.planFile,
    costFile: opts.costFile,
    budget: budgetOf(opts.maxMonthlyIncrease, env),
    parallel: opts.parallel,
    lockTimeoutSeconds: opts.lockTimeoutSeconds ?? 600,
    lockRetryMs: opts.lockRetryMs ?? 2000,
    env,
    log: opts.log ?? ((text) => process.stderr.write(text)),
  };
}

/** The budget from --max-monthly-increase, else from its environment variable; a bad amount names where it came from. */
function budgetOf(flag: string | undefined, env: NodeJS.ProcessEnv): BudgetLimit | undefined {
  const name = SETTINGS.gitopsMaxMonthlyIncrease.env;
  const fromEnv = env[name]?.trim() ? env[name] : undefined;
  const value = flag ?? fromEnv;
  if (value === undefined) return undefined;
  const source = flag !== undefined ? "--max-monthly-increase" : name;
  const amount = parseAmount(value);
  if (amount === undefined || amount < 0) {
    throw new Error(`${source} is '${value}': give the largest allowed rise of the monthly cost as an amount of 0 or more, such as 50 or 12.50`);
  }
  return { amount, source };
}
