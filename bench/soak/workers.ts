// The processes of the soak (worker.ts): each loads its own client, says "ready", and starts on
// "go", so the caller can release them all at once like a CI starting stacks.
import { spawn } from "child_process";
import * as path from "path";

const WORKER = path.join(__dirname, "worker.js");
/** The simulator's Ubuntu image (its catalogue, simulator/catalogue). */
export const OS_SLUG = "ubuntu-24.04";

export interface WorkerResult {
  requests: number;
  rateLimited: number;
  /** Still taking tokens from the Redis coordinator at the end. */
  coordinated: boolean;
}

export interface Worker {
  ready: Promise<void>;
  go(): void;
  done: Promise<WorkerResult>;
  /** What the worker wrote to stderr so far (its warnings, one per line). */
  stderr(): string;
  /** Ends the worker at once, as a crash would (SIGKILL: no clean-up of any kind). */
  kill(): void;
}

export function startWorker(url: string, key: string, prefix: string, m: number, cooperate: boolean, redisUrl?: string): Worker {
  const args = [WORKER, url, key, prefix, String(m), cooperate ? "on" : "off", OS_SLUG, ...(redisUrl ? [redisUrl] : [])];
  const child = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  let err = "";
  let readyNow: () => void;
  const ready = new Promise<void>((resolve) => (readyNow = resolve));
  child.stdout.on("data", (d) => {
    out += d;
    if (out.startsWith("ready\n")) readyNow();
  });
  child.stderr.on("data", (d) => (err += d));
  const done = new Promise<WorkerResult>((resolve, reject) =>
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out.split("\n")[1]!)) : reject(new Error(`worker ${prefix} exited ${code}: ${err}`)))),
  );
  return { ready, go: () => child.stdin.end("go\n"), done, stderr: () => err, kill: () => void child.kill("SIGKILL") };
}

/** Starts `k` workers, releases them together, and waits for all of them. */
export async function runTogether(workers: Worker[]): Promise<WorkerResult[]> {
  await Promise.all(workers.map((w) => w.ready));
  for (const w of workers) w.go();
  return Promise.all(workers.map((w) => w.done));
}
