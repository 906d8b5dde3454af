// Peak RSS and CPU of the processes of one benchmark operation, read from /proc (Linux) every
// `intervalMs`: the engine's CLI and the plugin (or the dynamic provider host), found by the PULUMI_HOME of the bench stack in
// their environment (so other stacks on the machine are not counted), and any process named
// by its pid (the simulator). Peak RSS is each process's own high-water mark (VmHWM); CPU is
// user + system time, the last sample of a process that ended (up to `intervalMs` of its end
// unseen) or the change over the operation for a process that lives on.

import * as fs from "fs";

const TICKS_PER_SECOND = 100;

export interface ProcessFigures {
  /** Processes of this role seen. */
  processes: number;
  /** The largest peak RSS of any one of them, in MB. */
  peakRssMb: number;
  /** Their CPU seconds, summed. */
  cpuSeconds: number;
}

export type Role = "plugin" | "cli" | "simulator";

interface Seen {
  role: Role;
  hwmKb: number;
  ticks: number;
  startTicks: number;
}

function read(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** utime + stime in clock ticks (fields 14 and 15 of /proc/<pid>/stat, after the command's closing paren). */
function cpuTicks(pid: number): number | undefined {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

function hwmKb(pid: number): number {
  const status = read(`/proc/${pid}/status`) ?? "";
  return Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0);
}

export class ProcSampler {
  private readonly seen = new Map<number, Seen>();
  /** Processes of other environments: never ours (an exec keeps the environment). */
  private readonly others = new Set<number>();
  private readonly timer: NodeJS.Timeout;

  /** Starts sampling: processes with `PULUMI_HOME=<home>` in their environment, and `pids` by role. */
  constructor(private readonly home: string, private readonly pids: Partial<Record<Role, number>>, intervalMs = 250) {
    for (const [role, pid] of Object.entries(pids)) {
      const ticks = cpuTicks(pid);
      if (ticks !== undefined) this.seen.set(pid, { role: role as Role, hwmKb: hwmKb(pid), ticks, startTicks: ticks });
    }
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
  }

  private classify(pid: number): Role | undefined {
    const environ = read(`/proc/${pid}/environ`);
    if (!environ?.split("\0").includes(`PULUMI_HOME=${this.home}`)) {
      this.others.add(pid);
      return undefined;
    }
    const cmdline = (read(`/proc/${pid}/cmdline`) ?? "").split("\0");
    if (cmdline.some((a) => a.endsWith("provider/plugin/main.js") || a.endsWith("pulumi-resource-hosting"))) return "plugin";
    // The dynamic face's provider process: @pulumi/pulumi's dynamic provider host, running ours.
    if (cmdline.some((a) => a.includes("pulumi/cmd/dynamic-provider"))) return "plugin";
    if (cmdline[0]?.endsWith("/pulumi") || cmdline[0] === "pulumi") return "cli";
    return undefined;
  }

  private sample(): void {
    for (const entry of fs.readdirSync("/proc")) {
      const pid = Number(entry);
      if (!Number.isInteger(pid) || this.others.has(pid)) continue;
      let s = this.seen.get(pid);
      if (!s) {
        const role = this.classify(pid);
        if (!role) continue;
        s = { role, hwmKb: 0, ticks: 0, startTicks: 0 };
        this.seen.set(pid, s);
      }
      const ticks = cpuTicks(pid);
      if (ticks === undefined) continue;
      s.ticks = ticks;
      s.hwmKb = Math.max(s.hwmKb, hwmKb(pid));
    }
  }

  /** Stops sampling (after one last sample) and returns the figures by role. */
  stop(): Record<Role, ProcessFigures> {
    this.sample();
    clearInterval(this.timer);
    const out = {} as Record<Role, ProcessFigures>;
    for (const role of ["plugin", "cli", "simulator"] as Role[]) {
      const of = [...this.seen.values()].filter((s) => s.role === role);
      out[role] = {
        processes: of.length,
        peakRssMb: Math.max(0, ...of.map((s) => s.hwmKb / 1024)),
        cpuSeconds: of.reduce((t, s) => t + (s.ticks - s.startTicks), 0) / TICKS_PER_SECOND,
      };
    }
    return out;
  }
}
