// The seeded simulator as a child process: its URL, its CPU time on request, and loopback
// HTTP with keep-alive (one connection, so the client adds no connection set-up per request).
import { spawn, type ChildProcess } from "child_process";
import * as http from "http";
import * as path from "path";
import * as readline from "readline";

export interface Answer {
  status: number;
  text: string;
}

export class SimulatorProcess {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly waiting: ((line: string) => void)[] = [];

  private constructor(private readonly child: ChildProcess, readonly base: URL) {
    readline.createInterface({ input: child.stdout! }).on("line", (line) => this.waiting.shift()?.(line));
  }

  static async start(servers: number): Promise<SimulatorProcess> {
    const script = path.join(__dirname, "seeded-simulator.js");
    const child = spawn(process.execPath, ["--expose-gc", script, String(servers)], { stdio: ["pipe", "pipe", "inherit"] });
    const first = await new Promise<string>((resolve, reject) => {
      const lines = readline.createInterface({ input: child.stdout! });
      lines.once("line", (line) => {
        lines.close();
        resolve(line);
      });
      child.once("exit", (code) => reject(new Error(`seeded simulator exited with ${code}`)));
    });
    return new SimulatorProcess(child, new URL(first.replace("listening on ", "")));
  }

  /** The simulator process's CPU time so far, in µs. */
  cpuUs(): Promise<number> {
    return this.ask("cpu");
  }

  /** Collects the simulator's heap (a full GC), so what comes next does not pay for earlier garbage. */
  async collectGarbage(): Promise<void> {
    await this.ask("gc");
  }

  private ask(command: "cpu" | "gc"): Promise<number> {
    return new Promise((resolve) => {
      this.waiting.push((line) => resolve((JSON.parse(line) as { cpuUs: number }).cpuUs));
      this.child.stdin!.write(`${command}\n`);
    });
  }

  request(method: string, p: string, key: string, body?: unknown): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { Authorization: `Bearer ${key}` };
      const text = body === undefined ? undefined : JSON.stringify(body);
      if (text) headers["Content-Type"] = "application/json";
      const req = http.request({ host: this.base.hostname, port: this.base.port, path: p, method, agent: this.agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      });
      req.on("error", reject);
      req.end(text);
    });
  }

  async stop(): Promise<void> {
    this.agent.destroy();
    const exited = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
    this.child.stdin!.end();
    const timer = setTimeout(() => this.child.kill("SIGTERM"), 5000);
    await exited;
    clearTimeout(timer);
  }
}
