// A `pulumi` command of a plugin-face project started in its own process group, and killed the
// way a lost CI runner or a pre-empted machine ends it: SIGKILL to the whole group (the CLI) and
// to every process the command started, found by a marker in their environment, since the CLI
// starts its language host and plugins in process groups of their own. Only processes this
// test started carry the marker, so nothing else is touched. The kill returns once none of them
// is left (a provider still running after its CLI died would go on sending requests), with the
// command line of each process it ended, so a test can show its provider among them.
import { spawn, type ChildProcess } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { until } from "../../helpers/wait";
import { TOOLS_DIR } from "../pulumi-env";
import type { PluginProject } from "./plugin-project";

export interface KillableRun {
  child: ChildProcess;
  /** SIGKILL to the command and everything it started; resolves, once none is left, with the command lines of those it ended. */
  kill(): Promise<string[]>;
  /** Resolves with the exit code when the command ends by itself. */
  exited: Promise<number | null>;
  output(): string;
}

let runs = 0;

export function startKillable(project: PluginProject, stack: string, args: string[]): KillableRun {
  const marker = `HOSTING_KILL_RUN=${process.pid}-${++runs}`;
  const [name, value] = marker.split("=");
  const child = spawn(path.join(TOOLS_DIR, "bin", "pulumi"), [...args, "--stack", stack, "--non-interactive"], {
    cwd: project.dir,
    env: { ...process.env, ...project.env.envVars, PATH: `${path.join(TOOLS_DIR, "bin")}:${process.env.PATH}`, [name]: value },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const chunks: string[] = [];
  child.stdout!.on("data", (d) => chunks.push(String(d)));
  child.stderr!.on("data", (d) => chunks.push(String(d)));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => chunks.join(""),
    kill: async () => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // The group is already gone.
      }
      const ended = new Map<number, string>();
      // Listed again until none is left: a process started as the CLI died, or one still being torn down.
      await until("every process of the killed run gone", () => {
        const left = processesWith(marker);
        for (const pid of left) {
          if (!ended.has(pid)) ended.set(pid, commandOf(pid));
          try {
            process.kill(pid, "SIGKILL");
          } catch {
            // Ended meanwhile.
          }
        }
        return left.length === 0;
      }, { timeoutMs: 10_000, intervalMs: 25 });
      await exited;
      return [...ended.values()];
    },
  };
}

/** Starts `pulumi <args>`, waits until `ready` holds (`what`, in a failure), then kills it all; the command lines it ended. */
export async function killWhen(project: PluginProject, stack: string, args: string[], what: string, ready: () => Promise<boolean>): Promise<string[]> {
  const run = startKillable(project, stack, args);
  try {
    await until(what, ready, { timeoutMs: 120_000, intervalMs: 25 });
  } catch (e) {
    await run.kill();
    throw new Error(`${(e as Error).message}\n${run.output()}`);
  }
  return run.kill();
}

/** Processes whose environment holds `marker` (Linux /proc). */
function processesWith(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/environ`, "utf8").split("\0").includes(marker)) pids.push(Number(entry));
    } catch {
      // Ended while being read, or not ours to read.
    }
  }
  return pids;
}

/** A process's command line, its arguments joined by spaces ("" once it is gone). */
function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
  } catch {
    return "";
  }
}
