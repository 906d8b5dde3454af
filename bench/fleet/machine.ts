// The machine a run measured: cores, memory, CPU model, Node and Pulumi versions, load.

import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

export interface Machine {
  nproc: number;
  memoryGiB: number;
  cpuModel: string;
  node: string;
  pulumiCli: string;
  pulumiSdk: string;
  loadAverage: number[];
}

export function describeMachine(repoRoot: string): Machine {
  const cpuinfo = fs.existsSync("/proc/cpuinfo") ? fs.readFileSync("/proc/cpuinfo", "utf8") : "";
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? "unknown";
  let cli = "unknown";
  try {
    cli = execFileSync(path.join(repoRoot, ".tools", "bin", "pulumi"), ["version"], { encoding: "utf8" }).trim();
  } catch {
    // reported as unknown
  }
  const sdk = JSON.parse(fs.readFileSync(path.join(repoRoot, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8")).version;
  return {
    nproc: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    cpuModel: model,
    node: process.version,
    pulumiCli: cli,
    pulumiSdk: sdk,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}
