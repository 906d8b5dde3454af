// A Python virtual environment as a user makes one (Debian's python3 -m venv, scripts/release/
// python-tools.sh), into which packages come only by `pip install`, from PyPI and from a served
// release's index. `pulumi` (at the CLI's version, scripts/lanes.json) and its dependencies are
// downloaded from PyPI once per machine into a wheelhouse,
// ${XDG_CACHE_HOME:-~/.cache}/pulumi-hosting/python-wheels-v<version> (a flock keeps two runs
// from filling it at once), and installed from there with --no-index: pip's own HTTP cache
// keeps nothing here (the registry's answers are not cacheable: measured, an empty cache after
// an install), so without it every run would download them again.
import { execFile, execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { promisify } from "util";
import { REPO_ROOT } from "../pulumi-env";

const PYTHON = "/usr/bin/python3";

/** The Pulumi CLI version every lane runs, which the tests pin the `pulumi` package at. */
export const PULUMI_VERSION = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "scripts", "lanes.json"), "utf8")) as { cli: string }).cli;

export function wheelhouseDir(): string {
  const root = process.env.PULUMI_HOSTING_CACHE ?? path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "pulumi-hosting");
  return path.join(root, `python-wheels-v${PULUMI_VERSION}`);
}

export interface Venv {
  dir: string;
  python: string;
  /** Runs `pip <args>` in the venv; resolves with pip's output. */
  pip(args: string[]): Promise<string>;
  /** Installs `pulumi` at the CLI's version from the machine's wheelhouse, filling it the first time. */
  installPulumi(): Promise<void>;
}

async function run(cmd: string, args: string[]): Promise<string> {
  const env = { ...process.env, PIP_DISABLE_PIP_VERSION_CHECK: "1", PIP_NO_INPUT: "1" };
  try {
    const { stdout, stderr } = await promisify(execFile)(cmd, args, { env, maxBuffer: 16 * 1024 * 1024 });
    return `${stdout}\n${stderr}`;
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${cmd} ${args.join(" ")} failed:\n${err.stdout ?? ""}\n${err.stderr ?? err.message}`);
  }
}

export function createVenv(dir: string): Venv {
  execFileSync(PYTHON, ["-m", "venv", dir], { stdio: "pipe" });
  const pip = path.join(dir, "bin", "pip");
  const wheels = wheelhouseDir();
  return {
    dir,
    python: path.join(dir, "bin", "python"),
    pip: (args) => run(pip, args),
    installPulumi: async () => {
      fs.mkdirSync(path.dirname(wheels), { recursive: true });
      const fill = [
        'exec 9>"$1.lock" && flock 9',
        'if [ ! -d "$1" ]; then rm -rf "$1.tmp" && "$2" download --dest "$1.tmp" "pulumi==$3" && mv "$1.tmp" "$1"; fi',
      ].join("\n");
      await run("sh", ["-c", fill, "fill-wheelhouse", wheels, pip, PULUMI_VERSION]);
      await run(pip, ["install", "--no-index", "--find-links", wheels, `pulumi==${PULUMI_VERSION}`]);
    },
  };
}
