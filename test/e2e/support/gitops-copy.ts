// A working copy of the GitOps example project (examples/gitops/project), as one CI runner has
// it: its own folder, its own PULUMI_HOME, and `hosting-gitops` run as a separate process. Two
// copies share only the state backend and the API.
import { spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { parse, stringify } from "yaml";
import { offlineEnv, REPO_ROOT, TOOLS_DIR } from "../../../scripts/pulumi-offline";
import { packageBin } from "./package-bin";

export const PROJECT_DIR = path.join(REPO_ROOT, "examples", "gitops", "project");
/** The installed package's bin: the repository's build, or in a tarball lane the tarball's. */
const CLI = packageBin("hosting-gitops");

export interface RunOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The --summary file's Markdown. */
  summary: string;
}

export class WorkingCopy {
  private constructor(
    readonly dir: string,
    private readonly home: string,
    private readonly env: Record<string, string>,
  ) {}

  /** A fresh copy of the example project; `node_modules` links to the repository's. */
  static create(name: string, backendUrl: string, passphrase: string): WorkingCopy {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), `gitops-${name}-`));
    const dir = path.join(root, "repo");
    fs.cpSync(PROJECT_DIR, dir, { recursive: true });
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    const home = path.join(root, "pulumi-home");
    fs.mkdirSync(home);
    const env = {
      ...offlineEnv(home, passphrase),
      PULUMI_BACKEND_URL: backendUrl,
      PULUMI_HOME: home,
      PATH: `${path.join(TOOLS_DIR, "bin")}:${process.env.PATH}`,
    };
    return new WorkingCopy(dir, root, env);
  }

  /** Runs the plain CLI in this copy (stack set-up, as a person does once). */
  pulumi(args: string[]): Promise<RunOutcome> {
    return this.spawn(path.join(TOOLS_DIR, "bin", "pulumi"), [...args, "--non-interactive"], {});
  }

  /** Runs `hosting-gitops <verb> --stack <stack> --cwd <copy> --summary <file> ...args` with `key`. */
  async gitops(verb: string, stack: string, key: string, args: string[] = [], extraEnv: Record<string, string> = {}): Promise<RunOutcome> {
    const summary = path.join(this.home, `summary-${verb}-${Date.now()}.md`);
    const out = await this.spawn(process.execPath, [CLI, verb, "--stack", stack, "--cwd", this.dir, "--summary", summary, ...args], {
      HOSTING_API_KEY: key,
      ...extraEnv,
    });
    out.summary = fs.existsSync(summary) ? fs.readFileSync(summary, "utf8") : "";
    return out;
  }

  fleet(): any {
    return parse(fs.readFileSync(path.join(this.dir, "fleet.yaml"), "utf8"));
  }

  /** Edits fleet.yaml, as a commit on a branch does. */
  editFleet(edit: (fleet: any) => void): void {
    const fleet = this.fleet();
    edit(fleet);
    fs.writeFileSync(path.join(this.dir, "fleet.yaml"), stringify(fleet));
  }

  /** Takes `other`'s file (a merge, or a pull of main). */
  pullFrom(other: WorkingCopy, file: string): void {
    fs.copyFileSync(path.join(other.dir, file), path.join(this.dir, file));
  }

  path(file: string): string {
    return path.join(this.home, file);
  }

  dispose(): void {
    fs.rmSync(this.home, { recursive: true, force: true });
  }

  private spawn(cmd: string, args: string[], extra: Record<string, string>): Promise<RunOutcome> {
    return new Promise((resolve, reject) => {
      const child = spawn(cmd, args, { cwd: this.dir, env: { ...process.env, ...this.env, ...extra }, stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      child.stderr.on("data", (d) => (stderr += d));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, stdout, stderr, summary: "" }));
    });
  }
}
