// One Pulumi stack driven through the Automation API with an inline program.
//
// Inline programs run their language host inside this Node process
// (`pulumi up --client=...`), so no `pulumi-language-nodejs` binary is needed.
// The engine starts the dynamic-provider plugin in the project's `main`
// directory, where `require("pulumi-hosting/...")` must resolve: the repo root
// (node_modules/pulumi-hosting links to it) or an installed project.
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { LocalWorkspace, PulumiFn, Stack } from "@pulumi/pulumi/automation";
import { promisify } from "util";
import { createPulumiEnv, PulumiEnv, REPO_ROOT } from "./pulumi-env";

const execFileAsync = promisify(execFile);

export interface E2EStackOptions {
  program: PulumiFn;
  projectName?: string;
  stackName?: string;
  /** Stack config; `hosting:apiKey` is set as a secret. */
  config?: Record<string, { value: string; secret?: boolean }>;
  /** Where the provider plugin runs and resolves `pulumi-hosting`. @default REPO_ROOT */
  programDir?: string;
  env?: Record<string, string>;
}

export class E2EStack {
  /** Every line the CLI printed, for tests that search logs for secrets. */
  readonly logs: string[] = [];
  private previews = 0;

  private constructor(readonly stack: Stack, readonly env: PulumiEnv, private readonly workDir: string) {}

  static async create(options: E2EStackOptions): Promise<E2EStack> {
    const env = await createPulumiEnv(options.env);
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-e2e-proj-"));
    const projectName = options.projectName ?? "hosting-e2e";
    const stack = await LocalWorkspace.createStack(
      { stackName: options.stackName ?? "test", projectName, program: options.program },
      {
        workDir,
        pulumiHome: env.home,
        envVars: env.envVars,
        pulumiCommand: env.command,
        projectSettings: { name: projectName, runtime: "nodejs", main: options.programDir ?? REPO_ROOT },
      },
    );
    if (options.config) await stack.setAllConfig(options.config);
    return new E2EStack(stack, env, workDir);
  }

  private capture = (text: string): void => {
    this.logs.push(text);
    if (process.env.E2E_VERBOSE) process.stdout.write(text);
  };

  up() {
    return this.stack.up({ onOutput: this.capture, onError: this.capture });
  }

  /**
   * With `expectNoChanges`, the engine also logs its gRPC calls (PULUMI_DEBUG_GRPC), and a
   * preview that proposes changes fails with the registrations the engine received: the
   * difference between a program that declared nothing and an engine that ignored what it
   * declared.
   */
  async preview(expectNoChanges = false) {
    const run = () => this.stack.preview({ onOutput: this.capture, onError: this.capture, expectNoChanges, diff: true });
    if (!expectNoChanges) return run();
    const grpcLog = path.join(this.env.home, `grpc-${++this.previews}.jsonl`);
    this.stack.workspace.envVars.PULUMI_DEBUG_GRPC = grpcLog;
    try {
      return await run();
    } catch (err) {
      (err as Error).message += `\n${registrationsReceived(grpcLog)}`;
      throw err;
    } finally {
      delete this.stack.workspace.envVars.PULUMI_DEBUG_GRPC;
      fs.rmSync(grpcLog, { force: true });
    }
  }

  /** `parallel` is the engine's `--parallel` (how many Reads it has in flight at once). */
  refresh(opts: { parallel?: number } = {}) {
    return this.stack.refresh({ onOutput: this.capture, onError: this.capture, ...opts });
  }

  destroy() {
    return this.stack.destroy({ onOutput: this.capture, onError: this.capture });
  }

  /** The stack's resources of one type from the exported deployment. */
  async resources(type?: string): Promise<any[]> {
    const state = await this.stack.exportStack();
    const all: any[] = state.deployment.resources ?? [];
    return type ? all.filter((r) => r.type === type) : all;
  }

  /** `pulumi stack export` as a user runs it (secrets stay encrypted; the Automation
   *  API's exportStack() adds --show-secrets). */
  async exportAsUser(): Promise<string> {
    const { stdout } = await execFileAsync(this.env.command.command, ["stack", "export", "--stack", this.stack.name], {
      cwd: this.workDir,
      env: { ...process.env, ...this.env.envVars },
      maxBuffer: 256 * 1024 * 1024,
    });
    return stdout;
  }

  /** Every file of the file backend (checkpoint, history, backups) as written on disk. */
  rawStateFiles(): string[] {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else files.push(fs.readFileSync(full, "utf8"));
      }
    };
    walk(this.env.backendDir);
    return files;
  }

  async dispose(): Promise<void> {
    fs.rmSync(this.workDir, { recursive: true, force: true });
    this.env.dispose();
  }
}

/** What the engine's gRPC log says it received: each RegisterResource, and any failed call. */
function registrationsReceived(grpcLog: string): string {
  if (!fs.existsSync(grpcLog)) return "engine gRPC log: none written";
  const calls = fs.readFileSync(grpcLog, "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line));
  const registered = new Set<string>();
  const failed = new Set<string>();
  for (const call of calls) {
    if (call.method === "/pulumirpc.ResourceMonitor/RegisterResource") registered.add(`${call.request?.type}::${call.request?.name}`);
    // Unimplemented is the engine probing optional methods (About, Handshake, ...), not a failure.
    if (call.errors?.length && !/code = Unimplemented/.test(JSON.stringify(call.errors))) failed.add(`${call.method}: ${JSON.stringify(call.errors).slice(0, 300)}`);
  }
  return `engine gRPC log: RegisterResource received for ${[...registered].join(", ") || "nothing"}; failed calls: ${[...failed].join("; ") || "none"}`;
}
