// examples/python-fleet as a user runs it: its __main__.py copied into a folder of its own (the
// project's Pulumi.yaml and the stack's config are written there), run by a venv's python with
// `node` unable to start (no-node.ts). Each run ends with `result: <JSON>` (the change counts
// and the outputs), which this parses.

import { execFile } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { promisify } from "util";
import { REPO_ROOT } from "../pulumi-env";
import { withoutNode } from "./no-node";

export interface FleetResult {
  changes: Record<string, number>;
  outputs?: Record<string, unknown>;
}

export interface PythonFleet {
  dir: string;
  /** Runs `python __main__.py <args>`; every stdout and stderr goes into `printed`. */
  run(args: string[]): Promise<FleetResult>;
}

export function pythonFleet(python: string, dir: string, env: NodeJS.ProcessEnv, printed: string[]): PythonFleet {
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(path.join(REPO_ROOT, "examples", "python-fleet", "__main__.py"), path.join(dir, "__main__.py"));
  return {
    dir,
    run: async (args) => {
      const run = withoutNode(python, ["__main__.py", ...args], env);
      let text: string;
      try {
        const { stdout, stderr } = await promisify(execFile)(run.cmd, run.args, { cwd: dir, env: run.env, maxBuffer: 64 * 1024 * 1024 });
        printed.push(stdout, stderr);
        text = stdout;
      } catch (e) {
        const err = e as { stdout?: string; stderr?: string; message: string };
        printed.push(err.stdout ?? "", err.stderr ?? "");
        throw new Error(`python-fleet ${args[0]} failed (without node):\n${err.stdout ?? ""}\n${err.stderr ?? err.message}`);
      }
      const line = text.split("\n").find((l) => l.startsWith("result: "));
      if (!line) throw new Error(`python-fleet ${args[0]} printed no result line:\n${text}`);
      return JSON.parse(line.slice("result: ".length)) as FleetResult;
    },
  };
}
