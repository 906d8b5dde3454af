// What the provider's command-line tools (hosting-gitops, hosting-orphans, hosting-import,
// pulumi-resource-hosting) share beyond the conventions of protocol/command-line.ts: the
// version they print (this package's, read where the standalone plugin's bundle can replace it),
// how a tool ends (exit 1 after an error, 2 after a command line it cannot read), and the
// client of a tool that takes its settings from the environment alone.
import { packageVersion } from "../api/wire/package-files";
import type { HostingClient } from "../api/client";
import { commandLine, EXIT_USAGE, UsageError, usageErrorText, type CommandSpec, type FlagSpec, type FlagValues } from "../../protocol/command-line";
import { clientFromSettings } from "./client-factory";
import type { Logger } from "./context";
import { cliSettings, resolveSettings, SETTINGS } from "./settings";

/** Exit code of a run that failed (settings, the API, a file). */
export const EXIT_ERROR = 1;

/** The spec of one of the provider's commands, answering --version with this package's version. */
export function commandSpec(name: string, usage: string, flags: Record<string, FlagSpec>, positionals = false): CommandSpec {
  return { name, usage, flags, positionals, version: packageVersion };
}

/**
 * Runs a tool: reads its command line (--help, --version, exit 2 on what it cannot read), then
 * `run`, whose resolved number is the exit code (0 when it resolves nothing). An error ends the
 * tool with 1 and one line on stderr; a UsageError thrown by `run` (a value it refuses) with 2.
 */
export function runCommand(
  spec: CommandSpec,
  run: (values: FlagValues, positionals: string[]) => Promise<number | void>,
  argv: string[] = process.argv.slice(2),
): void {
  const line = commandLine(spec, argv);
  if (line.exit !== undefined) {
    process.exitCode = line.exit;
    return;
  }
  run(line.values, line.positionals).then(
    (code) => {
      process.exitCode = code ?? 0;
    },
    (err: unknown) => {
      // A failed run may leave requests or timers behind: it ends here, as it always has.
      if (err instanceof UsageError) {
        process.stderr.write(usageErrorText(spec.name, err));
        process.exit(EXIT_USAGE);
      }
      process.stderr.write(`${spec.name}: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(EXIT_ERROR);
    },
  );
}

/** The logger of a tool: the client's warnings, one line each on stderr under the tool's name. */
export function toolLogger(name: string): Logger {
  return { warn: (m) => void process.stderr.write(`${name}: ${m}\n`) };
}

/**
 * The client of a tool whose settings come from the environment alone (HOSTING_API_KEY,
 * HOSTING_BASE_URL, HOSTING_API_SHAPE, HOSTING_RATE_LIMIT_REDIS), made as the provider makes its own.
 */
export function environmentClient(env: NodeJS.ProcessEnv, name: string, hint = ""): HostingClient {
  const { apiKey, baseUrl } = cliSettings(env);
  if (!apiKey || !baseUrl) throw new Error(`set ${SETTINGS.apiKey.env} and ${SETTINGS.baseUrl.env}${hint}`);
  return clientFromSettings(resolveSettings({}, env), { env, log: toolLogger(name) });
}
