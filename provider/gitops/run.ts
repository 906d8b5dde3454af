// One entry for the verbs: runs it, and on an error publishes a summary that says so
// (a failed job's page then shows why), and returns exit code 1.
import { apply } from "./apply";
import { cost } from "./cost";
import { drift } from "./drift";
import { EXIT, resolveOptions, type GitopsOptions, type Verb } from "./options";
import type { GitopsResult } from "./result";
import { plan } from "./plan";
import { publish } from "./publish";

const VERB_FNS = { plan, apply, drift, cost };

/**
 * Runs `verb`; resolves to the process exit code (0, 2, 3, or 1 after an error, which is logged).
 * The result goes to stdout: the Markdown summary, or with `format` "json" one JSON document
 * (`{verb, stack, exitCode, changes, cost}`, or `{verb, stack, exitCode: 1, error}`) for a pipeline.
 */
export async function runGitops(verb: Verb, options: GitopsOptions, format: "markdown" | "json" = "markdown"): Promise<number> {
  const stdout = (t: string) => void process.stdout.write(t);
  try {
    const result = await VERB_FNS[verb](options);
    if (format === "json") {
      stdout(`${JSON.stringify(resultJson(verb, options.stack, result), null, 2)}\n`);
    } else {
      (options.log ?? stdout)(`\n${result.markdown}\n`);
    }
    return result.exitCode;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const log = options.log ?? ((t: string) => process.stderr.write(t));
    log(`hosting-gitops ${verb}: ${message}\n`);
    if (format === "json") stdout(`${JSON.stringify({ verb, stack: options.stack, exitCode: EXIT.error, error: message }, null, 2)}\n`);
    try {
      const o = resolveOptions(options);
      publish(`### hosting-gitops ${verb}: stack \`${o.stack}\`: **failed**\n\n\`\`\`\n${message.slice(-4000)}\n\`\`\`\n`, o);
    } catch {
      // no stack given: the message above says so
    }
    return EXIT.error;
  }
}

/**
 * What --json prints of a verb's result: its exit code, the changes without the old outputs (the
 * Markdown's business, and large), and the cost (plan, cost) or null.
 */
export function resultJson(verb: Verb, stack: string, result: GitopsResult): Record<string, unknown> {
  const changes = result.changes.map(({ oldOutputs: _lost, ...change }) => change);
  return { verb, stack, exitCode: result.exitCode, changes, cost: result.cost ?? null };
}
