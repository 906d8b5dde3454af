// One entry for the verbs: runs it, and on an error publishes a summary that says so
// (a failed job's page then shows why), and returns exit code 1.
import { apply } from "./apply";
import { cost } from "./cost";
import { drift } from "./drift";
import { EXIT, resolveOptions, type GitopsOptions, type Verb } from "./options";
import { plan } from "./plan";
import { publish } from "./publish";

const VERB_FNS = { plan, apply, drift, cost };

/** Runs `verb`; resolves to the process exit code (0, 2, 3, or 1 after an error, which is logged). */
export async function runGitops(verb: Verb, options: GitopsOptions): Promise<number> {
  try {
    const result = await VERB_FNS[verb](options);
    (options.log ?? ((t: string) => process.stdout.write(t)))(`\n${result.markdown}\n`);
    return result.exitCode;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const log = options.log ?? ((t: string) => process.stderr.write(t));
    log(`hosting-gitops ${verb}: ${message}\n`);
    try {
      const o = resolveOptions(options);
      publish(`### hosting-gitops ${verb}: stack \`${o.stack}\`: **failed**\n\n\`\`\`\n${message.slice(-4000)}\n\`\`\`\n`, o);
    } catch {
      // no stack given: the message above says so
    }
    return EXIT.error;
  }
}
