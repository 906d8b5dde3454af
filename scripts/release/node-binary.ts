// The official Node.js binary of one target, from its npm package (the only reachable source of
// Node builds), cached per machine keyed by package and version, like the test lanes' Node
// (scripts/setup-node.sh): ~/.cache/pulumi-hosting/node-binaries/<package>-<version>/.

import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { Target } from "./targets";

export function cacheRoot(): string {
  return process.env.PULUMI_HOSTING_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "pulumi-hosting");
}

/** The path of the target's Node binary at `version`, fetched with `npm pack` the first time. */
export function nodeBinary(target: Target, version: string): string {
  const dir = path.join(cacheRoot(), "node-binaries", `${target.nodePackage}-${version}`);
  const file = path.join(dir, path.basename(target.nodeBinary));
  if (fs.existsSync(file)) return file;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-node-"));
  try {
    const spec = `${target.nodePackage}@${version}`;
    const tgz = execFileSync("npm", ["pack", spec, "--silent"], { cwd: work, encoding: "utf8" }).trim().split("\n").pop()!;
    execFileSync("tar", ["-xzf", tgz, target.nodeBinary], { cwd: work });
    // Written beside, then renamed: a reader never sees half a binary.
    fs.mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.copyFileSync(path.join(work, target.nodeBinary), tmp);
    fs.chmodSync(tmp, 0o755);
    fs.renameSync(tmp, file);
    return file;
  } catch (e) {
    throw new Error(`release: could not fetch Node ${version} for ${target.name} from the npm package ${target.nodePackage}: ${(e as Error).message}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
