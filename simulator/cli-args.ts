// Command-line flags of `hosting-simulator` turned into SimulatorOptions. Kept apart from
// cli.ts so that parsing is testable without starting a process.
import type { FaultRule, KeySpec, Permission, SimulatorOptions, Tier } from "./options";

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
  --log                      one line per request`;

function num(flag: string, v: string | undefined): number {
  const n = Number(v);
  if (v === undefined || v === "" || !Number.isFinite(n)) throw new Error(`${flag} needs a number, got ${String(v)}`);
  return n;
}

export function parseKey(v: string): KeySpec {
  const parts = v.split(":");
  const [permission, key, tier] = parts;
  if (parts.length < 2 || parts.length > 3 || !key) throw new Error(`--key ${v}: expected <read|write|full>:<key>[:<tier>]`);
  if (!["read", "write", "full"].includes(permission)) throw new Error(`--key ${v}: permission must be read, write or full`);
  if (tier !== undefined && !["default", "pro", "enterprise"].includes(tier)) throw new Error(`--key ${v}: tier must be default, pro or enterprise`);
  return { key, permission: permission as Permission, tier: (tier ?? "default") as Tier };
}

export function parseFault(v: string): FaultRule {
  const at = v.lastIndexOf("@");
  if (at <= 0) throw new Error(`--fault ${v}: expected <route>@<field>=<value>,...`);
  const rule: Record<string, unknown> = { route: v.slice(0, at) };
  for (const pair of v.slice(at + 1).split(",")) {
    const [k, val] = pair.split("=");
    if (!["errorRate", "resetRate", "delayRate", "delayMs", "lostAnswerRate", "errorStatuses"].includes(k)) {
      throw new Error(`--fault ${v}: unknown field ${k}`);
    }
    rule[k] = k === "errorStatuses" ? val.split("|").map((s) => num("--fault errorStatuses", s)) : num(`--fault ${k}`, val);
  }
  return rule as unknown as FaultRule;
}

export function parseArgs(argv: string[]): SimulatorOptions {
  const o: SimulatorOptions = {};
  const keys: KeySpec[] = [];
  const faults: FaultRule[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes("=") && arg.startsWith("--") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case "--port": o.port = num(flag, value()); break;
      case "--host": o.host = value(); break;
      case "--shape": {
        const s = value().toUpperCase();
        if (s !== "A" && s !== "B") throw new Error(`--shape must be A or B, got ${s}`);
        o.shape = s;
        break;
      }
      case "--key": keys.push(parseKey(value())); break;
      case "--provision-ms": o.provisionMs = num(flag, value()); break;
      case "--transition-ms": o.transitionMs = num(flag, value()); break;
      case "--error-rate": o.errorRate = num(flag, value()); break;
      case "--state-file": o.stateFile = value(); break;
      case "--seed": o.seed = num(flag, value()); break;
      case "--webhook-retry-scale": o.webhookRetryScale = num(flag, value()); break;
      case "--fault": faults.push(parseFault(value())); break;
      case "--log": o.log = true; break;
      case "--admin-token": o.adminToken = value(); break;
      case "--allow-webhook-hosts": (o.allowWebhookHosts ??= []).push(...value().split(",").filter((h) => h.trim() !== "")); break;
      default: throw new Error(`unknown flag ${arg}\n${USAGE}`);
    }
  }
  if (keys.length > 0) o.keys = keys;
  if (faults.length > 0) o.faults = faults;
  return o;
}
