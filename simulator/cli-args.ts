// Command-line flags of `hosting-simulator` turned into SimulatorOptions. Kept apart from
// cli.ts so that parsing is testable without starting a process.
import { booleanFlag, readCommandLine, stringFlag, stringFlags, UsageError, type CommandSpec, type FlagValues } from "../protocol/command-line";
import { packageVersion } from "../protocol/package-files";
import { HIDEABLE_FIELDS, type FaultRule, type HiddenField, type KeySpec, type Permission, type SimulatorOptions, type Tier } from "./options";

export const USAGE = `usage: hosting-simulator [flags]
  --port <n>                 listen port (0 = a free one; default 0)
  --host <addr>              listen address (default 127.0.0.1)
  --shape A|B                response shape (default A)
  --key <read|write|full>:<key>[:<default|pro|enterprise>]   repeatable; default full:sim-full-key
  --provision-ms <n>         create → active delay (default 20000)
  --transition-ms <n>        stop/start/reboot/delete transition time (default 2000)
  --error-rate <0..1>        fraction of creates that end in error (default 0)
  --state-file <path>        keep state across restarts (atomic writes)
  --seed <n>                 reproducible ids, IPs and fault draws
  --webhook-retry-scale <x>  multiplies the 1m/5m/30m/2h/12h retry delays (default 1)
  --fault '<[METHOD ]route>@<field>=<value>,...'   repeatable, e.g. 'POST /v1/servers@errorRate=0.2'
  --admin-token <token>      required as Authorization: Bearer <token> on /_sim/ (at least 16
                             characters); mandatory when --host is not loopback
  --allow-webhook-hosts <list>   comma-separated host names, IP addresses or networks (CIDR)
                             webhooks may be delivered to besides loopback (default: loopback only)
  --hide-fields <list>       comma-separated server record fields to leave out of every answer
                             (backups, ddos_protection, ssh_key_ids; default: none)
  --log                      one line per request
  --help, -h                 this text;  --version  the package version
  exit codes: 0 stopped by SIGINT or SIGTERM (or after --help, --version), 1 it could not start
              (e.g. the port is taken), 2 a command line that cannot be read`;

function num(flag: string, v: string | undefined): number {
  const n = Number(v);
  if (v === undefined || v === "" || !Number.isFinite(n)) throw new UsageError(`${flag} needs a number, got ${String(v)}`);
  return n;
}

export function parseKey(v: string): KeySpec {
  const parts = v.split(":");
  const [permission, key, tier] = parts;
  if (parts.length < 2 || parts.length > 3 || !key) throw new UsageError(`--key ${v}: expected <read|write|full>:<key>[:<tier>]`);
  if (!["read", "write", "full"].includes(permission)) throw new UsageError(`--key ${v}: permission must be read, write or full`);
  if (tier !== undefined && !["default", "pro", "enterprise"].includes(tier)) throw new UsageError(`--key ${v}: tier must be default, pro or enterprise`);
  return { key, permission: permission as Permission, tier: (tier ?? "default") as Tier };
}

export function parseFault(v: string): FaultRule {
  const at = v.lastIndexOf("@");
  if (at <= 0) throw new UsageError(`--fault ${v}: expected <route>@<field>=<value>,...`);
  const rule: Record<string, unknown> = { route: v.slice(0, at) };
  for (const pair of v.slice(at + 1).split(",")) {
    const [k, val] = pair.split("=");
    if (!["errorRate", "resetRate", "delayRate", "delayMs", "lostAnswerRate", "errorStatuses"].includes(k)) {
      throw new UsageError(`--fault ${v}: unknown field ${k}`);
    }
    rule[k] = k === "errorStatuses" ? val.split("|").map((s) => num("--fault errorStatuses", s)) : num(`--fault ${k}`, val);
  }
  return rule as unknown as FaultRule;
}

/** The simulator's command line for protocol/command-line.ts: every flag above, by name. */
export const SIMULATOR_COMMAND: CommandSpec = {
  name: "hosting-simulator",
  usage: USAGE,
  flags: {
    port: { type: "string" },
    host: { type: "string" },
    shape: { type: "string" },
    key: { type: "string", multiple: true },
    "provision-ms": { type: "string" },
    "transition-ms": { type: "string" },
    "error-rate": { type: "string" },
    "state-file": { type: "string" },
    seed: { type: "string" },
    "webhook-retry-scale": { type: "string" },
    fault: { type: "string", multiple: true },
    "admin-token": { type: "string" },
    "allow-webhook-hosts": { type: "string", multiple: true },
    "hide-fields": { type: "string", multiple: true },
    log: { type: "boolean" },
  },
  version: packageVersion,
};

/** SimulatorOptions from flags already read; an error names the flag and what it takes. */
export function simulatorOptions(values: FlagValues): SimulatorOptions {
  const o: SimulatorOptions = {};
  const number = (name: string): number | undefined => {
    const v = stringFlag(values, name);
    return v === undefined ? undefined : num(`--${name}`, v);
  };
  const set = <K extends keyof SimulatorOptions>(key: K, value: SimulatorOptions[K] | undefined) => {
    if (value !== undefined) o[key] = value;
  };
  set("port", number("port"));
  set("host", stringFlag(values, "host"));
  const shape = stringFlag(values, "shape")?.toUpperCase();
  if (shape !== undefined && shape !== "A" && shape !== "B") throw new UsageError(`--shape must be A or B, got ${shape}`);
  set("shape", shape as SimulatorOptions["shape"]);
  set("provisionMs", number("provision-ms"));
  set("transitionMs", number("transition-ms"));
  set("errorRate", number("error-rate"));
  set("stateFile", stringFlag(values, "state-file"));
  set("seed", number("seed"));
  set("webhookRetryScale", number("webhook-retry-scale"));
  if (booleanFlag(values, "log")) o.log = true;
  set("adminToken", stringFlag(values, "admin-token"));
  const allowed = stringFlags(values, "allow-webhook-hosts");
  if (allowed.length > 0) o.allowWebhookHosts = allowed.flatMap((v) => v.split(",")).filter((h) => h.trim() !== "");
  const hidden = stringFlags(values, "hide-fields").flatMap((v) => v.split(",")).map((f) => f.trim()).filter((f) => f !== "");
  for (const f of hidden) {
    if (!(HIDEABLE_FIELDS as readonly string[]).includes(f)) throw new UsageError(`--hide-fields: ${f} cannot be hidden; allowed: ${HIDEABLE_FIELDS.join(", ")}`);
  }
  if (hidden.length > 0) o.hiddenFields = hidden as HiddenField[];
  const keys = stringFlags(values, "key").map(parseKey);
  if (keys.length > 0) o.keys = keys;
  const faults = stringFlags(values, "fault").map(parseFault);
  if (faults.length > 0) o.faults = faults;
  return o;
}

/** `argv` (without node and the script) read into SimulatorOptions; --help and --version are the command's. */
export function parseArgs(argv: string[]): SimulatorOptions {
  const line = readCommandLine(SIMULATOR_COMMAND, argv);
  if (line.done) throw new UsageError("--help and --version are answered by the command, not parsed into options");
  return simulatorOptions(line.values);
}
