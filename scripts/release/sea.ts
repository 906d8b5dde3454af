// One target's executable: Node's single executable application. The preparation blob (the
// bundle, without code cache or snapshot, so one blob serves every platform of NODE_VERSION) is
// made by the linux-x64 binary of that same version, then injected into a copy of each target's
// official binary with postject (https://nodejs.org/api/single-executable-applications.html).

import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { isMacOS, type Target } from "./targets";

/** The fuse Node's SEA support looks for (the same in every Node that has SEA). */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

/** Writes the preparation blob of `bundle` with `node` (a Node of the version every target embeds). */
export function seaBlob(node: string, bundle: string, blob: string): void {
  const config = path.join(path.dirname(blob), "sea-config.json");
  fs.writeFileSync(config, JSON.stringify({ main: bundle, output: blob, disableExperimentalSEAWarning: true, useSnapshot: false, useCodeCache: false }));
  execFileSync(node, ["--experimental-sea-config", config], { stdio: "pipe" });
}

/** Copies the target's Node binary to `out` and injects the blob. */
export function injectBlob(target: Target, nodeBinary: string, blob: string, out: string): void {
  fs.copyFileSync(nodeBinary, out);
  fs.chmodSync(out, 0o755);
  // postject's CLI in a child process: its ELF reader prints a warning per unnamed note section,
  // noise kept out of the release log unless the injection fails.
  const cli = require.resolve("postject/dist/cli.js");
  const macho = isMacOS(target) ? ["--macho-segment-name", "NODE_SEA"] : [];
  try {
    execFileSync(process.execPath, [cli, out, "NODE_SEA_BLOB", blob, "--sentinel-fuse", SEA_FUSE, ...macho], { stdio: "pipe" });
  } catch (e) {
    const output = `${(e as { stdout?: Buffer }).stdout ?? ""}${(e as { stderr?: Buffer }).stderr ?? ""}`;
    throw new Error(`release: postject could not inject the plugin into ${target.name}'s Node binary: ${output.trim()}`);
  }
}
