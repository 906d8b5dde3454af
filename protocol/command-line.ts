// The conventions every command of this package follows (hosting-gitops, hosting-orphans,
// hosting-import, hosting-simulator, pulumi-resource-hosting), on Node's own `util.parseArgs`:
// `--help`/`-h` prints the usage on stdout and exits 0, `--version` prints the package version
// and exits 0, and a command line that cannot be read (an unknown flag, a flag without its
// value, a bad value) exits 2 with one line on stderr naming the flag. It sits in protocol/, the
// ground the simulator and the provider both stand on, because the simulator never imports the
// provider. Parsing is pure (`readCommandLine`); `commandLine` adds the process's side.
import { parseArgs } from "util";

/** A command line that cannot be read; the tool exits with EXIT_USAGE. */
export class UsageError extends Error {}

/** Exit code of a command line that cannot be read (an unknown flag, a missing or bad value). */
export const EXIT_USAGE = 2;

/** One flag as `util.parseArgs` takes it. */
export interface FlagSpec {
  type: "string" | "boolean";
  multiple?: boolean;
  short?: string;
}

export interface CommandSpec {
  /** The command's name, the first word of every message, e.g. "hosting-import". */
  name: string;
  /** The --help text: usage, flags and exit codes. */
  usage: string;
  /** The command's own flags (not --help, --version). */
  flags: Record<string, FlagSpec>;
  /** Whether bare words are taken (a verb, an address). @default false */
  positionals?: boolean;
  /** This package's version, read only when --version is asked. */
  version: () => string;
}

export type FlagValues = Record<string, string | boolean | string[] | boolean[] | undefined>;

/** What a command line asks: to print and exit 0 (--help, --version), or to run with these values. */
export type CommandLine =
  | { done: true; stdout: string }
  | { done: false; values: FlagValues; positionals: string[] };

const HELP = ["--help", "-h"];

/**
 * Reads `argv` (without node and the script). --help wins over anything else on the line, so
 * `tool --bogus --help` still shows the usage; --version next. Throws UsageError otherwise.
 */
export function readCommandLine(spec: CommandSpec, argv: string[]): CommandLine {
  const beforeDashes = argv.indexOf("--") < 0 ? argv : argv.slice(0, argv.indexOf("--"));
  if (beforeDashes.some((a) => HELP.includes(a))) return { done: true, stdout: `${spec.usage}\n` };
  let parsed: { values: FlagValues; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...spec.flags, help: { type: "boolean", short: "h" }, version: { type: "boolean" } },
      allowPositionals: spec.positionals ?? false,
      strict: true,
    }) as { values: FlagValues; positionals: string[] };
  } catch (e) {
    throw new UsageError(usageMessage(e));
  }
  if (parsed.values.version) return { done: true, stdout: `${spec.version()}\n` };
  delete parsed.values.help;
  delete parsed.values.version;
  return { done: false, values: parsed.values, positionals: parsed.positionals };
}

/** util.parseArgs's error in this package's words: the flag first, then what is wrong with it. */
function usageMessage(e: unknown): string {
  const err = e as { code?: string; message?: string };
  const message = err.message ?? String(e);
  const quoted = /'([^']+)'/.exec(message)?.[1] ?? "";
  switch (err.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown flag ${quoted}`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `unexpected argument ${quoted}: this command takes flags only`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE": {
      const flag = quoted.split(" ")[0];
      if (/argument missing/.test(message)) return `${flag} needs a value`;
      if (/does not take an argument/.test(message)) return `${flag} takes no value`;
      // "argument is ambiguous": the next word is another flag, so this one has no value.
      return `${flag} needs a value (to give one that starts with a dash, write ${flag}=<value>)`;
    }
    default:
      return message;
  }
}

/** `values[name]` as one string, or undefined; for a flag declared `type: "string"`. */
export function stringFlag(values: FlagValues, name: string): string | undefined {
  const v = values[name];
  return typeof v === "string" ? v : undefined;
}

/** `values[name]` as a list of strings, for a flag declared `multiple: true`. */
export function stringFlags(values: FlagValues, name: string): string[] {
  const v = values[name];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}

/** Whether a boolean flag was given. */
export function booleanFlag(values: FlagValues, name: string): boolean {
  return values[name] === true;
}

/** A whole number above 0 from a flag, or a UsageError naming the flag and the value. */
export function positiveIntegerFlag(values: FlagValues, name: string): number | undefined {
  const v = stringFlag(values, name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (v.trim() === "" || !Number.isInteger(n) || n <= 0) throw new UsageError(`--${name} must be a whole number above 0, got '${v}'`);
  return n;
}

/** The process's side of a command: where it writes and how it ends. */
export interface CommandIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

const PROCESS_IO: CommandIo = {
  stdout: (t) => void process.stdout.write(t),
  stderr: (t) => void process.stderr.write(t),
};

/**
 * Reads the command line of this process for `spec`: prints and returns an exit code when the
 * command is done (0 after --help or --version, EXIT_USAGE after a UsageError, the message on
 * stderr with a pointer to --help), else the values to run with.
 */
export function commandLine(spec: CommandSpec, argv: string[] = process.argv.slice(2), io: CommandIo = PROCESS_IO):
  { exit: number } | { exit?: undefined; values: FlagValues; positionals: string[] } {
  try {
    const line = readCommandLine(spec, argv);
    if (line.done) {
      io.stdout(line.stdout);
      return { exit: 0 };
    }
    return { values: line.values, positionals: line.positionals };
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr(usageErrorText(spec.name, e));
    return { exit: EXIT_USAGE };
  }
}

/** How a UsageError is shown: the command, the message, and where to read the usage. */
export function usageErrorText(name: string, e: UsageError): string {
  return `${name}: ${e.message} (see ${name} --help)\n`;
}
