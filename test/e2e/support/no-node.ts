// Runs a command where `node` cannot start, as on a Go, Python or YAML user's machine: a
// private mount namespace (unshare, as root) in which every `node` on PATH, and the usual
// places, is covered by /dev/null. The wrapper checks its own work before it runs the command:
// when node still starts, it exits 97 instead, so a test on it cannot pass with Node around.

import * as fs from "fs";
import * as path from "path";

export const NODE_STILL_RUNS = 97;

/** Every node binary the command could start: on `pathVar`, and where Debian and npm put it. */
export function nodeBinaries(pathVar: string): string[] {
  const candidates = [...pathVar.split(":").filter(Boolean).map((d) => path.join(d, "node")), "/usr/bin/node", "/usr/local/bin/node", process.execPath];
  const real = candidates.filter((f) => fs.existsSync(f)).map((f) => fs.realpathSync(f));
  return [...new Set(real)];
}

const SCRIPT = [
  "set -e",
  'for f in $HIDE_NODE; do mount --bind /dev/null "$f"; done',
  `if node --version >/dev/null 2>&1; then echo "no-node: node still runs here" >&2; exit ${NODE_STILL_RUNS}; fi`,
  'exec "$@"',
].join("\n");

/** The command and arguments that run `cmd args` without Node, and the variable they need. */
export function withoutNode(cmd: string, args: string[], env: NodeJS.ProcessEnv): { cmd: string; args: string[]; env: NodeJS.ProcessEnv } {
  return {
    cmd: "unshare",
    args: ["--mount", "--propagation", "private", "sh", "-c", SCRIPT, "no-node", cmd, ...args],
    env: { ...env, HIDE_NODE: nodeBinaries(env.PATH ?? "").join(" ") },
  };
}
