// The options of one GitOps run, merged once with their defaults and the environment
// (the CLI in cli.ts and code that imports pulumi-hosting/gitops both come through here).
import * as path from "path";
import { SETTINGS } from "../core/settings";

export type Verb = "plan" | "apply" | "drift";
export const VERBS: readonly Verb[] = ["plan", "apply", "drift"];

/** Exit codes: 0 nothing to flag, 2 flagged (a replace/delete not allowed, or drift), 1 an error. */
export const EXIT = { clean: 0, error: 1, flagged: 2 } as const;

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
  /** Engine parallelism of apply. @default the number of resources, from 8 to 256 */
  parallel?: number;
  /** How long apply waits for another run's lock on the stack. @default 600 */
  lockTimeoutSeconds?: number;
  /** Pause between two tries to take the lock (jittered by half). @default 2000 */
  lockRetryMs?: number;
  /** Environment of the CLI and the provider. @default process.env */
  env?: NodeJS.ProcessEnv;
  /** Where the CLI's own output goes. @default process.stderr */
  log?: (text: string) => void;
}

export type ResolvedOptions = Required<Omit<GitopsOptions, "summaryFile" | "planFile" | "parallel">> &
  Pick<GitopsOptions, "summaryFile" | "planFile" | "parallel">;

const truthy = (v: string | undefined) => v !== undefined && /^(1|true|yes)$/i.test(v.trim());

export function resolveOptions(opts: GitopsOptions): ResolvedOptions {
  if (!opts.stack) throw new Error("no stack: pass --stack <name> (the Pulumi stack to plan, apply or check)");
  const env = opts.env ?? process.env;
  return {
    stack: opts.stack,
    cwd: path.resolve(opts.cwd ?? process.cwd()),
    summaryFile: opts.summaryFile,
    allowReplace: opts.allowReplace ?? truthy(env[SETTINGS.gitopsAllowReplace.env]),
    planFile: opts.planFile,
    parallel: opts.parallel,
    lockTimeoutSeconds: opts.lockTimeoutSeconds ?? 600,
    lockRetryMs: opts.lockRetryMs ?? 2000,
    env,
    log: opts.log ?? ((text) => process.stderr.write(text)),
  };
}
